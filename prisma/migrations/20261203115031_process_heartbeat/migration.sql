-- CreateTable
CREATE TABLE "ProcessHeartbeat" (
    "id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "runningJobs" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProcessHeartbeat_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProcessHeartbeat_expiresAt_idx" ON "ProcessHeartbeat"("expiresAt");
