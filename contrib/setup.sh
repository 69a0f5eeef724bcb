#!/usr/bin/env bash
# Installs what chulbal needs from Debian's packages, and only what is missing.
#
#   contrib/setup.sh           what building and running needs
#   contrib/setup.sh --test    also what the tests need
#   contrib/setup.sh --bench   also what the benchmarks need (hyperfine, and the peers remind and calcurse)
#
# Safe to run any number of times. Uses sudo when not root.
set -euo pipefail

packages=(tzdata pkg-config libsqlite3-dev libqrencode-dev libnotify-dev libical-dev
  libcurl4-openssl-dev libxml2-dev binutils)
for arg in "$@"; do
  case "$arg" in
    # The notification tests' private session (contrib/notify-session.sh): dunst on Xvfb;
    # dbus-run-session and dbus-daemon (dbus-daemon), dbus-send for dunstctl (dbus-bin), gdbus
    # (libglib2.0-bin), busctl for `dunstctl history` (systemd), notify-send (libnotify-bin).
    # The install tests: the completions run in bash, zsh and fish; the man page is linted by
    # groff (groff-base holds groff and its an/mandoc macros) and mandoc; the package is built
    # by dpkg-deb and dpkg-shlibdeps (dpkg-dev) and checked by lintian. The recurrence tests ask
    # Python's dateutil (python3-dateutil) for the occurrences libical should give; the calendar
    # tests ask icalendar and recurring-ical-events, which contrib/test.sh installs from PyPI
    # into a virtual environment (python3-venv). The CalDAV tests run against Radicale
    # (contrib/caldav-session.sh), set up their data with the curl program, and make a
    # self-signed certificate with openssl for a Python HTTPS server. The width table is made
    # from, and tested against, unicode-data's EastAsianWidth.txt (contrib/width-table.sh).
    # The `command` route provider is tested with a real routing engine, routino
    # (planetsplitter + routino-router), on a street grid the test writes.
    --test)
      packages+=(tmux zbar-tools dunst xvfb libnotify-bin dbus-daemon dbus-bin libglib2.0-bin systemd
        zsh fish groff-base mandoc dpkg-dev lintian python3 python3-dateutil python3-venv
        radicale curl openssl unicode-data routino)
      ;;
    --bench) packages+=(hyperfine tmux remind calcurse gcc libc6-dev) ;;
    *) echo "setup.sh: unknown option '$arg' (--test, --bench)" >&2; exit 2 ;;
  esac
done

if ! command -v swift >/dev/null 2>&1; then
  echo "setup.sh: the Swift toolchain (6.0 or later) is not on PATH; install it first" >&2
  exit 1
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
echo "setup.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q >/dev/null
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
