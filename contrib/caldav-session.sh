#!/usr/bin/env bash
# Runs a command with a CalDAV server of its own: Debian's Radicale on 127.0.0.1 at a free port,
# storing into a temporary folder, with one user and password made up here.
#
#   contrib/caldav-session.sh COMMAND [ARGUMENT...]
#
# The command sees CHULBAL_TEST_CALDAV_URL (http://127.0.0.1:PORT/), CHULBAL_TEST_CALDAV_USER,
# CHULBAL_TEST_CALDAV_PASSWORD and CHULBAL_TEST_CALDAV_LOG, Radicale's log, which has a line
# "METHOD request for '/PATH' received from ..." for each request (logging level info), so a
# test can count what was fetched. Radicale is stopped when the command ends, however it ends.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: caldav-session.sh COMMAND [ARGUMENT...]" >&2; exit 2; }
command -v radicale >/dev/null 2>&1 || {
  echo "caldav-session.sh: radicale is not installed (contrib/setup.sh --test)" >&2
  exit 1
}

folder="$(mktemp -d)"
server=""
stop() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$folder"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

user="chulbal"
password="$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
# Radicale reads plain passwords from the file when told to (htpasswd_encryption = plain).
printf '%s:%s\n' "$user" "$password" >"$folder/users"
# A port nothing listens on now; Radicale takes it a moment later.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
cat >"$folder/config" <<CONFIG
[server]
hosts = 127.0.0.1:$port

[auth]
type = htpasswd
htpasswd_filename = $folder/users
htpasswd_encryption = plain
delay = 0

[rights]
type = owner_only

[storage]
filesystem_folder = $folder/collections

[web]
type = none

[logging]
level = info
mask_passwords = True
CONFIG

log="$folder/radicale.log"
radicale --config "$folder/config" >"$log" 2>&1 &
server=$!
url="http://127.0.0.1:$port/"
for _ in $(seq 100); do
  if ! kill -0 "$server" 2>/dev/null; then
    echo "caldav-session.sh: radicale did not start:" >&2
    cat "$log" >&2
    exit 1
  fi
  # Any HTTP answer (401 without a password) means it is listening.
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$url" 2>/dev/null)" != "000" ] && break
  sleep 0.1
done

export CHULBAL_TEST_CALDAV_URL="$url" CHULBAL_TEST_CALDAV_USER="$user"
export CHULBAL_TEST_CALDAV_PASSWORD="$password" CHULBAL_TEST_CALDAV_LOG="$log"
status=0
"$@" || status=$?
exit "$status"
