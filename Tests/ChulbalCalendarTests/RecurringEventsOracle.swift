import ChulbalTestSupport
import Foundation

/// Python's `icalendar` and `recurring-ical-events` (from PyPI, written apart from libical and
/// from chulbal), asked which events start in a window of a calendar file or vdir folder.
///
/// Its interpreter is `CHULBAL_ORACLE_PYTHON` when set, else the virtual environment
/// `contrib/test.sh` makes at `.build/oracle-venv`. Without either the test fails and says how
/// to make it: an oracle that is missing is never a silent pass.
enum RecurringEventsOracle {
  struct Query: Codable {
    let paths: [String]
    let from: Int
    let to: Int
    let floatingTimeZone: String
  }

  /// One start: `UID` and seconds since 1970.
  struct Start: Codable, Hashable, CustomStringConvertible {
    let uid: String
    let start: Int
    var description: String { "\(uid) \(Date(timeIntervalSince1970: TimeInterval(start)))" }
  }

  /// Every event (or occurrence) with a time of day that starts in `from..<to`; floating times
  /// are read in `floatingTimeZone`, all-day events are left out.
  static let script = """
    import json, sys, os, datetime, zoneinfo
    import icalendar, recurring_ical_events
    q = json.load(sys.stdin)
    floating = zoneinfo.ZoneInfo(q["floatingTimeZone"])
    a = datetime.datetime.fromtimestamp(q["from"], datetime.timezone.utc)
    b = datetime.datetime.fromtimestamp(q["to"], datetime.timezone.utc)
    out = []
    for path in q["paths"]:
        files = [path]
        if os.path.isdir(path):
            files = [os.path.join(path, n) for n in sorted(os.listdir(path))
                     if n.lower().endswith(".ics") and not n.startswith(".")]
        for f in files:
            with open(f, "rb") as h:
                calendar = icalendar.Calendar.from_ical(h.read())
            for event in recurring_ical_events.of(calendar).between(a, b):
                start = event["DTSTART"].dt
                if not isinstance(start, datetime.datetime):
                    continue
                if start.tzinfo is None:
                    start = start.replace(tzinfo=floating)
                if a <= start < b:
                    out.append({"uid": str(event["UID"]), "start": int(start.timestamp())})
    json.dump(out, sys.stdout)
    """

  static func starts(_ query: Query) throws -> [Start] {
    let output = try ProgramOutput.read(
      [try interpreter(), "-c", script], input: JSONEncoder().encode(query))
    return try JSONDecoder().decode([Start].self, from: output)
  }

  struct Missing: Error, CustomStringConvertible {
    let description: String
  }

  static func interpreter() throws -> String {
    let check = ["-c", "import icalendar, recurring_ical_events"]
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let python =
      ProcessInfo.processInfo.environment["CHULBAL_ORACLE_PYTHON"]
      ?? packageRoot.appendingPathComponent(".build/oracle-venv/bin/python3").path
    guard (try? ProgramOutput.read([python] + check)) != nil else {
      throw Missing(
        description: "\(python) cannot import icalendar and recurring_ical_events: run "
          + "contrib/test.sh, or python3 -m venv .build/oracle-venv && .build/oracle-venv/bin/pip "
          + "install icalendar recurring-ical-events, or set CHULBAL_ORACLE_PYTHON")
    }
    return python
  }
}
