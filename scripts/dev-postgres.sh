#!/usr/bin/env bash
# Starts (or reuses) a private PostgreSQL cluster for development in target/dev-postgres, applies
# migrations/ with psql, and prints a DATABASE_URL for it. Used to refresh the sqlx offline data:
#
#   export DATABASE_URL=$(scripts/dev-postgres.sh)
#   SQLX_OFFLINE=false SQLX_OFFLINE_DIR=$PWD/.sqlx cargo check --all-targets   # rewrites .sqlx/
#
# (`cargo sqlx prepare` from sqlx-cli does the same.) `scripts/dev-postgres.sh stop` stops it.
# As root the cluster runs as the system user botarena (BOTARENA_PG_USER), like the embedded one,
# and lives where that user can reach it (see below).
set -euo pipefail
cd "$(dirname "$0")/.."
dir="$PWD/target/dev-postgres"
bin="${BOTARENA_PG_BIN:-}"
if [ -z "$bin" ]; then
    if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
        bin="$(dirname "$(command -v initdb)")"
    else
        bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
    fi
fi
[ -x "$bin/initdb" ] || { echo "no initdb found: run apt-get install postgresql" >&2; exit 1; }
as=()
if [ "$(id -u)" = 0 ]; then
    user="${BOTARENA_PG_USER:-botarena}"
    id "$user" >/dev/null 2>&1 || useradd --system --user-group --no-create-home --shell /usr/sbin/nologin "$user"
    as=(runuser -u "$user" --)
fi
# PostgreSQL's tools as the cluster's user, from `/` (it may not be allowed into this checkout).
pg() { (cd / && "${as[@]}" "$@"); }
mkdir -p "$dir"
# The cluster's home, as the embedded cluster picks it (src/db/embedded.rs): this directory, or,
# when the cluster's user cannot reach it (a clone under /root), a directory of that user's named
# in `pgcluster`. The dev database is rebuilt on every run, so a lost home is just made again.
home="$dir"
if [ -f "$dir/pgcluster" ] && [ -d "$(cat "$dir/pgcluster")" ]; then
    home="$(cat "$dir/pgcluster")"
elif [ ${#as[@]} -gt 0 ] && [ ! -f "$dir/pgdata/PG_VERSION" ] && ! pg test -x "$dir"; then
    clusters="${BOTARENA_CLUSTERS_DIR:-/var/lib/botarena/clusters}"
    mkdir -p "$clusters"
    home="$clusters/$(tr -d - </proc/sys/kernel/random/uuid)"
    mkdir -m 700 "$home"
    chown "$user:" "$home"
    echo "$dir" >"$home/data-dir"
    echo "$home" >"$dir/pgcluster"
fi
pgdata="$home/pgdata"
run="$home/pgrun"
if [ "${1:-}" = stop ]; then
    pg "$bin/pg_ctl" stop -D "$pgdata" -m fast -w >/dev/null
    exit 0
fi
mkdir -p "$pgdata" "$run"
chmod 700 "$pgdata" "$run"
[ ${#as[@]} -eq 0 ] || chown "$user:" "$pgdata" "$run"
if [ ! -f "$pgdata/PG_VERSION" ]; then
    pg "$bin/initdb" -D "$pgdata" -U botarena --auth-local=trust --auth-host=reject -E UTF8 --no-locale >/dev/null
fi
if ! pg "$bin/pg_ctl" status -D "$pgdata" >/dev/null 2>&1; then
    pg "$bin/pg_ctl" start -D "$pgdata" -w -l "$pgdata/server.log" \
        -o "-c listen_addresses='' -c unix_socket_directories='$run'" >/dev/null
fi
export PGOPTIONS='-c client_min_messages=warning'
psql=(psql -h "$run" -U botarena -v ON_ERROR_STOP=1 -q)
"${psql[@]}" -d postgres -c "drop database if exists botarena_dev" >/dev/null
"${psql[@]}" -d postgres -c "create database botarena_dev" >/dev/null
for f in migrations/*.sql; do
    "${psql[@]}" -d botarena_dev -f "$f" >/dev/null
done
echo "postgres://botarena@localhost:5432/botarena_dev?host=$run"
