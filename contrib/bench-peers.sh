#!/usr/bin/env bash
# chulbal against the C tools a Linux user would otherwise use (remind, calcurse), each pair run
# in alternation by chulbal-bench, so a noisy machine slows both alike; prints medians, the
# 10th–90th percentile, peak RSS (wait4) and chulbal ÷ peer for each round's pair.
#
#   bash contrib/bench-peers.sh [ROUNDS]     (default 40; the 100,000 rows get a quarter)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
bash contrib/setup.sh --bench
rounds="${1:-40}"
bash contrib/build.sh >&2
bash contrib/build.sh chulbal-bench
bench="$PWD/.build/release/chulbal-bench"
chulbal="$PWD/.build/release/chulbal"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"${CC:-cc}" -O2 -o "$work/peak-rss" contrib/bench/peak-rss.c
export TZ=Asia/Seoul
now=2026-11-30T14:00+09:00
day=2026-11-30
for size in 1000 10000 100000; do "$bench" --make-data "$size" "$work/$size" >&2; done
mkdir -p "$work/empty"

compare() {  # compare TITLE ROUNDS --run … --run …
  local title="$1" n="$2"
  shift 2
  echo "== $title"
  "$bench" --alternate "$n" --helper "$work/peak-rss" "$@"
}

compare "start-up" "$rounds" --run chulbal "$chulbal" --version \
  --run remind remind -n /dev/null --run calcurse calcurse -D "$work/empty" -Q \
  --run true /bin/true
compare "plan --json" "$rounds" \
  --run chulbal "$chulbal" plan --at "내일 오후 7시" --travel 35m --now "$now" --json \
  --run remind remind -n /dev/null
for size in 1000 100000; do
  db="$work/$size/chulbal.db"
  compare "next, $size appointments" "$rounds" \
    --run chulbal "$chulbal" next --db "$db" --now "$now" \
    --run remind remind -n "$work/$size/reminders.rem" "$day"
  compare "status --format waybar, $size appointments" "$rounds" \
    --run chulbal "$chulbal" status --format waybar --db "$db" --now "$now" \
    --run remind remind -n "$work/$size/reminders.rem" "$day"
done
for size in 1000 10000 100000; do
  n=$rounds
  [ "$size" = 100000 ] && n=$(( (rounds + 3) / 4 ))
  db="$work/$size/chulbal.db"
  compare "list, $size appointments" "$n" \
    --run chulbal "$chulbal" list --db "$db" --now "$now" \
    --run remind remind -n "$work/$size/reminders.rem" "$day"
  compare "list --json, $size appointments" "$n" \
    --run chulbal "$chulbal" list --json --db "$db" --now "$now" \
    --run remind remind -n "$work/$size/reminders.rem" "$day"
done
