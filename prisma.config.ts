import { defineConfig } from 'prisma/config';

// Used by the standard `prisma` CLI (generate, and `migrate deploy` wherever its native
// engine can be downloaded). The gateway itself migrates through the WASM schema engine.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/suanni' },
});
