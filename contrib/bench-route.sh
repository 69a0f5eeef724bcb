#!/usr/bin/env bash
# Live routes cost nothing on the read path, and an import keeps to its request budget.
#
# 1. `list` of 1,000 appointments with every mode's chain pointed at a local routing server
#    that counts the requests it is sent, against the same list with no chain, alternated by
#    chulbal-bench; the server's count after the runs (0: no network on the read path).
# 2. `import` of 2,000 events with coordinates, each its own trip, without a chain, then with
#    an OSRM chain at the same server (20 ms an answer) and `route.limit` at its default: the
#    wall times and the server's count (at most 200), then the import again with no change
#    (no request).
#
#   bash contrib/bench-route.sh [ROUNDS]     (default 40)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
rounds="${1:-40}"
bash contrib/build.sh >&2
bash contrib/build.sh chulbal-bench
bench="$PWD/.build/release/chulbal-bench"
chulbal="$PWD/.build/release/chulbal"
work=$(mktemp -d)
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
"${CC:-cc}" -O2 -o "$work/peak-rss" contrib/bench/peak-rss.c
export TZ=Asia/Seoul
now=2026-11-30T14:00+09:00

# An OSRM-shaped answer for every request, each request counted in a file, 20 ms late.
python3 - "$work/count" >"$work/port" <<'PY' &
import http.server, sys, threading, time
log, lock = sys.argv[1], threading.Lock()
body = b'{"code":"Ok","routes":[{"duration":1725.3,"distance":27104.2}]}'
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        with lock, open(log, "a") as file:
            file.write("x\n")
        time.sleep(0.02)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    do_POST = do_GET
    def log_message(self, *arguments):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
PY
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
url="http://127.0.0.1:$(cat "$work/port")"
: >"$work/count"
requests() { wc -l <"$work/count" | tr -d ' '; }

"$bench" --make-data 1000 "$work/plain" >&2
mkdir -p "$work/routes"
cp "$work/plain/chulbal.db" "$work/routes/chulbal.db"
set_routes() {  # set_routes DB: every mode asks the server first
  local db="$1"
  "$chulbal" config set osrm.url "$url" --db "$db" >/dev/null
  "$chulbal" config set valhalla.url "$url" --db "$db" >/dev/null
  "$chulbal" config set tmap.url "$url" --db "$db" >/dev/null
  "$chulbal" config set tmap.key-command "echo bench-key" --db "$db" >/dev/null
  "$chulbal" config set route.car osrm --db "$db" >/dev/null
  "$chulbal" config set route.walk osrm --db "$db" >/dev/null
  "$chulbal" config set route.bike valhalla --db "$db" >/dev/null
  "$chulbal" config set route.transit tmap --db "$db" >/dev/null
}
set_routes "$work/routes/chulbal.db"

echo "== list, 1,000 appointments: no route chain vs every mode's chain at a local server"
"$bench" --alternate "$rounds" --helper "$work/peak-rss" \
  --run estimate "$chulbal" list --db "$work/plain/chulbal.db" --now "$now" \
  --run providers "$chulbal" list --db "$work/routes/chulbal.db" --now "$now"
echo "requests the server was sent by the list runs: $(requests)"

# 2,000 events a day apart, 19:00 in Seoul, at 강남역, from 망원 by car.
python3 - "$work/2000.ics" <<'PY'
import datetime, sys
lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//chulbal bench//EN"]
first = datetime.datetime(2026, 12, 1, 10, 0)
for index in range(2000):
    start = (first + datetime.timedelta(days=index)).strftime("%Y%m%dT%H%M%SZ")
    lines += ["BEGIN:VEVENT", f"UID:route-{index}", "DTSTAMP:20261101T000000Z",
              f"DTSTART:{start}", "DURATION:PT1H", f"SUMMARY:약속 {index}",
              "GEO:37.4979;127.0276", "END:VEVENT"]
open(sys.argv[1], "w").write("\r\n".join(lines + ["END:VCALENDAR"]) + "\r\n")
PY
plain="$work/import-plain/chulbal.db"
mkdir -p "$work/import-plain"
"$chulbal" place add 집 --coord 37.556,126.91 --default --db "$plain" >/dev/null
"$chulbal" config set mode car --db "$plain" >/dev/null
echo "== import, 2,000 events with coordinates, no route chain"
start=$(date +%s%N)
"$chulbal" import "$work/2000.ics" --now "$now" --db "$plain" >/dev/null
echo "import: $(( ($(date +%s%N) - start) / 1000000 )) ms"
db="$work/import/chulbal.db"
mkdir -p "$work/import"
"$chulbal" place add 집 --coord 37.556,126.91 --default --db "$db" >/dev/null
"$chulbal" config set mode car --db "$db" >/dev/null
set_routes "$db"
: >"$work/count"
echo "== import, 2,000 events with coordinates, route.car osrm, route.limit $("$chulbal" config get route.limit --db "$db")"
start=$(date +%s%N)
"$chulbal" import "$work/2000.ics" --now "$now" --db "$db"
echo "import: $(( ($(date +%s%N) - start) / 1000000 )) ms, requests: $(requests)"
: >"$work/count"
start=$(date +%s%N)
"$chulbal" import "$work/2000.ics" --now "$now" --db "$db" >/dev/null
echo "import again, no change: $(( ($(date +%s%N) - start) / 1000000 )) ms, requests: $(requests)"
