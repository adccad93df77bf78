import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration after a change to the schema; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema',
  out: './src/server/db/migrations',
});
