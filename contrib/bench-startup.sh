#!/usr/bin/env bash
# Start-up time of `chulbal plan … --json`, static against dynamic Swift runtime, by hyperfine.
# Prints hyperfine's table and the median of each.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
bash contrib/setup.sh --bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --product chulbal >&2
cp .build/release/chulbal "$work/chulbal-dynamic"
bash contrib/build.sh
cp .build/release/chulbal "$work/chulbal-static"

arguments="plan --at '내일 오후 7시' --travel 35m --tz Asia/Seoul --now 2026-11-30T14:00+09:00 --json"
hyperfine -N --warmup 20 --runs 300 --export-json "$work/startup.json" \
  -n static "$work/chulbal-static $arguments" -n dynamic "$work/chulbal-dynamic $arguments"
python3 - "$work/startup.json" <<'PY'
import json, sys
for result in json.load(open(sys.argv[1]))["results"]:
    print(f"{result['command']}: median {result['median'] * 1000:.2f} ms")
PY
