-- CreateEnum
CREATE TYPE "KnowledgeKind" AS ENUM ('CLAUSE', 'METADATA');

-- CreateTable
CREATE TABLE "KnowledgeVersion" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "knowledgeId" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "versionMajor" INTEGER NOT NULL,
    "versionMinor" INTEGER NOT NULL,
    "kind" "KnowledgeKind" NOT NULL,
    "content" TEXT NOT NULL,
    "tags" TEXT[],
    "constraint" JSONB,
    "source" TEXT NOT NULL,
    "validFrom" TIMESTAMPTZ(3) NOT NULL,
    "validUntil" TIMESTAMPTZ(3) NOT NULL,
    "recordedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retractedAt" TIMESTAMPTZ(3),

    CONSTRAINT "KnowledgeVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KnowledgeAccess" (
    "id" UUID NOT NULL,
    "accessedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "tenantId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "reviewId" UUID,
    "knowledgeVersionId" UUID NOT NULL,
    "knowledgeId" TEXT NOT NULL,
    "version" TEXT NOT NULL,

    CONSTRAINT "KnowledgeAccess_pkey" PRIMARY KEY ("id","accessedAt")
);

-- CreateIndex
CREATE INDEX "KnowledgeVersion_tags_idx" ON "KnowledgeVersion" USING GIN ("tags");

-- CreateIndex
CREATE UNIQUE INDEX "KnowledgeVersion_tenantId_knowledgeId_versionMajor_versionM_key" ON "KnowledgeVersion"("tenantId", "knowledgeId", "versionMajor", "versionMinor");

-- CreateIndex
CREATE INDEX "KnowledgeAccess_tenantId_accessedAt_idx" ON "KnowledgeAccess"("tenantId", "accessedAt");

-- CreateIndex
CREATE INDEX "KnowledgeAccess_userId_accessedAt_idx" ON "KnowledgeAccess"("userId", "accessedAt");

-- CreateIndex
CREATE INDEX "KnowledgeAccess_reviewId_idx" ON "KnowledgeAccess"("reviewId");

-- AddForeignKey
ALTER TABLE "KnowledgeVersion" ADD CONSTRAINT "KnowledgeVersion_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KnowledgeAccess" ADD CONSTRAINT "KnowledgeAccess_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: rules that the Prisma schema language cannot express.
ALTER TABLE "KnowledgeVersion" ADD CONSTRAINT "KnowledgeVersion_valid_period_check" CHECK ("validFrom" < "validUntil");
ALTER TABLE "KnowledgeVersion" ADD CONSTRAINT "KnowledgeVersion_version_check"
  CHECK ("versionMajor" >= 0 AND "versionMinor" >= 0 AND "version" = "versionMajor"::text || '.' || "versionMinor"::text);

-- The reserved tenant that owns global knowledge. Its key cannot be claimed by a token
-- (tenant claims must start with a letter or digit).
INSERT INTO "Tenant" ("id", "key") VALUES ('00000000-0000-0000-0000-000000000000', '_global') ON CONFLICT DO NOTHING;

-- TimescaleDB is optional: where the extension can be loaded, the access log becomes a
-- hypertable; the plain table is complete on its own.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'timescaledb') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS timescaledb;
      PERFORM create_hypertable('"KnowledgeAccess"', 'accessedAt', if_not_exists => TRUE, migrate_data => TRUE);
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'TimescaleDB not usable here (%); KnowledgeAccess stays a plain table', SQLERRM;
    END;
  END IF;
END
$$;
