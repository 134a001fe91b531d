-- CreateEnum
CREATE TYPE "FindingStatus" AS ENUM ('ACCEPTED', 'NEEDS_REVIEW', 'CONFIRMED', 'REJECTED');

-- CreateEnum
CREATE TYPE "FindingVerdict" AS ENUM ('CONFIRMED', 'REJECTED');

-- CreateEnum
CREATE TYPE "OperatingPoint" AS ENUM ('PRECISION_FIRST', 'RECALL_FIRST');

-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'REVIEWER';

-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "operatingPoint" TEXT,
ADD COLUMN     "reviewThreshold" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "ReviewFinding" ADD COLUMN     "category" TEXT,
ADD COLUMN     "confidence" DOUBLE PRECISION,
ADD COLUMN     "modelStatus" "FindingStatus" NOT NULL DEFAULT 'ACCEPTED',
ADD COLUMN     "threshold" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "FindingDecision" (
    "id" UUID NOT NULL,
    "findingId" UUID NOT NULL,
    "reviewId" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "deciderId" UUID NOT NULL,
    "verdict" "FindingVerdict" NOT NULL,
    "reason" TEXT,
    "decidedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FindingDecision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TenantReviewSetting" (
    "tenantId" UUID NOT NULL,
    "operatingPoint" "OperatingPoint" NOT NULL DEFAULT 'PRECISION_FIRST',
    "reviewThreshold" DOUBLE PRECISION,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TenantReviewSetting_pkey" PRIMARY KEY ("tenantId")
);

-- CreateIndex
CREATE UNIQUE INDEX "FindingDecision_findingId_key" ON "FindingDecision"("findingId");

-- CreateIndex
CREATE INDEX "FindingDecision_tenantId_decidedAt_idx" ON "FindingDecision"("tenantId", "decidedAt");

-- CreateIndex
CREATE INDEX "FindingDecision_deciderId_idx" ON "FindingDecision"("deciderId");

-- CreateIndex
CREATE INDEX "FindingDecision_reviewId_idx" ON "FindingDecision"("reviewId");

-- AddForeignKey
ALTER TABLE "FindingDecision" ADD CONSTRAINT "FindingDecision_findingId_fkey" FOREIGN KEY ("findingId") REFERENCES "ReviewFinding"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FindingDecision" ADD CONSTRAINT "FindingDecision_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FindingDecision" ADD CONSTRAINT "FindingDecision_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FindingDecision" ADD CONSTRAINT "FindingDecision_deciderId_fkey" FOREIGN KEY ("deciderId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Confidences and thresholds are probabilities; a rejection says why.
ALTER TABLE "ReviewFinding" ADD CONSTRAINT "ReviewFinding_confidence_range" CHECK (
    coalesce("confidence", 0) BETWEEN 0 AND 1 AND coalesce("threshold", 0) BETWEEN 0 AND 1
);
ALTER TABLE "TenantReviewSetting" ADD CONSTRAINT "TenantReviewSetting_threshold_range" CHECK (
    coalesce("reviewThreshold", 0) BETWEEN 0 AND 1
);
ALTER TABLE "FindingDecision" ADD CONSTRAINT "FindingDecision_reason" CHECK (
    ("verdict" = 'CONFIRMED' AND "reason" IS NULL) OR ("verdict" = 'REJECTED' AND length(btrim("reason")) BETWEEN 1 AND 2000)
);
