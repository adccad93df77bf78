#!/usr/bin/env bash
# Starts Debian's PostgreSQL (if not running), makes a throw-away role and database for the API
# tests, and prints its URL. Names and password are new on every run (nothing secret is committed,
# and two runs at once do not disturb each other); leftovers of earlier runs are dropped when idle.
# Its argument names the cluster (default main; another is made on the next free port): scripts/test.sh gives each
# API worker a server of its own, since a transaction running anywhere on a server holds back every database's deltas.
set -euo pipefail
cluster=${1:-main}
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
pg_lsclusters -h | grep -q "^$version $cluster " || pg_createcluster "$version" "$cluster" >/dev/null
pg_ctlcluster "$version" "$cluster" start >/dev/null 2>&1 || true
port=$(pg_lsclusters -h | awk -v version="$version" -v cluster="$cluster" '$1 == version && $2 == cluster { print $3 }')
for _ in $(seq 1 30); do pg_isready -q -p "$port" && break; sleep 0.5; done

as_postgres() { if [ "$(id -u)" -eq 0 ]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi; }
sql() { as_postgres "psql -p $port -qtAX -v ON_ERROR_STOP=1 -c \"$1\"" >/dev/null 2>&1; }
query() { as_postgres "psql -p $port -qtAX -c \"$1\"" 2>/dev/null; }

# Leftovers of earlier runs (an hour old or more, by the timestamp in their names): drop them.
cutoff=$(( $(date +%s) - 3600 ))
for db in $(query "SELECT datname FROM pg_database WHERE datname ~ '^homesite_test_'"); do
  stamp=$(echo "$db" | sed -E 's/^homesite_test_([0-9]+)_.*/\1/')
  [[ "$stamp" =~ ^[0-9]+$ ]] && [ "$stamp" -lt "$cutoff" ] && sql "DROP DATABASE IF EXISTS $db" || true
done
for role in $(query "SELECT rolname FROM pg_roles WHERE rolname ~ '^homesite_test_'"); do
  stamp=$(echo "$role" | sed -E 's/^homesite_test_([0-9]+)_.*/\1/')
  [[ "$stamp" =~ ^[0-9]+$ ]] && [ "$stamp" -lt "$cutoff" ] || continue
  # the per-file databases the API harness left behind belong to that run's role
  for owned in $(query "SELECT datname FROM pg_database d JOIN pg_roles r ON d.datdba = r.oid WHERE r.rolname = '$role'"); do
    sql "DROP DATABASE IF EXISTS $owned" || true
  done
  sql "DROP ROLE IF EXISTS $role" || true
done

name="homesite_test_$(date +%s)_$$"
password=$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
sql "CREATE ROLE $name LOGIN CREATEDB PASSWORD '$password'"
# A commit does not wait for its WAL to reach the disk: a crash could lose the last moments of a throw-away test
# database, never corrupt it. The suites commit tens of thousands of times (the fuzz suite ran about 15 % faster).
sql "ALTER ROLE $name SET synchronous_commit = off"
sql "CREATE DATABASE $name OWNER $name"
echo "postgres://$name:$password@127.0.0.1:$port/$name"
