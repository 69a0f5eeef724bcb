import Foundation

/// Python's `icalendar` (PyPI, independent of libical and chulbal), asked what iCalendar texts say,
/// to read back what chulbal writes. Its interpreter is `CHULBAL_ORACLE_PYTHON`, else
/// `contrib/test.sh`'s `.build/oracle-venv`; a missing oracle fails the test, never passes
/// silently.
public enum EventOracle {
  /// One VEVENT as `icalendar` reads it.
  public struct Event: Codable, Equatable, Sendable {
    public let uid: String
    public let summary: String?
    /// DTSTART and DTEND in seconds since 1970.
    public let start: Int
    public let end: Int?
    public let location: String?
    public let description: String?
    public let alarms: [Alarm]
  }

  /// One VALARM.
  public struct Alarm: Codable, Equatable, Sendable {
    public let action: String
    /// The TRIGGER's duration in seconds (negative: before).
    public let trigger: Int
    /// `START` or `END`: what the trigger is relative to (`START` when not given).
    public let related: String
    public let description: String?
  }

  static let script = """
    import json, sys
    import icalendar
    out = []
    for text in json.load(sys.stdin):
        calendar = icalendar.Calendar.from_ical(text)
        for event in calendar.walk("VEVENT"):
            def instant(name):
                value = event.get(name)
                return None if value is None else int(value.dt.timestamp())
            def text(component, name):
                value = component.get(name)
                return None if value is None else str(value)
            alarms = []
            for alarm in event.walk("VALARM"):
                trigger = alarm["TRIGGER"]
                alarms.append({
                    "action": str(alarm["ACTION"]),
                    "trigger": int(trigger.dt.total_seconds()),
                    "related": trigger.params.get("RELATED", "START"),
                    "description": text(alarm, "DESCRIPTION"),
                })
            out.append({
                "uid": str(event["UID"]), "summary": text(event, "SUMMARY"),
                "start": instant("DTSTART"), "end": instant("DTEND"),
                "location": text(event, "LOCATION"), "description": text(event, "DESCRIPTION"),
                "alarms": alarms,
            })
    json.dump(out, sys.stdout)
    """

  /// The VEVENTs of each text, in order.
  public static func events(_ texts: [String]) throws -> [Event] {
    let output = try ProgramOutput.read(
      [try interpreter(), "-c", script], input: JSONEncoder().encode(texts))
    return try JSONDecoder().decode([Event].self, from: output)
  }

  public struct Missing: Error, CustomStringConvertible {
    public let description: String
  }

  static func interpreter() throws -> String {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let python =
      ProcessInfo.processInfo.environment["CHULBAL_ORACLE_PYTHON"]
      ?? packageRoot.appendingPathComponent(".build/oracle-venv/bin/python3").path
    guard (try? ProgramOutput.read([python, "-c", "import icalendar"])) != nil else {
      throw Missing(
        description: "\(python) cannot import icalendar: run contrib/test.sh, or python3 -m "
          + "venv .build/oracle-venv && .build/oracle-venv/bin/pip install icalendar, or set "
          + "CHULBAL_ORACLE_PYTHON")
    }
    return python
  }
}
