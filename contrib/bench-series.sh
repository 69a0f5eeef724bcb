#!/usr/bin/env bash
# Issue 13's figures: `next` and `agenda --days 7` on 1,000 one-off appointments plus 1,000
# series (daily, weekday, weekly and monthly in turn, started up to ten years ago), beside
# `next` on the 1,000 one-offs alone and `remind` on an equivalent file, by hyperfine in one
# run; then the next occurrence of a series started ten years ago (chulbal-bench).
#
#   bash contrib/bench-series.sh [RUNS]     (default 100 runs a command)
#
# "fresh": the series were written at the pinned "now", so each one's cached next occurrence
# is still ahead; "stale": written a week before, so every reader works each one out again
# (what `next` costs when nothing has written for a week; `watch` writes every minute).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
bash contrib/setup.sh --bench
runs="${1:-100}"
bash contrib/build.sh >&2
bash contrib/build.sh chulbal-bench
bench="$PWD/.build/release/chulbal-bench"
chulbal="$PWD/.build/release/chulbal"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TZ=Asia/Seoul
now=2026-11-30T14:00+09:00
day=2026-11-30
"$bench" --make-data 1000 "$work/plain" >&2
"$bench" --make-data 1000 "$work/fresh" --series 1000 >&2
"$bench" --make-data 1000 "$work/stale" --series 1000 --stale-days 7 >&2

hyperfine -N --warmup 10 --runs "$runs" --export-json "$work/series.json" \
  -n "next, 1,000 one-offs" "$chulbal next --db $work/plain/chulbal.db --now $now" \
  -n "next, + 1,000 series (fresh)" "$chulbal next --db $work/fresh/chulbal.db --now $now" \
  -n "next, + 1,000 series (stale)" "$chulbal next --db $work/stale/chulbal.db --now $now" \
  -n "agenda --days 7, 1,000 one-offs" \
  "$chulbal agenda --days 7 --db $work/plain/chulbal.db --now $now" \
  -n "agenda --days 7, + 1,000 series" \
  "$chulbal agenda --days 7 --db $work/fresh/chulbal.db --now $now" \
  -n "remind -n, 1,000 one-offs" "remind -n $work/plain/reminders.rem $day" \
  -n "remind -n, + 1,000 series" "remind -n $work/fresh/reminders.rem $day" \
  -n "remind -s+1 (a week), + 1,000 series" "remind -s+1 $work/fresh/reminders.rem $day" \
  >&2
python3 - "$work/series.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
median = {r["command"]: r["median"] * 1000 for r in results}
spread = {r["command"]: (min(r["times"]) * 1000, max(r["times"]) * 1000) for r in results}
for name, ms in median.items():
    low, high = spread[name]
    print(f"{name:42} median {ms:7.2f} ms  (min {low:.2f}, max {high:.2f})")
base = median["next, 1,000 one-offs"]
print(f"next with series ÷ without: fresh {median['next, + 1,000 series (fresh)'] / base:.2f}×, "
      f"stale {median['next, + 1,000 series (stale)'] / base:.2f}×  (target ≤ 2×)")
print(f"next with series ÷ remind -n on the same: "
      f"{median['next, + 1,000 series (fresh)'] / median['remind -n, + 1,000 series']:.2f}×")
print(f"agenda --days 7 with series: {median['agenda --days 7, + 1,000 series']:.1f} ms "
      f"(target ≤ 15 ms); ÷ remind -s+1: "
      f"{median['agenda --days 7, + 1,000 series'] / median['remind -s+1 (a week), + 1,000 series']:.2f}×")
PY
"$bench" --recurrence
