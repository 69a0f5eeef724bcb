#!/usr/bin/env bash
# Formatter benchmark in a release build: bash contrib/bench.sh [--json]
set -euo pipefail
cd "$(dirname "$0")/.."
bash contrib/build.sh chulbal-bench
exec .build/release/chulbal-bench "$@"
