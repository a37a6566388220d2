#!/usr/bin/env bash
# The test suite's PostgreSQL cluster (of target/test-postgres) stays running between test runs so
# that `cargo test` starts fast. `scripts/test-postgres.sh stop` stops it; `status` tells. As root,
# when the cluster's user cannot reach the checkout, the cluster lives in the directory named by
# target/test-postgres/pgcluster (see src/db/embedded.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
data="${BOTARENA_TEST_DATA_DIR:-$PWD/target/test-postgres}"
pgdata="$data/pgdata"
[ -f "$data/pgcluster" ] && pgdata="$(cat "$data/pgcluster")/pgdata"
# Where earlier versions put it in that case.
legacy="${TMPDIR:-/tmp}/botarena-test-postgres/pgdata"
bin="$(dirname "$(command -v pg_ctl 2>/dev/null || ls /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -1)")"
as=()
[ "$(id -u)" = 0 ] && as=(runuser -u "${BOTARENA_PG_USER:-botarena}" --)
pg() { (cd / && "${as[@]}" "$bin/pg_ctl" "$@"); }
case "${1:-status}" in
    stop)
        [ -f "$legacy/postmaster.pid" ] && pg stop -D "$legacy" -m fast -w
        [ ! -f "$pgdata/postmaster.pid" ] || pg stop -D "$pgdata" -m fast -w ;;
    status) pg status -D "$pgdata" ;;
    *) echo "usage: $0 stop|status" >&2; exit 2 ;;
esac
