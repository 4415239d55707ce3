#!/usr/bin/env bash
# The PostgreSQL backend's tests against a real server: installs PostgreSQL from Debian's
# packages when it is missing, starts a throwaway cluster on loopback (its own data
# directory and port, password authentication), and runs every test whose name mentions
# Postgres — the ArticleStore conformance suite on PostgreSQL, opening and migrating,
# and `LibraryCopy` between SQLite and PostgreSQL — with BROADSHEET_TEST_POSTGRES_URL set.
# Run as root (CI is), after `swift test` has built the tests. Stops the cluster on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PORT=${BROADSHEET_CI_POSTGRES_PORT:-54331}
PGDATA=$(mktemp -d /tmp/broadsheet-ci-postgres.XXXXXX)
PASSWORD="ci-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
chown postgres:postgres "$PGDATA"
chmod 700 "$PGDATA"

stop() {
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$PGDATA"
}
trap stop EXIT

runuser -u postgres -- "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
    -E UTF8 --locale=C.UTF-8 >/dev/null
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $PGDATA -c max_connections=200" -w start >/dev/null
runuser -u postgres -- psql -h "$PGDATA" -p "$PORT" -U postgres -qX -v ON_ERROR_STOP=1 \
    -c "CREATE USER broadsheet PASSWORD '$PASSWORD'" -c "CREATE DATABASE broadsheet OWNER broadsheet" >/dev/null
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') is running on 127.0.0.1:$PORT"

export BROADSHEET_TEST_POSTGRES_URL="postgres://broadsheet:$PASSWORD@127.0.0.1:$PORT/broadsheet?sslmode=disable"
swift test --filter Postgres
