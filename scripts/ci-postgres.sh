#!/usr/bin/env bash
# Makes sure the PostgreSQL server binaries (initdb, pg_ctl) are on this machine, installing
# Debian's `postgresql` package when they are missing. The tests start their own private cluster
# from these binaries (see src/db/embedded.rs); no server needs to run. Called by .ci/run.
set -euo pipefail
if command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    exit 0
fi
echo "installing PostgreSQL (initdb not found)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends postgresql >/dev/null
ls /usr/lib/postgresql/*/bin/initdb >/dev/null
