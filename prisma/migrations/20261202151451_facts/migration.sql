-- CreateEnum
CREATE TYPE "FactSource" AS ENUM ('USER_STATED', 'CONFIRMED', 'IMPORTED');

-- CreateTable
CREATE TABLE "Fact" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "namespace" TEXT[],
    "category" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "version" INTEGER NOT NULL,
    "source" "FactSource" NOT NULL,
    "sourceTurn" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmedAt" TIMESTAMPTZ(3),
    "supersededAt" TIMESTAMPTZ(3),

    CONSTRAINT "Fact_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Fact_userId_category_key_idx" ON "Fact"("userId", "category", "key");

-- CreateIndex
CREATE INDEX "Fact_userId_namespace_idx" ON "Fact"("userId", "namespace");

-- CreateIndex
CREATE INDEX "Fact_tenantId_category_idx" ON "Fact"("tenantId", "category");

-- AddForeignKey
ALTER TABLE "Fact" ADD CONSTRAINT "Fact_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Fact" ADD CONSTRAINT "Fact_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: at most one current (not superseded) version per user, namespace and key.
CREATE UNIQUE INDEX "Fact_current_key" ON "Fact" ("userId", "namespace", "key") WHERE "supersededAt" IS NULL;
ALTER TABLE "Fact" ADD CONSTRAINT "Fact_namespace_owner_check" CHECK (array_length("namespace", 1) >= 1 AND "namespace"[1] = "userId"::text);
ALTER TABLE "Fact" ADD CONSTRAINT "Fact_version_check" CHECK ("version" >= 1);
