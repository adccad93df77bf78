/**
 * scripts/test.sh gives each API worker a PostgreSQL server of its own (TEST_DATABASE_URL_1, _2, by vitest's worker
 * number): a delta's horizon is the oldest transaction running anywhere on its server, so files writing on one server
 * side by side would hold back each other's just-written rows (server/sync/delta.ts). Every file reads
 * TEST_DATABASE_URL.
 */
const own = process.env[`TEST_DATABASE_URL_${process.env.VITEST_POOL_ID}`];
if (own) process.env.TEST_DATABASE_URL = own;
