import ChulbalTestSupport
import Foundation

/// Python's `dateutil.rrule` with `zoneinfo`: an RFC 5545 expansion written apart from
/// libical, asked for the same occurrences.
///
/// The interpreter is the first that can import both: `python3` on PATH, Debian's
/// `/usr/bin/python3` (whose `python3-dateutil` `contrib/setup.sh --test` installs), or a
/// virtual environment made under `.build/` with `python-dateutil` from PyPI.
enum DateutilOracle {
  struct Query: Codable {
    let rule: String
    /// `2026-01-05T09:00:00`
    let firstStart: String
    let zone: String
    let from: Int
    let to: Int
  }

  struct Answer: Codable, Equatable {
    /// Seconds since 1970 of every start in `from..<to`.
    let starts: [Int]
    /// The first start after `from`, if any.
    let next: Int?
  }

  /// Reads the rule as dateutil does, except `UNTIL` given as a date, which dateutil refuses
  /// beside a start with a zone: it becomes the last second of that day there, as
  /// ChulbalCalendar reads it.
  static let script = """
    import json, sys, datetime, re, zoneinfo
    from dateutil import rrule
    out = []
    for q in json.load(sys.stdin):
        zone = zoneinfo.ZoneInfo(q["zone"])
        start = datetime.datetime.fromisoformat(q["firstStart"]).replace(tzinfo=zone)
        text = q["rule"]
        m = re.search(r"UNTIL=(\\d{8})(;|$)", text)
        if m:
            day = datetime.datetime.strptime(m.group(1), "%Y%m%d").replace(
                hour=23, minute=59, second=59, tzinfo=zone)
            utc = day.astimezone(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
            text = text.replace("UNTIL=" + m.group(1), "UNTIL=" + utc)
        rule = rrule.rrulestr(text, dtstart=start)
        a = datetime.datetime.fromtimestamp(q["from"], datetime.timezone.utc)
        b = datetime.datetime.fromtimestamp(q["to"], datetime.timezone.utc)
        starts = [int(d.timestamp()) for d in rule.between(a, b, inc=True) if d < b]
        nxt = rule.after(a, inc=False)
        out.append({"starts": starts, "next": int(nxt.timestamp()) if nxt else None})
    json.dump(out, sys.stdout)
    """

  static func answers(_ queries: [Query]) throws -> [Answer] {
    let python = try interpreter()
    let output = try ProgramOutput.read(
      [python, "-c", script], input: JSONEncoder().encode(queries))
    return try JSONDecoder().decode([Answer].self, from: output)
  }

  /// A Python that imports `dateutil` and `zoneinfo`, made if need be.
  static func interpreter() throws -> String {
    let check = ["-c", "import dateutil.rrule, zoneinfo"]
    for candidate in ["python3", "/usr/bin/python3"]
    where (try? ProgramOutput.read([candidate] + check)) != nil {
      return candidate
    }
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let environment = packageRoot.appendingPathComponent(".build/dateutil-venv").path
    let python = environment + "/bin/python3"
    if (try? ProgramOutput.read([python] + check)) == nil {
      _ = try ProgramOutput.read(["python3", "-m", "venv", environment])
      _ = try ProgramOutput.read([python, "-m", "pip", "install", "--quiet", "python-dateutil"])
    }
    _ = try ProgramOutput.read([python] + check)
    return python
  }
}
