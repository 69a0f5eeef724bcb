#!/usr/bin/env bash
# Syncing a CalDAV calendar: the first sync of a whole calendar of EVENTS events (default
# 5,000) and an incremental sync with nothing changed, for `chulbal sync` (the release binary)
# and for `vdirsyncer sync` (PyPI, pinned below) beside it, against one Radicale server in the
# same run. Prints hyperfine's figures and a table of medians with the spread (min–max).
# Targets (issue 15): chulbal's first sync ≤ 10 s, its incremental sync ≤ 200 ms.
#
#   bash contrib/bench-caldav.sh [EVENTS] [RUNS]    (default 5000 and 5; the incremental
#                                                  syncs run 2 × RUNS times)
#   CHULBAL=PATH bash contrib/bench-caldav.sh …     (that binary, not a fresh release build)
#
# Radicale (Debian's package) listens on 127.0.0.1 at a free port, with its storage in a
# temporary folder and htpasswd authentication (apr1 MD5, `htpasswd -m`; Radicale checks it
# with passlib, which Debian's package brings; bcrypt would need python3-bcrypt). The events
# are written straight into Radicale's storage folder before it starts: one `UID.ics` file per
# event in collection-root/USER/CALENDAR/, whose `.Radicale.props` makes it a calendar. Radicale
# reads such files as its own: it parses an item the first time it is asked for it and caches
# the result under `.Radicale.cache` (radicale/storage/multifilesystem/get.py, `_get`), so one
# PROPFIND warms that cache before anything is timed, and its answer is checked to list every
# event. (A PUT per event holds Radicale's storage lock for writing, radicale/app/put.py, so
# PUTs sent in parallel are served one at a time: 1,000 sent by curl, 8 at a time, took 98 s
# here. curl needs `-H Expect:` for them, or it waits a second for a 100 Continue that
# Radicale's server never sends.)
#
# vdirsyncer is installed into .build/bench-venv from PyPI. Its first sync starts each time
# from an empty status folder and an empty filesystem storage (`vdirsyncer discover` first,
# not timed); chulbal's first is `chulbal source add URL` on a fresh database, which syncs.
# The incremental syncs repeat on what the last first sync left. Last, chulbal's first sync is
# timed once more with `--departures 출발`, which also puts the coming two weeks' departures on
# the server.
#
# The chulbal half runs only when the binary knows `sync`; otherwise it says so and goes on.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
events="${1:-5000}"
runs="${2:-5}"
vdirsyncer_version=0.21.0
user=bench
password=chulbal-bench-password
calendar=calendar

for tool in radicale htpasswd hyperfine curl python3; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "bench-caldav.sh: '$tool' is not on PATH (apt-get install radicale apache2-utils" \
      "hyperfine curl python3 python3-venv)" >&2
    exit 1
  fi
done

venv="$PWD/.build/bench-venv"
if [ "$("$venv/bin/vdirsyncer" --version 2>/dev/null)" != "vdirsyncer, version $vdirsyncer_version" ]; then
  mkdir -p .build
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q "vdirsyncer==$vdirsyncer_version" >&2
fi
vdirsyncer="$venv/bin/vdirsyncer"

# CHULBAL=PATH measures that binary instead of building the release one.
if [ -n "${CHULBAL:-}" ]; then
  chulbal="$(realpath "$CHULBAL")"
else
  bash contrib/build.sh >&2
  chulbal="$PWD/.build/release/chulbal"
fi

work=$(mktemp -d)
radicale_pid=
stop() {
  if [ -n "$radicale_pid" ]; then
    kill "$radicale_pid" 2>/dev/null || true
    wait "$radicale_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT

# The calendar, written as Radicale would keep it. The same events every run (a fixed seed),
# from the day this runs on: titles in Korean, a place, a note now and then; one in ten repeats
# weekly (from some weeks back), one in twenty-five is an all-day event, one in five has an
# alarm.
python3 - "$work/storage/collection-root/$user/$calendar" "$events" <<'PY'
import datetime, json, os, random, sys, uuid

folder, count = sys.argv[1], int(sys.argv[2])
os.makedirs(folder, exist_ok=True)
with open(os.path.join(folder, ".Radicale.props"), "w") as props:
    json.dump({"C:supported-calendar-component-set": "VEVENT", "D:displayname": "일정",
               "ICAL:calendar-color": "#3a7bd5", "tag": "VCALENDAR"}, props)
titles = ["저녁 약속", "팀 회의", "치과 예약", "요가 수업", "부모님 댁 방문", "동창 모임",
          "주간 회의", "프로젝트 리뷰", "점심 약속", "병원 정기 검진", "영어 회화 수업",
          "고객사 미팅", "결혼식", "돌잔치", "스터디 모임", "헬스장 PT", "아이 학원 데려다주기",
          "독서 모임", "은행 방문", "미용실 예약"]
places = ["강남역 2번 출구", "서울 중구 세종대로 110", "판교역 1번 출구 앞 카페",
          "서울대학교병원 본관 3층", "여의도 IFC몰 지하 1층", "홍대입구역 9번 출구",
          "부산 해운대구 우동 1411", "수원시청 민원실", "잠실 롯데월드타워 10층 회의실",
          "성수동 연무장길 42", "인천국제공항 제1여객터미널 3층", "대전역 대합실"]
notes = ["", "", "", "회의 자료 미리 읽어 오기", "주차는 건물 뒤편", "선물 챙기기",
         "예약 번호 2041", "10분 일찍 도착"]
weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
vtimezone = ("BEGIN:VTIMEZONE\r\nTZID:Asia/Seoul\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0900\r\n"
             "TZOFFSETTO:+0900\r\nTZNAME:KST\r\nDTSTART:19700101T000000\r\nEND:STANDARD\r\n"
             "END:VTIMEZONE\r\n")
random.seed(15)
today = datetime.date.today()
stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
for number in range(count):
    uid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"chulbal-bench-caldav/{number}"))
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//chulbal//bench-caldav//KO"]
    event = ["BEGIN:VEVENT", f"UID:{uid}", f"DTSTAMP:{stamp}", f"LAST-MODIFIED:{stamp}",
             f"SUMMARY:{random.choice(titles)}", f"LOCATION:{random.choice(places)}"]
    repeats = number % 10 == 0
    day = today + datetime.timedelta(
        days=random.randint(-70, -1) if repeats else random.randint(1, 730))
    if number % 25 == 1:
        event += [f"DTSTART;VALUE=DATE:{day:%Y%m%d}",
                  f"DTEND;VALUE=DATE:{day + datetime.timedelta(days=1):%Y%m%d}"]
    else:
        start = datetime.datetime.combine(day, datetime.time(random.randint(7, 21),
                                                               random.choice([0, 15, 30, 45])))
        end = start + datetime.timedelta(minutes=random.choice([30, 60, 90, 120, 180]))
        event += [f"DTSTART;TZID=Asia/Seoul:{start:%Y%m%dT%H%M%S}",
                  f"DTEND;TZID=Asia/Seoul:{end:%Y%m%dT%H%M%S}"]
    if repeats:
        rule = f"RRULE:FREQ=WEEKLY;BYDAY={weekdays[day.weekday()]}"
        if number % 20 == 0:
            rule += f";COUNT={random.randint(10, 52)}"
        event.append(rule)
    note = random.choice(notes)
    if note:
        event.append(f"DESCRIPTION:{note}")
    if number % 5 == 2:
        event += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:알림",
                  f"TRIGGER:-PT{random.choice([10, 15, 30, 60])}M", "END:VALARM"]
    event.append("END:VEVENT")
    body = "\r\n".join(lines) + "\r\n" + vtimezone + "\r\n".join(event) + "\r\nEND:VCALENDAR\r\n"
    with open(os.path.join(folder, uid + ".ics"), "w", encoding="utf-8", newline="") as f:
        f.write(body)
PY

htpasswd -c -b -m "$work/htpasswd" "$user" "$password" 2>/dev/null
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# Only this file: Radicale would otherwise read /etc/radicale/config too (its auth is
# remote_user there).
cat >"$work/radicale.conf" <<CONF
[server]
hosts = 127.0.0.1:$port
[auth]
type = htpasswd
htpasswd_filename = $work/htpasswd
htpasswd_encryption = md5
[rights]
type = owner_only
[storage]
filesystem_folder = $work/storage
[web]
type = none
[logging]
level = warning
CONF
radicale --config "$work/radicale.conf" >"$work/radicale.log" 2>&1 &
radicale_pid=$!
base="http://127.0.0.1:$port/"
for _ in $(seq 100); do
  curl -s -o /dev/null "$base" && break
  kill -0 "$radicale_pid" 2>/dev/null || { cat "$work/radicale.log" >&2; exit 1; }
  sleep 0.1
done

# Parses every event once (Radicale's item cache), and checks that Radicale lists them all.
listed=$(curl -sf -u "$user:$password" -X REPORT -H "Depth: 1" \
  -H "Content-Type: application/xml; charset=utf-8" --data-binary @- "$base$user/$calendar/" <<'XML' \
  | grep -o '\.ics</href>' | wc -l
<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:getetag/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"/></C:comp-filter></C:filter>
</C:calendar-query>
XML
)
echo "Radicale $(radicale --version) at $base: $listed of $events events listed in /$user/$calendar/"
[ "$listed" -eq "$events" ] || { echo "bench-caldav.sh: Radicale lists $listed events, not $events" >&2; exit 1; }

json="$work/json"
mkdir -p "$json"
incremental_runs=$((runs * 2))

# Radicale alone, asked by curl: what the server takes to answer the requests a sync is made
# of, under any client. A PROPFIND of every event's ETag (vdirsyncer lists the calendar so,
# each sync); every event's data in one calendar-query REPORT (RFC 4791 section 7.8) from the
# start of today; the calendar's own sync token and CTag (a PROPFIND of depth 0); and a
# sync-collection REPORT (RFC 6578 section 3.2) with no token, then with the token that answer
# gave, nothing having changed since.
dav="curl -sf -u $user:$password -H Content-Type:application/xml"
cat >"$work/propfind.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<propfind xmlns="DAV:"><prop><getetag/><getcontenttype/></prop></propfind>
XML
cat >"$work/token.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<propfind xmlns="DAV:" xmlns:CS="http://calendarserver.org/ns/"><prop><sync-token/><CS:getctag/></prop></propfind>
XML
cat >"$work/query.xml" <<XML
<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:getetag/><C:calendar-data/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
    <C:time-range start="$(date -u +%Y%m%d)T000000Z"/>
  </C:comp-filter></C:comp-filter></C:filter>
</C:calendar-query>
XML
sync_request() {  # sync_request TOKEN
  printf '%s\n' '<?xml version="1.0" encoding="utf-8"?>' \
    "<sync-collection xmlns=\"DAV:\"><sync-token>$1</sync-token><sync-level>1</sync-level>" \
    '<prop><getetag/></prop></sync-collection>'
}
sync_request "" >"$work/sync-first.xml"
token=$($dav -X REPORT --data-binary "@$work/sync-first.xml" "$base$user/$calendar/" \
  | grep -o '<sync-token>[^<]*</sync-token>' | sed 's/<[^>]*>//g')
[ -n "$token" ] || { echo "bench-caldav.sh: Radicale gave no sync token" >&2; exit 1; }
sync_request "$token" >"$work/sync-again.xml"
queried=$($dav -X REPORT -H Depth:1 --data-binary "@$work/query.xml" "$base$user/$calendar/" \
  | grep -o '\.ics</href>' | wc -l)
echo "calendar-query from today: $queried events; sync-collection's token: $token"
hyperfine -N --warmup 1 --runs "$runs" --export-json "$json/0-radicale.json" \
  --command-name "Radicale alone: PROPFIND, every ETag" \
  "$dav -o /dev/null -X PROPFIND -H Depth:1 --data-binary @$work/propfind.xml $base$user/$calendar/" \
  --command-name "Radicale alone: calendar-query, every event" \
  "$dav -o /dev/null -X REPORT -H Depth:1 --data-binary @$work/query.xml $base$user/$calendar/" \
  --command-name "Radicale alone: sync-collection, no token" \
  "$dav -o /dev/null -X REPORT --data-binary @$work/sync-first.xml $base$user/$calendar/" \
  --command-name "Radicale alone: PROPFIND depth 0, the calendar's token" \
  "$dav -o /dev/null -X PROPFIND -H Depth:0 --data-binary @$work/token.xml $base$user/$calendar/" \
  --command-name "Radicale alone: sync-collection, no change" \
  "$dav -o /dev/null -X REPORT --data-binary @$work/sync-again.xml $base$user/$calendar/"

# vdirsyncer: a caldav storage and a filesystem storage, paired.
mkdir -p "$work/vdirsyncer"
cat >"$work/vdirsyncer/config" <<CONF
[general]
status_path = "$work/vdirsyncer/status/"

[pair bench]
a = "bench_remote"
b = "bench_local"
collections = ["from a"]

[storage bench_remote]
type = "caldav"
url = "$base"
username = "$user"
password.fetch = ["command", "printf", "%s", "$password"]

[storage bench_local]
type = "filesystem"
path = "$work/vdirsyncer/calendars/"
fileext = ".ics"
CONF
cat >"$work/vdirsyncer/reset.sh" <<RESET
set -e
rm -rf "$work/vdirsyncer/status" "$work/vdirsyncer/calendars"
mkdir -p "$work/vdirsyncer/calendars/$calendar"
"$vdirsyncer" --config "$work/vdirsyncer/config" discover >/dev/null
RESET
vdirsyncer_sync="$vdirsyncer --config $work/vdirsyncer/config sync"
hyperfine -N --runs "$runs" --prepare "bash $work/vdirsyncer/reset.sh" \
  --export-json "$json/1-vdirsyncer-first.json" \
  --command-name "vdirsyncer sync, first, $events events" "$vdirsyncer_sync"
synced=$(find "$work/vdirsyncer/calendars/$calendar" -name '*.ics' | wc -l)
echo "vdirsyncer: $synced files in its filesystem storage after the first sync"
hyperfine -N --warmup 1 --runs "$incremental_runs" \
  --export-json "$json/2-vdirsyncer-incremental.json" \
  --command-name "vdirsyncer sync, incremental, no change" "$vdirsyncer_sync"

# chulbal, when it knows `sync`. Its first sync is `source add`, which finds the calendar
# (discovery) and brings every event in before it keeps the source: timed from an empty
# folder each run. The incremental syncs repeat on what the last one left.
if "$chulbal" help sync >/dev/null 2>&1; then
  database="$work/chulbal/chulbal.db"
  cat >"$work/chulbal-reset.sh" <<RESET
set -e
rm -rf "$work/chulbal"
mkdir -p "$work/chulbal"
RESET
  chulbal_add="$chulbal source add $base --user $user --password-command 'printf %s $password' --db $database"
  chulbal_sync="$chulbal sync --db $database"
  # A failure here is reported and the table still printed.
  if hyperfine -N --runs "$runs" --prepare "bash $work/chulbal-reset.sh" \
    --export-json "$json/3-chulbal-first.json" \
    --command-name "chulbal source add (first sync), $events events" "$chulbal_add"; then
    "$chulbal" source list --db "$database" || true
    hyperfine -N --warmup 1 --runs "$incremental_runs" \
      --export-json "$json/4-chulbal-incremental.json" \
      --command-name "chulbal sync, incremental, no change" "$chulbal_sync" \
      || echo "chulbal sync: the incremental sync failed (see above)"
    # The first sync again with a departures calendar (`--departures 출발`), as a person with
    # a phone adds the source: after the events come in, the departures of the next two weeks
    # are put on the server. The calendar it made (`chulbal-departures`, the segment made for
    # a name with no ASCII letters) is deleted before each run, so each run makes and fills it.
    departures="$base$user/chulbal-departures/"
    cat >"$work/chulbal-reset-departures.sh" <<RESET
set -e
bash "$work/chulbal-reset.sh"
curl -s -o /dev/null -u "$user:$password" -X DELETE "$departures"
RESET
    if hyperfine -N --runs "$runs" --prepare "bash $work/chulbal-reset-departures.sh" \
      --export-json "$json/5-chulbal-first-departures.json" \
      --command-name "chulbal source add --departures, $events events" \
      "$chulbal_add --departures 출발"; then
      pushed=$(curl -sf -u "$user:$password" -X PROPFIND -H "Depth: 1" "$departures" \
        | grep -o '\.ics</href>' | wc -l)
      echo "chulbal: $pushed departure events in $departures after the last run"
    else
      echo "chulbal source add --departures: the first sync failed (see above)"
    fi
  else
    echo "chulbal sync: the first sync failed (see above)"
  fi
else
  echo "chulbal sync: not built yet"
fi

echo
python3 - "$json" <<'PY'
import glob, json, os, sys

print(f"{'':44} {'median':>10} {'min–max':>20} {'runs':>5}")
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    if os.path.getsize(path) == 0:  # hyperfine's, when the command failed
        continue
    for result in json.load(open(path))["results"]:
        times = result["times"]
        def shown(seconds):
            return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1000:.0f} ms"
        spread = f"{shown(min(times))}–{shown(max(times))}"
        print(f"{result['command']:44} {shown(result['median']):>10} {spread:>20} {len(times):>5}")
PY
