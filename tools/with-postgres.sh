#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server
# on 127.0.0.1, so the same migrations and queries are proven on a real server as
# on the embedded PGlite. Uses Debian's postgresql, installing it when missing and
# we are root. The server and its data are removed afterwards.
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
BIN="$(find_bin)"
if [ -z "$BIN" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's postgresql for the PostgreSQL tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    BIN="$(find_bin)"
  fi
fi
if [ -z "$BIN" ]; then
  echo "PostgreSQL is missing: install it (sudo apt-get install postgresql) to run the PostgreSQL tests." >&2
  exit 1
fi

PORT="${PG_TEST_PORT:-55432}"
DIR="$(mktemp -d /tmp/claims-pg.XXXXXX)"
# PostgreSQL refuses to run as root, so as root it runs as the postgres user.
as_owner() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
[ "$(id -u)" = "0" ] && chown postgres "$DIR"
as_owner "'$BIN/initdb' -D '$DIR/data' -A trust -U postgres" >/dev/null
as_owner "'$BIN/pg_ctl' -D '$DIR/data' -l '$DIR/server.log' -o \"-p $PORT -k $DIR -c listen_addresses=127.0.0.1\" -w start" >/dev/null
cleanup() {
  as_owner "'$BIN/pg_ctl' -D '$DIR/data' -m fast -w stop" >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
# TEST_PG_* let a drill stop and start this same server (tools/load restarts it mid-run).
TEST_PG_BIN="$BIN" TEST_PG_DIR="$DIR" TEST_PG_PORT="$PORT" \
  TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" "$@"
