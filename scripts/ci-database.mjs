// CI helper for the second test run: creates or drops a fresh database on the machine's
// PostgreSQL at 127.0.0.1:5432. `create` prints its URL, or nothing when the server is unreachable.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const server = process.env.CI_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const [command, name] = process.argv.slice(2);

const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
} catch {
  process.exit(0);
}
try {
  if (command === 'create') {
    const database = `suanni_ci_${randomBytes(4).toString('hex')}`;
    await client.query(`CREATE DATABASE ${database}`);
    const url = new URL(server);
    url.pathname = `/${database}`;
    process.stdout.write(`${url}\n`);
  } else if (command === 'drop' && /^suanni_ci_[0-9a-f]{8}$/.test(name ?? '')) {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    process.stderr.write('usage: ci-database.mjs create | drop <suanni_ci_xxxxxxxx>\n');
    process.exitCode = 2;
  }
} finally {
  await client.end();
}
