#!/usr/bin/env bash
# Starts Debian's PostgreSQL (if not running), makes a throw-away role and database for the API
# tests, and prints its URL. The password is generated per run: nothing secret is committed.
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
pg_lsclusters -h | grep -q "^$version main" || pg_createcluster "$version" main >/dev/null 2>&1
pg_ctlcluster "$version" main start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do pg_isready -q && break; sleep 0.5; done
password=$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
as_postgres() { if [ "$(id -u)" -eq 0 ]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi; }
as_postgres "psql -qtAc \"DROP DATABASE IF EXISTS homesite_test\"" >/dev/null 2>&1
as_postgres "psql -qtAc \"DROP ROLE IF EXISTS homesite_test\"" >/dev/null 2>&1
as_postgres "psql -qtAc \"CREATE ROLE homesite_test LOGIN CREATEDB PASSWORD '$password'\"" >/dev/null 2>&1
as_postgres "psql -qtAc \"CREATE DATABASE homesite_test OWNER homesite_test\"" >/dev/null 2>&1
echo "postgres://homesite_test:$password@127.0.0.1:5432/homesite_test"
