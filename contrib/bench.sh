#!/usr/bin/env bash
# Formatter benchmark in a release build: bash contrib/bench.sh [--json]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --toolset .build/release-toolset.json --product chulbal-bench >&2
exec .build/release/chulbal-bench "$@"
