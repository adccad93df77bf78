#!/usr/bin/env bash
# `npm test`: every test. Installs Debian's chromium and postgresql when missing (the e2e tests drive
# real Chromium; the API suite runs twice: embedded PGlite, then a real PostgreSQL server).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]} from Debian…"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

step() { echo; echo "=== $* ==="; }

step typecheck; npm run --silent typecheck
step lint; npm run --silent lint
step "unit tests"; npx vitest run --project unit
step "API tests (embedded PGlite)"; npx vitest run --project api

if pg_url=$(bash scripts/test-postgres.sh); then
  step "API tests (PostgreSQL server)"; TEST_DATABASE_URL="$pg_url" npx vitest run --project api
else
  echo "PostgreSQL could not be started; the API suite ran on PGlite only." >&2; exit 1
fi

step build; npx vite build
step "end-to-end tests (headless Chromium)"; npx vitest run --project e2e
