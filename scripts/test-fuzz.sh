#!/usr/bin/env bash
# `npm run test:fuzz`: the fuzz suite (tests/api/fuzz/suite.ts) at 1,000 requests per write endpoint on both databases,
# embedded PGlite and a PostgreSQL server (`npm test` sends 200 on PostgreSQL). Run it before a release and after any
# change to validation (src/contract, server/http).
set -euo pipefail
cd "$(dirname "$0")/.."
export FUZZ_BODIES=1000
npx vitest run --project api-isolated tests/api/fuzz-
pg_url=$(bash scripts/test-postgres.sh | tail -1)
TEST_DATABASE_URL="$pg_url" npx vitest run --project api-isolated tests/api/fuzz-
