-- CreateEnum
CREATE TYPE "ErasureStatus" AS ENUM ('PENDING', 'RUNNING', 'COMPLETED', 'FAILED');

-- CreateTable
CREATE TABLE "ErasureRequest" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "subjectUserId" UUID,
    "subjectHash" TEXT NOT NULL,
    "requestedBy" TEXT NOT NULL,
    "status" "ErasureStatus" NOT NULL DEFAULT 'PENDING',
    "steps" JSONB NOT NULL,
    "verification" JSONB,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ErasureRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ErasureTombstone" (
    "userHash" TEXT NOT NULL,
    "subjectHash" TEXT NOT NULL,
    "tenantId" UUID NOT NULL,
    "erasedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ErasureTombstone_pkey" PRIMARY KEY ("userHash")
);

-- CreateTable
CREATE TABLE "ErasureAudit" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "subjectHash" TEXT NOT NULL,
    "requestedBy" TEXT NOT NULL,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL,
    "completedAt" TIMESTAMPTZ(3) NOT NULL,
    "counts" JSONB NOT NULL,

    CONSTRAINT "ErasureAudit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TenantQuota" (
    "tenantId" UUID NOT NULL,
    "maxFacts" INTEGER,
    "maxSessions" INTEGER,
    "maxCheckpointBytes" BIGINT,
    "maxReviewsPerDay" INTEGER,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TenantQuota_pkey" PRIMARY KEY ("tenantId")
);

-- CreateIndex
CREATE INDEX "ErasureRequest_tenantId_createdAt_idx" ON "ErasureRequest"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "ErasureRequest_status_idx" ON "ErasureRequest"("status");

-- CreateIndex
CREATE INDEX "ErasureTombstone_subjectHash_idx" ON "ErasureTombstone"("subjectHash");

-- CreateIndex
CREATE INDEX "ErasureAudit_tenantId_completedAt_idx" ON "ErasureAudit"("tenantId", "completedAt");

-- Hand-written: the audit is append-only, and at most one unfinished job per subject.
CREATE FUNCTION "ErasureAudit_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ErasureAudit is append-only';
END
$$;
CREATE TRIGGER "ErasureAudit_append_only" BEFORE UPDATE OR DELETE ON "ErasureAudit" FOR EACH ROW EXECUTE FUNCTION "ErasureAudit_refuse_change"();
CREATE UNIQUE INDEX "ErasureRequest_one_open_per_subject" ON "ErasureRequest" ("subjectHash") WHERE "status" IN ('PENDING', 'RUNNING');
