-- CreateEnum
CREATE TYPE "MemoryPassageKind" AS ENUM ('TURN', 'SUMMARY');

-- CreateTable
CREATE TABLE "MemoryPassage" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "kind" "MemoryPassageKind" NOT NULL,
    "role" TEXT,
    "messageId" TEXT,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MemoryPassage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MemoryPassage_userId_sessionId_kind_idx" ON "MemoryPassage"("userId", "sessionId", "kind");

-- CreateIndex
CREATE INDEX "MemoryPassage_tenantId_idx" ON "MemoryPassage"("tenantId");

-- AddForeignKey
ALTER TABLE "MemoryPassage" ADD CONSTRAINT "MemoryPassage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemoryPassage" ADD CONSTRAINT "MemoryPassage_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the full-text column and its index (generated, so no writer can let it drift from
-- the content), and the trigram index when pg_trgm can be had (contrib; trusted since PostgreSQL 13,
-- so the database owner may create it). Without it retrieval runs on full text alone.
ALTER TABLE "MemoryPassage" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('english', "content")) STORED;
CREATE INDEX "MemoryPassage_search_idx" ON "MemoryPassage" USING gin ("search");
ALTER TABLE "Fact" ADD COLUMN "search" tsvector
  GENERATED ALWAYS AS (to_tsvector('english', "category" || ' ' || "key" || ' ' || ("value")::text)) STORED;
CREATE INDEX "Fact_search_idx" ON "Fact" USING gin ("search");
CREATE UNIQUE INDEX "MemoryPassage_summary_key" ON "MemoryPassage" ("sessionId") WHERE "kind" = 'SUMMARY';
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm not created (insufficient privilege): retrieval uses full text only';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    -- The operator class is looked up where the extension lives (its schema may not be on the path).
    EXECUTE format('CREATE INDEX "MemoryPassage_content_trgm_idx" ON "MemoryPassage" USING gin ("content" %I.gin_trgm_ops)',
      (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'));
  END IF;
END $$;
