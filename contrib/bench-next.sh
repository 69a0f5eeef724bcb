#!/usr/bin/env bash
# Start-to-exit time of `chulbal next` on a database of 1,000 appointments, by hyperfine.
# Prints hyperfine's table and the median.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
bash contrib/setup.sh --bench
bash contrib/build.sh
binary="$PWD/.build/release/chulbal"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CHULBAL_DB="$work/chulbal.db" TZ=Asia/Seoul

"$binary" place add 집 --coord 37.5547,126.9707 --default >/dev/null
for i in $(seq 1000); do
  # Every 8 hours from 2,000 hours before the pinned "now", so a quarter are in the past.
  at=$(date -u -d "2026-11-30T05:00Z $(( (i - 250) * 8 )) hours" +%Y-%m-%dT%H:%MZ)
  "$binary" add "약속 $i" --at "$at" --coord 37.4979,127.0276 --past >/dev/null
done
echo "appointments: $("$binary" list --all --json | grep -c '"id"')"

hyperfine -N --warmup 20 --runs 300 --export-json "$work/next.json" \
  "$binary next --now 2026-11-30T14:00+09:00"
python3 - "$work/next.json" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))["results"][0]
print(f"chulbal next, 1,000 appointments: median {result['median'] * 1000:.2f} ms")
PY
