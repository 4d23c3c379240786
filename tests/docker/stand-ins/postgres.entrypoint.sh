#!/usr/bin/env bash
# The official postgres image's start, in short: first start creates the cluster with the
# superuser POSTGRES_USER (password POSTGRES_PASSWORD, scram-sha-256 from any host) and the
# database POSTGRES_DB; then the server runs as the postgres user, listening on every address.
set -euo pipefail
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  initdb --username="$user" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") --auth-local=trust >/dev/null
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  if [ "$db" != postgres ]; then
    postgres --single -D "$PGDATA" postgres <<<"CREATE DATABASE \"$db\";" >/dev/null
  fi
fi
exec "$@"
