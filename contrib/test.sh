#!/usr/bin/env bash
# Sets up and runs every check: format lint, the release binary, and the test suite.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
bash contrib/setup.sh --test

# The calendar tests ask Python's icalendar and recurring-ical-events (from PyPI, pinned) for
# the starts chulbal derives from each fixture (Tests/ChulbalCalendarTests/RecurringEventsOracle.swift);
# made once, kept while it imports both.
oracle=.build/oracle-venv
if ! "$oracle/bin/python3" -c "import icalendar, recurring_ical_events" 2>/dev/null; then
  echo "== $oracle: icalendar, recurring-ical-events"
  python3 -m venv "$oracle"
  "$oracle/bin/pip" install --quiet icalendar==7.3.2 recurring-ical-events==3.8.2
fi

echo "== swift format lint --strict"
swift format lint --strict --recursive Package.swift Sources Tests

echo "== the width table is what unicode-data's EastAsianWidth.txt makes"
bash contrib/width-table.sh --check

echo "== release binary"
bash contrib/test-lazy-libraries.sh
bash contrib/build.sh
bash contrib/smoke.sh .build/release/chulbal

echo "== install.sh, the completions it installs, deb.sh and lintian"
bash contrib/test-install.sh

echo "== swift build --build-tests"
swift build --build-tests

# The process suites and the hostile campaign run the binary that ships, built once above,
# not the debug one beside the tests (Tests/ChulbalCLITests/EndToEndTests.swift).
export CHULBAL_EXECUTABLE="$PWD/.build/release/chulbal"
echo "== swift test, chulbal as $CHULBAL_EXECUTABLE (in a private D-Bus session with a" \
  "notification server, beside a Radicale)"
bash contrib/notify-session.sh bash contrib/caldav-session.sh swift test --skip-build
