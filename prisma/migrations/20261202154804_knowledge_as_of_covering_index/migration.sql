-- Hand-written: a covering index for as-of lookups. The lookup first picks one version id per
-- knowledgeId from this index alone (an index-only scan: the validity columns are included),
-- then fetches only the picked rows. Prisma's schema language cannot express INCLUDE.
CREATE INDEX "KnowledgeVersion_as_of_covering_idx" ON "KnowledgeVersion" ("tenantId", "knowledgeId", "versionMajor" DESC, "versionMinor" DESC)
  INCLUDE ("validFrom", "validUntil", "recordedAt", "retractedAt", "id");
