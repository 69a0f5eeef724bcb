#!/usr/bin/env bash
# Writes contrib/build/startup.order: the functions of the release binary that everyday commands
# run, in the order callgrind first meets them, then the .bss data they touch.
# contrib/build/ld.sh hands it to lld, which places those functions side by side, so a command
# faults in a few pages of code instead of pieces of hundreds (for `plan --json`: peak RSS
# 14.1 MB without it, 8.3 MB with it).
#
#   bash contrib/build/make-order.sh     (after contrib/build.sh; needs valgrind and python3)
#
# Run it again when start-up code changes a lot; a name the binary no longer has is skipped.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
command -v valgrind >/dev/null || { echo "make-order.sh: needs valgrind" >&2; exit 1; }
binary=.build/release/chulbal
[ -x "$binary" ] || { echo "make-order.sh: build $binary first (bash contrib/build.sh)" >&2; exit 1; }
swift build -c release --static-swift-stdlib --toolset .build/release-toolset.json \
  --product chulbal-bench >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TZ=Asia/Seoul CHULBAL_DB="$work/data/chulbal.db"
.build/release/chulbal-bench --make-data 200 "$work/data" >&2
now=2026-11-30T14:00+09:00
runs=0
profile() {
  runs=$((runs + 1))
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run.$runs" \
    "$binary" "$@" >/dev/null 2>&1 || true
  { valgrind --tool=lackey --trace-mem=yes --log-fd=3 "$binary" "$@" 3>&1 >/dev/null 2>&1 || true; } |
    python3 "$here/bss-order.py" "$binary" >"$work/bss.$runs"
}
profile --version
profile --help
profile plan --at "내일 오후 7시" --travel 35m --now "$now" --json
profile plan --at "내일 오후 7시" --travel 35m --now "$now"
profile next --now "$now"
profile next
profile status --format waybar --now "$now"
profile status
profile list --now "$now"
profile list --json --now "$now"
profile show 1 --now "$now"
profile add 저녁 --at "내일 오후 7시" --travel 30m --now "$now"
nm --defined-only "$binary" | awk '{print $3}' | sort -u >"$work/defined"
for run in $(seq 1 "$runs"); do
  sed -nE 's/^c?fn=\([0-9]+\) (.+)$/\1/p' "$work/run.$run"
done | awk '!seen[$0]++' | grep -Fxf "$work/defined" >"$work/functions"
# Then the .bss data they touch (contrib/build/bss-order.py): each page of it a command touches
# is a page fault, and lld puts these together at the section's start. `next` at 1,000
# appointments: about 50 fewer page faults of some 560, --version about 30 fewer (/usr/bin/time).
for run in $(seq 1 "$runs"); do cat "$work/bss.$run"; done | awk '!seen[$0]++' >"$work/bss"
cat "$work/functions" "$work/bss" >contrib/build/startup.order
echo "make-order.sh: $(wc -l <"$work/functions") functions and $(wc -l <"$work/bss") .bss" \
  "symbols in contrib/build/startup.order" >&2
