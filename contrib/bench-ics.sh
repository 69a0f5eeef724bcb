#!/usr/bin/env bash
# Reading iCalendar files: `chulbal-bench --ics` (2,000 events of which 200 repeat weekly for
# five years, a file near the 20 MiB limit, and the refusal of a 50 MiB one), then
# `chulbal import` of the same 2,000 events into a fresh database and again with no change
# (hyperfine, and peak RSS), then `khal import` of them beside it when khal is on PATH or in
# .build/khal-venv (python3 -m venv .build/khal-venv && .build/khal-venv/bin/pip install
# khal). khal writes one file per event and its index.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
swift build -c release --product chulbal-bench >&2
swift build -c release --product chulbal >&2
bench=.build/release/chulbal-bench
"$bench" --ics

scratch=$(mktemp -d)
"$bench" --ics write "$scratch/2000.ics"
import="$PWD/.build/release/chulbal --db $scratch/c.db import $scratch/2000.ics --now 2026-11-30T14:00+09:00"
hyperfine -N -w 1 -r 10 --prepare "rm -f $scratch/c.db $scratch/c.db-wal $scratch/c.db-shm" \
  --command-name "chulbal import, 2,000 events, fresh database" "$import"
/usr/bin/time -f "chulbal import, fresh: peak RSS %M KiB" $import >/dev/null
hyperfine -N -w 1 -r 10 --command-name "chulbal import again, no change" "$import"
/usr/bin/time -f "chulbal import again: peak RSS %M KiB" $import >/dev/null
rm -rf "$scratch"

khal=$(command -v khal || true)
[ -z "$khal" ] && [ -x .build/khal-venv/bin/khal ] && khal=.build/khal-venv/bin/khal
if [ -z "$khal" ]; then
  echo "khal: not found (see the comment at the top of $0)"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" --ics write "$work/2000.ics"
mkdir -p "$work/cal" "$work/data"
cat >"$work/config" <<CONFIG
[calendars]
[[bench]]
path = $work/cal
type = calendar
[locale]
local_timezone = Asia/Seoul
default_timezone = Asia/Seoul
[sqlite]
path = $work/data/khal.db
CONFIG
/usr/bin/time -f "khal import, 2,000 events: %e s, peak RSS %M KiB" \
  "$khal" -c "$work/config" import --batch -a bench "$work/2000.ics"
