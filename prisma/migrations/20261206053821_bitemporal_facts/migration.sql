-- AlterTable
ALTER TABLE "Fact" ADD COLUMN     "retiredAt" TIMESTAMPTZ(3),
ADD COLUMN     "statedValidTo" TIMESTAMPTZ(3),
ADD COLUMN     "validFrom" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "validTo" TIMESTAMPTZ(3);

-- Hand-written: existing versions get their valid time from what was recorded. A version was
-- valid from when it was written; one replaced by a successor was valid until then; one deleted
-- without a successor (forgotten), or replaced within the instant it was written, is retired.
UPDATE "Fact" f SET "validFrom" = f."createdAt";
UPDATE "Fact" f SET "validTo" = f."supersededAt"
  WHERE f."supersededAt" > f."createdAt"
    AND EXISTS (SELECT 1 FROM "Fact" n WHERE n."userId" = f."userId" AND n."namespace" = f."namespace" AND n."key" = f."key" AND n."version" > f."version");
UPDATE "Fact" f SET "retiredAt" = f."supersededAt" WHERE f."supersededAt" IS NOT NULL AND f."validTo" IS NULL;
ALTER TABLE "Fact" ADD CONSTRAINT "Fact_validity_check" CHECK ("validTo" IS NULL OR "validTo" > "validFrom");
