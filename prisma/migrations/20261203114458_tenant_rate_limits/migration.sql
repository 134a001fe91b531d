-- CreateTable
CREATE TABLE "TenantRateLimit" (
    "tenantId" UUID NOT NULL,
    "readsPerUser" INTEGER,
    "readsPerTenant" INTEGER,
    "writesPerUser" INTEGER,
    "writesPerTenant" INTEGER,
    "modelPerUser" INTEGER,
    "modelPerTenant" INTEGER,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TenantRateLimit_pkey" PRIMARY KEY ("tenantId")
);

-- A limit below one would lock the tenant out of the very mutation that sets it back.
ALTER TABLE "TenantRateLimit" ADD CONSTRAINT "TenantRateLimit_positive" CHECK (
    coalesce("readsPerUser", 1) >= 1 AND coalesce("readsPerTenant", 1) >= 1
    AND coalesce("writesPerUser", 1) >= 1 AND coalesce("writesPerTenant", 1) >= 1
    AND coalesce("modelPerUser", 1) >= 1 AND coalesce("modelPerTenant", 1) >= 1
);
