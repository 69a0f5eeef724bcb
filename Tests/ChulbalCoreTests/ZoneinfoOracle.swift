import ChulbalCore
import ChulbalTestSupport
import Foundation

/// Python's `zoneinfo` (which reads /usr/share/zoneinfo with code of its own) and glibc's
/// `localtime` (through Python's `time`), asked for the offsets ``ZoneFile`` and
/// ``POSIXTimeZoneRule`` compute.
///
/// Neither has a "next transition" call, so the oracle finds the changes of offset itself:
/// it steps through a span six hours at a time and bisects each step whose ends differ down to
/// the second. Two changes less than six hours apart would be missed; no zone asked about has
/// them.
enum ZoneinfoOracle {
  enum Source: String, Codable, Sendable {
    /// `zoneinfo.ZoneInfo(name)`: the system's file of that name.
    case zone
    /// glibc with `TZ` set to the rule.
    case glibc
    /// `zoneinfo` reading a file with no transitions whose footer is the rule.
    case footer
  }

  struct Query: Codable {
    let source: Source
    /// A zone name or a POSIX rule.
    let name: String
    /// Instants to answer for; the oracle adds every change it finds in `scan`, and the
    /// seconds either side of it.
    let instants: [Int]
    /// `[from, to]`: the span whose changes are found and added to `instants`.
    let scan: [Int]
    /// More spans whose changes are only listed.
    let windows: [[Int]]
  }

  struct Answer: Codable {
    let instants: [Int]
    let offsets: [Int]
    let daylightSaving: [Bool]
    let abbreviations: [String]
    /// `[instant, offset from then on]` for every change in `scan`.
    let changes: [[Int]]
    /// The changes in each of `windows`.
    let windows: [[[Int]]]
  }

  static let script = """
    import json, sys, datetime, zoneinfo, io, os, struct, time
    def footer_file(rule):
        header = b"TZif2" + b"\\0" * 15 + struct.pack(">6l", 0, 0, 0, 0, 1, 4)
        data = struct.pack(">lbb", 0, 0, 0) + b"UTC\\0"
        return header + data + header + data + b"\\n" + rule.encode() + b"\\n"
    def changes(offset, a, b, step=21600):
        found, t, current = [], a, offset(a)
        while t < b:
            n = min(t + step, b)
            if offset(n) == current:
                t = n
                continue
            low, high = t, n
            while high - low > 1:
                middle = (low + high) // 2
                if offset(middle) == current:
                    low = middle
                else:
                    high = middle
            current = offset(high)
            found.append([high, current])
            t = high
        return found
    out = []
    for q in json.load(sys.stdin):
        if q["source"] == "glibc":
            os.environ["TZ"] = q["name"]
            time.tzset()
            def info(t):
                s = time.localtime(t)
                return s.tm_gmtoff, s.tm_isdst > 0, s.tm_zone
        else:
            if q["source"] == "zone":
                zone = zoneinfo.ZoneInfo(q["name"])
            else:
                zone = zoneinfo.ZoneInfo.from_file(io.BytesIO(footer_file(q["name"])))
            def info(t):
                d = datetime.datetime.fromtimestamp(t, zone)
                return (int(d.utcoffset().total_seconds()), d.dst() != datetime.timedelta(0),
                        d.tzname())
        offset = lambda t: info(t)[0]
        found = changes(offset, *q["scan"])
        instants = list(q["instants"])
        for t, _ in found:
            instants += [t - 1, t, t + 1]
        answers = [info(t) for t in instants]
        out.append({
            "instants": instants,
            "offsets": [a[0] for a in answers],
            "daylightSaving": [a[1] for a in answers],
            "abbreviations": [a[2] for a in answers],
            "changes": found,
            "windows": [changes(offset, a, b) for a, b in q["windows"]],
        })
    json.dump(out, sys.stdout)
    """

  static func answer(_ query: Query) throws -> Answer {
    let output = try ProgramOutput.read(
      [try interpreter(), "-c", script], input: JSONEncoder().encode([query]))
    return try JSONDecoder().decode([Answer].self, from: output)[0]
  }

  /// The first Python that imports `zoneinfo` (3.9 and later); without one, the query fails
  /// when it runs.
  static func interpreter() throws -> String {
    let check = ["-c", "import zoneinfo"]
    for candidate in ["python3", "/usr/bin/python3"]
    where (try? ProgramOutput.read([candidate] + check)) != nil {
      return candidate
    }
    return "python3"
  }

  /// Seconds since 1970 of a UTC date and time.
  static func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0) -> Int {
    CivilDate(year: year, month: month, day: day).days * 86_400 + hour * 3600
  }

  /// `count` instants spread over `from..<to`, each moved off the round step by a
  /// pseudo-random amount (a fixed sequence, so failures repeat).
  static func spread(from: Int, to: Int, count: Int) -> [Int] {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    let step = (to - from) / count
    return (0..<count).map { index in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return from + index * step + Int((state >> 33) % UInt64(step))
    }
  }
}
