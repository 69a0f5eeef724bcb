@preconcurrency import CLibical
import ChulbalCore
import FoundationEssentials

/// What a `TZID` in one calendar means, as an IANA zone: never a silent floating time.
///
/// In order: an IANA name is used as such (also after the path some programs put before it,
/// `/freeassociation.sourceforge.net/Tzfile/Europe/London`); a Windows name through CLDR's
/// table (``WindowsZones``); else the IANA zone whose offsets equal those of the file's own
/// VTIMEZONE for two years from the event. A zone found by either of the last two must agree
/// with the file's VTIMEZONE, when there is one, at the event's start. libical alone would
/// read an unknown `TZID` as a floating time without a word (calendar.md).
final class ZoneResolver {
  private let calendar: OpaquePointer
  private let file: String
  /// Each `TZID` met, and whether it was an IANA name (so needs no check).
  private var found: [String: (name: String, isDirect: Bool)] = [:]

  /// - Parameter calendar: the VCALENDAR whose VTIMEZONEs the `TZID`s name.
  init(calendar: OpaquePointer, file: String) {
    self.calendar = calendar
    self.file = file
  }

  /// The IANA name for `tzid` on a value showing `wall`, on `line`.
  ///
  /// - Throws: ``CalendarError/unresolvedTimeZone(file:line:tzid:)``, or
  ///   ``CalendarError/syntax(file:line:message:)`` when the file's VTIMEZONE disagrees with
  ///   the zone its Windows name stands for.
  func ianaName(for tzid: String, at wall: WallTime, line: Int) throws(CalendarError) -> String {
    // The file's own VTIMEZONE is looked up only for a name that is not an IANA one.
    if let (name, isDirect) = found[tzid] {
      if !isDirect, let described = icalcomponent_get_timezone(calendar, tzid) {
        try check(described, against: name, tzid: tzid, at: wall, line: line)
      }
      return name
    }
    if let name = Self.ianaCandidates(of: tzid).first(where: Self.isIANA) {
      found[tzid] = (name, true)
      return name
    }
    let described = icalcomponent_get_timezone(calendar, tzid)
    let name: String
    if let windows = WindowsZones.ianaNames[tzid] {
      name = windows
    } else if let described, let matched = Self.matching(described, near: wall) {
      name = matched
    } else {
      throw .unresolvedTimeZone(file: file, line: line, tzid: tzid)
    }
    if let described {
      try check(described, against: name, tzid: tzid, at: wall, line: line)
    }
    found[tzid] = (name, false)
    return name
  }

  /// `tzid`, and for a `TZID` written as a path, each tail of it.
  private static func ianaCandidates(of tzid: String) -> [String] {
    guard tzid.hasPrefix("/") else { return [tzid] }
    let parts = tzid.split(separator: "/")
    return (0..<parts.count).map { parts[$0...].joined(separator: "/") }
  }

  /// Whether both the zone database and libical know `name` as an IANA zone.
  private static func isIANA(_ name: String) -> Bool {
    Zone(identifier: name) != nil && (try? Libical.zone(named: name)) != nil
  }

  /// The offset of the file's zone and of `name` at the instant `wall` names in `name`.
  private func check(
    _ described: OpaquePointer, against name: String, tzid: String, at wall: WallTime, line: Int
  ) throws(CalendarError) {
    guard let zone = try? Libical.zone(named: name) else {
      throw .unresolvedTimeZone(file: file, line: line, tzid: tzid)
    }
    let second = Int(Libical.instant(of: wall, in: zone).timeIntervalSince1970)
    let theirs = Libical.offset(in: described, atSecond: second)
    let ours = Libical.offset(in: zone, atSecond: second)
    guard theirs != ours else { return }
    let quoted = "'\(tzid)'"
    throw .syntax(
      file: file, line: line,
      message: "시간대 \(quoted)의 VTIMEZONE은 \(wall)에 UTC\(Self.offsetText(theirs))인데, 이 이름이 "
        + "뜻하는 IANA 시간대 '\(name)'\(Korean.topicParticle(after: name)) UTC\(Self.offsetText(ours))입니다"
    )
  }

  /// The first IANA zone (those of the Windows table first, then the rest by name) whose
  /// offsets equal the VTIMEZONE's on the 1st and 16th of each month for two years from the
  /// year of `wall`.
  private static func matching(_ described: OpaquePointer, near wall: WallTime) -> String? {
    let samples = (0..<48).map { index in
      let date = CivilDate(year: wall.date.year + index / 24, month: index / 2 % 12 + 1, day: 1)
      return (date.days + (index % 2) * 15) * 86_400 + 12 * 3600
    }
    let offsets = samples.map { Libical.offset(in: described, atSecond: $0) }
    let candidates =
      Set(WindowsZones.ianaNames.values).sorted()
      + Zone.knownIdentifiers.sorted()
    return candidates.first { name in
      guard let zone = Zone(identifier: name) else { return false }
      return zip(samples, offsets).allSatisfy { second, offset in
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second))) == offset
      } && isIANA(name)
    }
  }

  /// `+09:00`, `-04:30`
  private static func offsetText(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return (seconds < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
  }
}
