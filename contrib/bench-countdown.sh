#!/usr/bin/env bash
# Tick accuracy and cost of the live countdown, with termdown beside it.
#
#   bash contrib/bench-countdown.sh          all (about 13 minutes: includes a 10-minute run)
#   bash contrib/bench-countdown.sh --quick  without the 10-minute minute-mode run
#
# Prints: the delay of each --plain line after its true second boundary (median, worst);
# CPU time, voluntary context switches (wake-ups) and peak RSS of a 60-second countdown in
# second mode, plain and on a real terminal (tmux), of `termdown 60` on the same terminal, and
# of 10 minutes of minute mode (contrib/rusage.py reads them from wait4).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
bash contrib/setup.sh --test --bench
bash contrib/build.sh
binary="$PWD/.build/release/chulbal"
work=$(mktemp -d)
trap 'tmux -L chulbal-bench kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

echo "== tick accuracy: 60-second --plain run"
python3 - "$binary" <<'PY'
import datetime, math, statistics, subprocess, sys, time
target = math.ceil(time.time()) + 61
at = datetime.datetime.fromtimestamp(target, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
process = subprocess.Popen([sys.argv[1], "countdown", "--at", at, "--plain"],
                           stdout=subprocess.PIPE, text=True, bufsize=1)
delays = []
first = True
for line in process.stdout:
    received = time.time()
    text = line.strip("\a\n")
    if first:          # drawn at start-up, not on a boundary
        first = False
        continue
    if text.startswith("출발까지 "):
        parts = text[len("출발까지 "):].split()
        seconds = sum(int(p[:-1]) * 60 if p.endswith("분") else int(p[:-1]) for p in parts)
    else:
        seconds = 0
    delays.append((received - (target - seconds)) * 1000)
process.wait()
print(f"lines: {len(delays) + 1}, delay after the true boundary: median {statistics.median(delays):.2f} ms, "
      f"worst {max(delays):.2f} ms, best {min(delays):.2f} ms")
PY

rusage="python3 $here/rusage.py"

echo "== cost: 60 seconds of second mode, --plain to a pipe"
$rusage --label "chulbal --plain" -- "$binary" countdown --at +60s --plain >/dev/null

echo "== cost: 60 seconds on a real terminal (tmux), chulbal and termdown"
if ! command -v termdown >/dev/null 2>&1; then
  python3 -m pip install --quiet termdown >/dev/null 2>&1 || true
fi
tmux -L chulbal-bench kill-server 2>/dev/null || true
for program in "$binary countdown --at +60s" "termdown 60"; do
  name="${program%% *}"
  name="${name##*/}"
  tmux -L chulbal-bench new-session -d -x 80 -y 24 \
    "env -u NO_COLOR TERM=xterm-256color $rusage --label '$name (tmux)' --output $work/$name.cost -- $program"
  while tmux -L chulbal-bench has-session 2>/dev/null; do sleep 1; done
  cat "$work/$name.cost"
done

if [ "${1:-}" != "--quick" ]; then
  echo "== cost: 10 minutes of minute mode (45 minutes away), --plain to a pipe"
  $rusage --label "chulbal minute mode" --stop-after 600 -- \
    "$binary" countdown --at +45m --plain >/dev/null
fi
