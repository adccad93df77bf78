#!/usr/bin/env bash
# `npm test`: every test. Installs Debian's chromium, chromium-headless-shell, firefox-esr, webkit2gtk-driver, xvfb, postgresql and faketime
# when missing (the e2e tests drive real Chromium, and a smoke run each in Firefox ESR and WebKitGTK, which runs under
# an Xvfb the test starts; the business-day test runs the server under faketime's clock; the API suite runs twice:
# embedded PGlite, then a real PostgreSQL server).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
command -v firefox-esr >/dev/null 2>&1 || need+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || need+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
command -v faketime >/dev/null 2>&1 || need+=(faketime)
command -v caddy >/dev/null 2>&1 || need+=(caddy)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]} from Debian…"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

step() { echo; echo "=== $* (at ${SECONDS} s) ==="; }
results=$(mktemp -d)
# Each vitest run also writes a JSON report, so that one closing line can count every test.
vitest() { local name=$1; shift; npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/$name.json"; }

# Side by side: each is one process on one core. Each one's output is printed whole when both have ended.
step "typecheck and lint"
npm run --silent typecheck >"$results/typecheck.log" 2>&1 & typecheck=$!
npm run --silent lint >"$results/lint.log" 2>&1 & lint=$!
typecheck_status=0; wait $typecheck || typecheck_status=$?
lint_status=0; wait $lint || lint_status=$?
cat "$results/typecheck.log" "$results/lint.log"
[ $typecheck_status -eq 0 ] && [ $lint_status -eq 0 ] || { echo "typecheck exit $typecheck_status, lint exit $lint_status" >&2; exit 1; }
step "unit tests"; vitest unit --project unit --project unit-isolated --project unit-dom
# The compiled server and command line (about a second): the API and e2e files that start them as processes run these.
step "build the server"; npm run --silent build:server
step "API tests (embedded PGlite)"; vitest api-pglite --project api --project api-isolated

# Two PostgreSQL servers, one per API worker (tests/api/worker-database.ts): files read deltas, whose horizon is the
# oldest transaction running anywhere on the server (transaction ids are cluster-wide), so a file writing in another
# database of the same server would hold their just-written rows back until the next call (server/sync/delta.ts).
if pg_url=$(bash scripts/test-postgres.sh) && pg_url_2=$(bash scripts/test-postgres.sh second); then
  step "API tests (PostgreSQL servers)"
  TEST_DATABASE_URL="$pg_url" TEST_DATABASE_URL_1="$pg_url" TEST_DATABASE_URL_2="$pg_url_2" vitest api-postgres --project api --project api-isolated
else
  echo "PostgreSQL could not be started; the API suite ran on PGlite only." >&2; exit 1
fi

step build; npx vite build
# The production e2e test also puts HomeSite into service on an empty PostgreSQL database of that server.
step "end-to-end tests (headless Chromium; smoke in Firefox ESR and WebKitGTK)"; TEST_DATABASE_URL="$pg_url" vitest e2e --project e2e --project e2e-alone

node -e '
const fs = require("node:fs"), path = require("node:path"), dir = process.argv[1];
let passed = 0, failed = 0, skipped = 0;
for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json"))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  passed += report.numPassedTests; failed += report.numFailedTests; skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped in ${process.argv[2]} s`);
' "$results" "$SECONDS"
