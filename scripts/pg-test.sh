#!/usr/bin/env bash
# Runs the server test suite against a throwaway PostgreSQL server on 127.0.0.1:5433.
# Needs Debian's postgresql package (apt-get install -y postgresql) and root (for runuser).
set -euo pipefail

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)}"
PORT="${PG_TEST_PORT:-5433}"
DATA="$(mktemp -d /tmp/yx-pg-XXXXXX)"
chown postgres:postgres "$DATA"

stop() {
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$DATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap stop EXIT

runuser -u postgres -- "$PG_BIN/initdb" -D "$DATA" -U postgres --auth=trust >/dev/null
# A throwaway cluster: no fsync (every test file creates and drops a database, each an fsync storm). Writes still
# reach the OS at commit, so a PostgreSQL crash loses nothing; only a machine crash would, and then nothing is kept.
runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w \
  -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start

export PG_BIN
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
npx jest "$@" --selectProjects server --maxWorkers=2
