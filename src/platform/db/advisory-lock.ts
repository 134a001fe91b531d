import pg from 'pg';

/**
 * Runs `work` while this connection holds a session advisory lock named `lockName`, so that
 * processes starting at once on one database do a one-time setup (migrations, queue tables) one
 * after another. The lock goes with the connection, so a process killed mid-setup releases it.
 */
export async function exclusively<T>(databaseUrl: string, lockName: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'suanni-setup' });
  // A connection lost meanwhile fails the query in flight; without a listener it would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockName]);
    return await work();
  } finally {
    await client.end();
  }
}
