-- The write barrier as one condition of a single autocommit statement (see Tombstones.guard):
-- the shared erasure lock, held until that statement's transaction commits, then the tombstone
-- check. VOLATILE so the check takes a snapshot of its own, after the lock was granted: a
-- tombstone committed while the writer waited for the lock is seen.
CREATE FUNCTION "suanni_enter_write_barrier"(lock_space INTEGER, lock_key INTEGER, user_hash TEXT)
RETURNS BOOLEAN LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(lock_space, lock_key);
  RETURN NOT EXISTS (SELECT 1 FROM "ErasureTombstone" WHERE "userHash" = user_hash);
END;
$$;
