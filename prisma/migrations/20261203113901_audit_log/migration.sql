-- CreateEnum
CREATE TYPE "AuditOutcome" AS ENUM ('SUCCESS', 'DENIED', 'FAILED');

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT NOT NULL,
    "actorRoles" "Role"[],
    "action" TEXT NOT NULL,
    "targetIds" TEXT[],
    "outcome" "AuditOutcome" NOT NULL,
    "errorCode" TEXT,
    "traceId" TEXT,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEntry_tenantId_at_idx" ON "AuditEntry"("tenantId", "at");

-- CreateIndex
CREATE INDEX "AuditEntry_actorId_idx" ON "AuditEntry"("actorId");

-- CreateIndex
CREATE INDEX "AuditEntry_targetIds_idx" ON "AuditEntry" USING GIN ("targetIds");

-- Hand-written: the audit log is append-only. The one UPDATE allowed is an erasure's: it replaces
-- ids (the actor's, targets') by keyed hashes (64 lowercase hex digits) and changes nothing else;
-- a hash is never replaced again. DELETE and TRUNCATE are refused.
CREATE FUNCTION "AuditEntry_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keyed_hash CONSTANT text := '^[0-9a-f]{64}$';
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW."id" = OLD."id"
     AND NEW."tenantId" = OLD."tenantId"
     AND NEW."at" = OLD."at"
     AND NEW."actorRoles" IS NOT DISTINCT FROM OLD."actorRoles"
     AND NEW."action" = OLD."action"
     AND NEW."outcome" = OLD."outcome"
     AND NEW."errorCode" IS NOT DISTINCT FROM OLD."errorCode"
     AND NEW."traceId" IS NOT DISTINCT FROM OLD."traceId"
     AND (NEW."actorId" = OLD."actorId" OR (NEW."actorId" ~ keyed_hash AND OLD."actorId" !~ keyed_hash))
     AND cardinality(coalesce(NEW."targetIds", '{}')) = cardinality(coalesce(OLD."targetIds", '{}'))
     AND NOT EXISTS (
       SELECT 1 FROM unnest(coalesce(OLD."targetIds", '{}'), coalesce(NEW."targetIds", '{}')) AS pair(old_id, new_id)
       WHERE pair.new_id IS DISTINCT FROM pair.old_id AND (pair.new_id !~ keyed_hash OR pair.old_id ~ keyed_hash)
     )
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'AuditEntry is append-only (an erasure may only replace ids by their keyed hashes)';
END
$$;
CREATE TRIGGER "AuditEntry_append_only" BEFORE UPDATE OR DELETE ON "AuditEntry" FOR EACH ROW EXECUTE FUNCTION "AuditEntry_refuse_change"();
CREATE TRIGGER "AuditEntry_no_truncate" BEFORE TRUNCATE ON "AuditEntry" FOR EACH STATEMENT EXECUTE FUNCTION "AuditEntry_refuse_change"();
