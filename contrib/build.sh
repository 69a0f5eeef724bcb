#!/usr/bin/env bash
# Builds the release binary, .build/release/chulbal.
#
# The Swift runtime and Foundation are linked statically: start-up drops from about 8 ms to
# about 3 ms (measured with contrib/bench-startup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product chulbal "$@" >&2
