#!/usr/bin/env bash
# What `chulbal watch` costs and how promptly it alerts, measured on the release binary:
#
#   1. idle: a watch with alerts an hour away, beside `remind -z1` (Remind's daemon mode, which
#      wakes every minute), both for the same span: wake-ups (voluntary context switches after
#      start-up), CPU time and resident memory, from /proc;
#   2. latency: 20 alerts due a second apart, from each alert's due instant to the `Notify`
#      call seen on the bus by dbus-monitor, inside a private session with dunst;
#   3. 10,000 appointments: resident memory of a watch over them, and the time from another
#      process's `add` committing to the watch's re-planned alert (chulbal-bench's re-plan
#      figure is the step alone).
#
#   contrib/bench-watch.sh [--idle SECONDS]    (default 300)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
idle=300
[ "${1:-}" = "--idle" ] && idle="$2"
bash contrib/setup.sh --test --bench
command -v remind >/dev/null || { sudo_=(); [ "$(id -u)" -eq 0 ] || sudo_=(sudo); "${sudo_[@]}" apt-get install -y -q remind >/dev/null; }
bash contrib/build.sh
binary="$PWD/.build/release/chulbal"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TZ=Asia/Seoul

# sample.py PID SECONDS LABEL: wake-ups, CPU and memory after start-up, from /proc.
cat > "$work/sample.py" <<'PY'
import glob, sys, time
pid, span, label = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
def read():
    """Context switches (each a wake-up) and run time in ns, summed over every thread."""
    switches = runtime = 0
    for task in glob.glob(f"/proc/{pid}/task/*"):
        status = dict(line.split(":", 1) for line in open(f"{task}/status"))
        switches += int(status["voluntary_ctxt_switches"]) + int(status["nonvoluntary_ctxt_switches"])
        runtime += int(open(f"{task}/schedstat").read().split()[0])
    return switches, runtime
time.sleep(3)  # start-up is over
switches0, runtime0 = read()
time.sleep(span)
switches1, runtime1 = read()
memory = dict(line.split(":", 1) for line in open(f"/proc/{pid}/smaps_rollup") if line[0].isalpha())
threads = len(glob.glob(f"/proc/{pid}/task/*"))
print(f"{label:>14}: {switches1 - switches0:4d} wake-ups in {span:.0f} s ({threads} threads), "
      f"CPU {(runtime1 - runtime0) / 1e6:.2f} ms, RSS {memory['Rss'].strip()}, "
      f"PSS {memory['Pss'].strip()}, anonymous {memory['Anonymous'].strip()}")
PY

echo "== 1. idle for $idle s, alerts an hour away"
export CHULBAL_DB="$work/idle.db"
"$binary" add "한 시간 뒤" --at +2h --travel 30m --buffer 0 --alerts 30m,0 >/dev/null
echo "REM $(date -d '+2 hours' '+%Y-%m-%d') AT $(date -d '+2 hours' '+%H:%M') +60 MSG 한 시간 뒤" \
  > "$work/reminders"
bash contrib/notify-session.sh bash -c '
  "$1" watch 2>"$2/idle.log" & watch=$!
  remind -z1 "$2/reminders" >/dev/null 2>&1 & remind=$!
  python3 "$2/sample.py" $watch "$3" "chulbal watch" & one=$!
  python3 "$2/sample.py" $remind "$3" "remind -z1" & two=$!
  wait $one $two
  kill $watch $remind; wait
' sh "$binary" "$work" "$idle"

echo "== 2. latency from due instant to Notify on the bus, 20 alerts"
export CHULBAL_DB="$work/latency.db"
for i in $(seq 20); do
  "$binary" add "지연 $i" --at "+$((5 + i))s" --travel 0 --buffer 0 --alerts 0 >/dev/null
done
"$binary" list --json | python3 -c '
import json, sys
for a in json.load(sys.stdin): print(a["start"])' > "$work/due"
bash contrib/notify-session.sh bash -c '
  dbus-monitor --session "interface='"'"'org.freedesktop.Notifications'"'"',member='"'"'Notify'"'"'" \
    > "$2/monitor" 2>/dev/null & monitor=$!
  sleep 0.5
  "$1" watch 2>"$2/latency.log" & watch=$!
  sleep 28
  kill $watch $monitor; wait
' sh "$binary" "$work"
python3 - "$work/due" "$work/monitor" <<'PY'
import datetime, re, statistics, sys
due = sorted(datetime.datetime.fromisoformat(line.strip()).timestamp() for line in open(sys.argv[1]))
calls = [float(m.group(1)) for m in re.finditer(r"method call time=([0-9.]+).*member=Notify", open(sys.argv[2]).read())]
latencies = [(call - when) * 1000 for when, call in zip(due, calls)]
if len(calls) != len(due):
    print(f"  {len(calls)} Notify calls for {len(due)} alerts")
print(f"  {len(latencies)} alerts: median {statistics.median(latencies):.1f} ms, "
      f"worst {max(latencies):.1f} ms, best {min(latencies):.1f} ms")
PY

echo "== 3. 10,000 appointments"
export CHULBAL_DB="$work/large.db"
"$binary" add "씨앗" --at +72h --travel 10m >/dev/null
python3 - "$CHULBAL_DB" <<'PY'
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
now = int(time.time())
rows = [(f"약속 {i}", now + 7200 + i * 600, "Asia/Seoul", "transit", 1800, 0, 600, 0, "1800,600,0", now)
        for i in range(9999)]
db.executemany("INSERT INTO appointment (title, start_at, time_zone, mode, travel_seconds, "
               "travel_estimated, buffer_seconds, prep_seconds, alerts, created_at) "
               "VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
db.commit()
PY
echo "  appointments: $("$binary" list --all --json | grep -c '"id"')"
env -u DBUS_SESSION_BUS_ADDRESS "$binary" watch 2>"$work/large.log" & watch=$!
sleep 3
python3 - $watch <<'PY'
import sys
status = dict(line.split(":", 1) for line in open(f"/proc/{sys.argv[1]}/status"))
print(f"  watch over 10,000: RSS {status['VmRSS'].strip()} (peak {status['VmHWM'].strip()})")
PY
# From the add's exit to the watch delivering the new appointment's alert due 2 s later is
# 2 s plus the re-plan; the re-plan itself is the step chulbal-bench times.
for round in 1 2 3 4 5; do
  "$binary" add "새 약속 $round" --at +2s --travel 0 --buffer 0 --alerts 0 >/dev/null
  sleep 2.5
done
kill $watch; wait $watch || true
echo "  alerts sent after the 5 adds: $(grep -c ' 보냄 #' "$work/large.log"), missed: $(grep -c ' 놓침 #' "$work/large.log")"
swift build -c release --product chulbal-bench >/dev/null 2>&1
.build/release/chulbal-bench --watch-replan "$CHULBAL_DB"
# The same 10,000 packed into a week (one a minute): every one of them is within the day the
# watch plans ahead, so each step reads them all.
python3 - "$CHULBAL_DB" <<'PY'
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
now = int(time.time())
db.execute("UPDATE appointment SET start_at = ? + 7200 + (id * 60)", (now,))
db.commit()
PY
.build/release/chulbal-bench --watch-replan "$CHULBAL_DB"
