#!/usr/bin/env bash
# Sets up, builds and runs chulbal with the given arguments:
#   bash contrib/run.sh plan --at "내일 오후 7시" --travel 35m --buffer 10m
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/setup.sh"
bash "$here/build.sh"
exec "$here/../.build/release/chulbal" "$@"
