import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.js';

export type Database = PrismaClient;

/** A Prisma client over a node-postgres pool (Prisma 7 needs a driver adapter). */
export function createDatabase(databaseUrl: string, poolMax = 10): Database {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: poolMax, idleTimeoutMillis: 10_000 });
  return new PrismaClient({ adapter });
}
