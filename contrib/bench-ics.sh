#!/usr/bin/env bash
# Reading iCalendar files: `chulbal-bench --ics` (2,000 events of which 200 repeat weekly for
# five years, a file near the 20 MiB limit, and the refusal of a 50 MiB one), then
# `khal import` of the same 2,000 events beside it when khal is on PATH or in
# .build/khal-venv (python3 -m venv .build/khal-venv && .build/khal-venv/bin/pip install
# khal). khal writes one file per event and its index; chulbal only reads, as its import
# (issue 14) does not exist yet, so the two rows are context rather than a match.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
swift build -c release --product chulbal-bench >&2
bench=.build/release/chulbal-bench
"$bench" --ics

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
