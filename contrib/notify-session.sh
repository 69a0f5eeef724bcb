#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a real notification server: dunst on an
# Xvfb display, on a bus where nothing can be activated, all stopped when the command ends.
#
#   contrib/notify-session.sh CMD [ARGS…]
#
# CMD sees that session's DBUS_SESSION_BUS_ADDRESS and DISPLAY, CHULBAL_NOTIFY_SESSION=1, and
# CHULBAL_DUNST_PID, the server's process id (tests freeze it with SIGSTOP). The status is
# CMD's own; 1 when the session could not be set up. Everything lives in a temporary folder
# that is removed at the end. Needs what `contrib/setup.sh --test` installs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

# The part that runs inside dbus-run-session: the display, the server, then CMD.
if [ "${1:-}" = "--inside" ]; then
  folder="$2"
  shift 2
  xvfb="" dunst=""
  stop() {
    # In reverse order. A test that froze dunst and died before thawing it leaves it stopped,
    # deaf to SIGTERM until it is continued.
    if [ -n "$dunst" ]; then
      kill -CONT "$dunst" 2>/dev/null || true
      kill -TERM "$dunst" 2>/dev/null || true
      wait "$dunst" 2>/dev/null || true
    fi
    if [ -n "$xvfb" ]; then
      kill -TERM "$xvfb" 2>/dev/null || true
      wait "$xvfb" 2>/dev/null || true
    fi
  }
  trap stop EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  fail() {
    echo "notify-session.sh: $1" >&2
    [ -s "$2" ] && sed 's/^/  /' "$2" >&2
    exit 1
  }

  # Xvfb picks a free display itself and writes its number to the descriptor once it accepts
  # connections, so there is neither a guessed number nor a wait for a lock file.
  mkfifo "$folder/display"
  Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp \
    3>"$folder/display" >"$folder/xvfb.log" 2>&1 &
  xvfb=$!
  display=""
  read -r -t 10 display <"$folder/display" || true
  [ -n "$display" ] || fail "Xvfb did not start" "$folder/xvfb.log"
  export DISPLAY=":$display"

  # Started here rather than activated, so it reads this configuration and not the system's,
  # and it ends with the session.
  dunst -config "$here/test/dunstrc" >"$folder/dunst.log" 2>&1 &
  dunst=$!
  # Waited for beside dunst itself, so that a dunst that cannot start is reported at once.
  gdbus wait --session --timeout 5 org.freedesktop.Notifications >/dev/null 2>&1 &
  waiter=$!
  while kill -0 "$waiter" 2>/dev/null && kill -0 "$dunst" 2>/dev/null; do sleep 0.02; done
  if ! kill -0 "$dunst" 2>/dev/null; then
    kill "$waiter" 2>/dev/null || true
    wait "$waiter" 2>/dev/null || true
    dunst=""
    fail "dunst ended before it took org.freedesktop.Notifications" "$folder/dunst.log"
  fi
  wait "$waiter" \
    || fail "dunst did not take org.freedesktop.Notifications within 5 s" "$folder/dunst.log"

  export CHULBAL_NOTIFY_SESSION=1 CHULBAL_DUNST_PID="$dunst"
  status=0
  "$@" || status=$?
  exit "$status"
fi

if [ $# -eq 0 ]; then
  echo "usage: contrib/notify-session.sh CMD [ARGS…]" >&2
  exit 2
fi
for program in dbus-run-session dbus-daemon Xvfb dunst dunstctl gdbus busctl; do
  if ! command -v "$program" >/dev/null 2>&1; then
    echo "notify-session.sh: '$program' is missing; run contrib/setup.sh --test" >&2
    exit 1
  fi
done

folder="$(mktemp -d "${TMPDIR:-/tmp}/chulbal-notify.XXXXXX")"
trap 'rm -rf "$folder"' EXIT

# The bus's socket goes in the folder unless its path would not fit in a socket address (108
# bytes) or in the XML below; then it is an abstract socket, which leaves no file behind.
listen="unix:dir=$folder"
case "$folder" in *[\&\<\>\"\']*) listen="unix:tmpdir=/tmp" ;; esac
[ ${#folder} -le 80 ] || listen="unix:tmpdir=/tmp"

# A session bus with no <servicedir>: nothing can be activated, so only the dunst started
# above can answer, and nothing outlives the bus.
cat >"$folder/session.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>$listen</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF

# Nothing of the caller's desktop may leak in: with DISPLAY set and no bus address, GIO would
# autolaunch a hidden bus of its own.
unset DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY
status=0
dbus-run-session --config-file="$folder/session.conf" -- \
  bash "$here/notify-session.sh" --inside "$folder" "$@" || status=$?
exit "$status"
