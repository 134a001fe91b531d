-- Hand-written: the context window reads a user's newest current facts on every turn (the store's
-- search, newest first); with thousands of facts that was a sort of all of them per turn.
CREATE INDEX IF NOT EXISTS "Fact_current_newest_idx" ON "Fact" ("userId", "createdAt" DESC) WHERE "supersededAt" IS NULL;
