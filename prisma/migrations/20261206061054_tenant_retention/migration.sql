-- CreateTable
CREATE TABLE "TenantRetention" (
    "tenantId" UUID NOT NULL,
    "threadIdleDays" INTEGER,
    "keepCheckpoints" INTEGER,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TenantRetention_pkey" PRIMARY KEY ("tenantId")
);
