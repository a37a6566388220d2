#!/usr/bin/env bash
# The test suite's PostgreSQL cluster (target/test-postgres) stays running between test runs so
# that `cargo test` starts fast. `scripts/test-postgres.sh stop` stops it; `status` tells.
set -euo pipefail
cd "$(dirname "$0")/.."
pgdata="${BOTARENA_TEST_DATA_DIR:-$PWD/target/test-postgres}/pgdata"
[ -d "$pgdata" ] || pgdata="${TMPDIR:-/tmp}/botarena-test-postgres/pgdata"
bin="$(dirname "$(command -v pg_ctl 2>/dev/null || ls /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -1)")"
as=()
[ "$(id -u)" = 0 ] && as=(runuser -u "${BOTARENA_PG_USER:-botarena}" --)
case "${1:-status}" in
    stop) "${as[@]}" "$bin/pg_ctl" stop -D "$pgdata" -m fast -w ;;
    status) "${as[@]}" "$bin/pg_ctl" status -D "$pgdata" ;;
    *) echo "usage: $0 stop|status" >&2; exit 2 ;;
esac
