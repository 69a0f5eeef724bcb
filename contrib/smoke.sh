#!/usr/bin/env bash
# Checks a built chulbal binary end to end, in particular that named time zones resolve from
# the system's zone files (tzdata), which the binary reads itself.
#   contrib/smoke.sh .build/release/chulbal
set -uo pipefail
binary="${1:?usage: smoke.sh PATH-TO-CHULBAL}"
# shellcheck source=contrib/test/check.sh
source "$(dirname "$0")/test/check.sh"

for zone_offset in Asia/Seoul=+09:00 America/New_York=-05:00 Asia/Kathmandu=+05:45 \
  Australia/Lord_Howe=+11:00; do
  zone="${zone_offset%%=*}"
  offset="${zone_offset#*=}"
  actual=$("$binary" plan --at "2026-12-01 19:00" --travel 35m --tz "$zone" --json \
    --now 2026-11-30T00:00:00Z | grep '"departure"' | head -n 1)
  check "--tz $zone" "  \"departure\": \"2026-12-01T18:15:00$offset\"," "$actual"
done

actual=$(TZ=Asia/Seoul "$binary" plan --at "내일 오후 7시" --travel 35m \
  --now 2026-11-30T14:00+09:00 | head -n 2)
check "TZ=Asia/Seoul text" "약속  12월 1일 (화) 오후 7:00
출발  12월 1일 (화) 오후 6:15   이동 35분 + 여유 10분" "$actual"

"$binary" plan --at 19:00 --travel 5m --tz Mars/Olympus >/dev/null 2>&1
check "unknown zone exits 2" 2 $?

database=$(mktemp -d)/chulbal.db
CHULBAL_DB="$database" TZ=Asia/Seoul "$binary" add "저녁 약속" --at "2026-12-01 19:00" --travel 35m --now 2026-11-30T14:00+09:00 \
  >/dev/null
actual=$(CHULBAL_DB="$database" TZ=Asia/Seoul "$binary" next --now 2026-11-30T14:00+09:00)
check "add then next" "#1 저녁 약속 — 오후 6:15 출발 (1일 4시간 15분 남음) · 12월 1일 (화) 오후 7:00" "$actual"
rm -rf "$(dirname "$database")"

"$binary" --help >/dev/null
check "--help exits 0" 0 $?

# The libraries opened only when first needed (Sources/CSystem/lazy_library.h) are not loaded
# at start, and are found when needed (`nav --qr`, a series, `watch` below).
actual=$(LD_DEBUG=libs "$binary" --version 2>&1 >/dev/null |
  grep -c 'libical\|libicu\|libnotify\|libglib\|libcurl\|libxml2\|libqrencode')
check "--version loads none of the libraries opened when needed" 0 "$actual"
actual=$("$binary" nav --to 시청 --coord 37.5663,126.9779 --qr | grep -c '▀')
check "nav --qr draws a code through libqrencode" 1 "$((actual > 10))"
database=$(mktemp -d)/chulbal.db
CHULBAL_DB="$database" TZ=Asia/Seoul "$binary" add 출근 --at "평일 오전 9시" --travel 40m \
  --now 2026-12-04T10:00+09:00 >/dev/null
actual=$(CHULBAL_DB="$database" TZ=Asia/Seoul "$binary" next --now 2026-12-08T10:00+09:00)
check "a series' next occurrence, through libical" \
  "#1 출근 — 오전 8:10 출발 (22시간 10분 남음) · 12월 9일 (수) 오전 9:00" "$actual"
rm -rf "$(dirname "$database")"

# An alert due now goes to the terminal when there is no D-Bus, once: the static binary
# links libnotify and GLib dynamically and must still start without a session.
folder=$(mktemp -d)
export CHULBAL_DB="$folder/chulbal.db"
"$binary" add "스모크" --at +1s --travel 0 --buffer 0 --alerts 0 >/dev/null
sleep 1.2
actual=$(env -u DBUS_SESSION_BUS_ADDRESS "$binary" watch --once 2>&1 >/dev/null | grep -c '^\[알림\] 지금 출발하세요 · 스모크')
check "watch --once without D-Bus shows the alert on the terminal" 1 "$actual"
actual=$(env -u DBUS_SESSION_BUS_ADDRESS "$binary" watch --once 2>&1 >/dev/null | grep -c '^\[알림\]')
check "a second watch --once shows it no more" 0 "$actual"
unset CHULBAL_DB
rm -rf "$folder"

# Closed or full streams, and a reader that left: a status and one line, never a crash.
message=$("$binary" --version 2>&1 >/dev/full)
check "--version >/dev/full exits 1" "1 chulbal: 명령은 실행했지만 결과를 표준 출력에 쓰지 못했습니다: 디스크에 남은 공간이 없습니다" \
  "$? $message"
message=$("$binary" --version 2>&1 >&-)
check "--version >&- exits 1" "1 chulbal: 표준 출력이 닫혀 있어 명령을 실행하지 않았습니다" "$? $message"
"$binary" --help | true
check "--help | true is no SIGPIPE" 0 "${PIPESTATUS[0]}"
start=$(date +%s)
"$binary" countdown --at +40m | head -n 1 >/dev/null
check "countdown | head -1 ends with head" "0 fast" \
  "${PIPESTATUS[0]} $([ $(($(date +%s) - start)) -lt 20 ] && echo fast || echo slow)"

# No signal shows the Swift runtime's crash reporter (which on a terminal waits 30 s). Job
# control on, so that the background countdown does not start with SIGQUIT ignored.
ulimit -c 0
set -m
for signal_status in QUIT=131 ABRT=134 SEGV=139; do
  name="${signal_status%%=*}"
  output=$(mktemp)
  lines=$(mktemp)
  "$binary" countdown --at +40m --plain >"$lines" 2>"$output" &
  pid=$!
  # Its first line means it is past its start-up, where the crash reporter is turned off.
  for _ in $(seq 100); do [ -s "$lines" ] && break; sleep 0.05; done
  kill -s "$name" "$pid"
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -s KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  check "SIG$name: status, no crash report" "${signal_status#*=} " "$? $(head -c 200 "$output")"
  rm -f "$output" "$lines"
done
set +m

echo "smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
