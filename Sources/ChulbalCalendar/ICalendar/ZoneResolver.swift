@preconcurrency import CLibical
import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// What a `TZID` in one calendar means as an IANA zone, never a silent floating time (libical alone
/// reads an unknown `TZID` as floating; calendar.md).
///
/// In order: an IANA name (also after a path prefix such as
/// `/freeassociation.sourceforge.net/Tzfile/`); a Windows name through CLDR's table
/// (``WindowsZones``); else the IANA zone whose offsets match the file's own VTIMEZONE for two
/// years, preferring a city the name mentions, then Asia/Seoul. Those last two must agree with the
/// VTIMEZONE at the event's start. An unmatched `TZID` is read on its own VTIMEZONE's clock, else
/// `X-WR-TIMEZONE`, else the system zone, and counted.
///
/// A VTIMEZONE whose parts repeat more often than yearly is not used: libical expands every part
/// from its DTSTART, so `FREQ=SECONDLY` from 1601 would never finish.
final class ZoneResolver {
  private let calendar: OpaquePointer
  private let file: String
  /// Where IANA zones are read.
  let database: ZoneDatabase
  /// The calendar's `X-WR-TIMEZONE` (Google's and Apple's exports), when it is an IANA name.
  let calendarZone: String?
  /// Each `TZID` met: its IANA name (nil when it names nothing), and whether it was an IANA
  /// name itself (so needs no check).
  private var found: [String: (name: String?, isDirect: Bool)] = [:]
  /// The zone each VTIMEZONE's offsets matched, by those offsets, when its name pointed at no
  /// city: a calendar that names thousands of zones of the same rules compares them once.
  private var matched: [[Int]: String?] = [:]
  /// How many VTIMEZONEs were compared with every IANA zone (a few milliseconds each).
  private var comparisons = 0
  /// The most VTIMEZONEs of one calendar compared with every IANA zone; past it, a zone is
  /// read on its own clock, as one that matches none.
  static let maximumComparisons = 50

  /// - Parameter calendar: the VCALENDAR whose VTIMEZONEs the `TZID`s name.
  init(calendar: LibicalDocument.Component, file: String, database: ZoneDatabase) {
    self.calendar = calendar.pointer
    self.file = file
    self.database = database
    let named = calendar.properties.first { $0.name == "X-WR-TIMEZONE" }?.value
    calendarZone = named.flatMap { Self.isIANA($0, in: database) ? $0 : nil }
  }

  /// The IANA name for `tzid` on a value showing `wall`, on `line`; nil when none is found.
  ///
  /// - Throws: ``CalendarError/syntax(file:line:message:)`` when the file's VTIMEZONE disagrees
  ///   with the zone its name stands for.
  func ianaName(for tzid: String, at wall: WallTime, line: Int) throws(CalendarError) -> String? {
    // The file's own VTIMEZONE is looked up only for a name that is not an IANA one.
    if let (name, isDirect) = found[tzid] {
      if let name, !isDirect, let described = described(tzid) {
        try check(described, against: name, tzid: tzid, at: wall, line: line)
      }
      return name
    }
    if let name = Self.ianaCandidates(of: tzid).first(where: { Self.isIANA($0, in: database) }) {
      found[tzid] = (name, true)
      return name
    }
    let described = described(tzid)
    let name: String
    if let windows = WindowsZones.ianaNames[tzid] {
      name = windows
    } else if let described, let matched = matching(described, named: tzid, near: wall) {
      name = matched
    } else {
      found[tzid] = (nil, false)
      return nil
    }
    if let described {
      try check(described, against: name, tzid: tzid, at: wall, line: line)
    }
    found[tzid] = (name, false)
    return name
  }

  /// The file's VTIMEZONE for `tzid`, when libical can work out its changes. Only the first
  /// ``maximumDescribed`` are used (about a millisecond each; real calendars have a few).
  private func described(_ tzid: String) -> OpaquePointer? {
    if let known = usedZones[tzid] { return known }
    guard usedZones.count < Self.maximumDescribed else { return nil }
    let zone = icalcomponent_get_timezone(calendar, tzid).flatMap {
      Self.isBounded($0) ? $0 : nil
    }
    usedZones[tzid] = zone
    return zone
  }

  /// Each VTIMEZONE looked up, by `TZID`: nil for one the file does not describe, or cannot.
  private var usedZones: [String: OpaquePointer?] = [:]
  /// The most VTIMEZONEs of one calendar used.
  static let maximumDescribed = 200

  /// Whether every STANDARD and DAYLIGHT part repeats at most yearly on named months and days, as
  /// zone rules do (RFC 5545 §3.6.5), which keeps libical's expansion to a few changes a year.
  static func isBounded(_ zone: OpaquePointer) -> Bool {
    guard let component = icaltimezone_get_component(zone) else { return false }
    var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
    while let part = child {
      let rules = LibicalDocument.Component(name: "", pointer: part).properties
        .filter { $0.name == "RRULE" }
      guard rules.allSatisfy({ isYearly($0.value) }) else { return false }
      child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
    }
    return true
  }

  /// Whether a zone part's rule is `FREQ=YEARLY` on named months and days, at one time of day
  /// at most (Lotus Notes writes `BYHOUR=3;BYMINUTE=0`).
  static func isYearly(_ rule: String) -> Bool {
    var frequency: Substring?
    for part in rule.uppercased().split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { return false }
      switch pair[0] {
      case "FREQ": frequency = pair[1]
      case "BYSECOND", "BYMINUTE", "BYHOUR": if pair[1].contains(",") { return false }
      case "BYYEARDAY", "BYWEEKNO": return false
      default: continue
      }
    }
    return frequency == "YEARLY"
  }

  /// The instant `wall` names on the file's own VTIMEZONE for `tzid`, for a zone no IANA zone
  /// matches; nil when the file describes none.
  ///
  /// The one place libical's offsets make an instant; skipped or repeated wall times still follow
  /// the core's rule.
  func instant(of wall: WallTime, describedAs tzid: String) -> Date? {
    described(tzid).map { zone in
      let second = Zone.instant(forLocalSeconds: wall.secondsSinceEpoch) {
        Libical.offset(in: zone, atSecond: $0)
      }
      return Date(timeIntervalSince1970: TimeInterval(second))
    }
  }

  /// `tzid`, and for a `TZID` written as a path, each tail of it.
  private static func ianaCandidates(of tzid: String) -> [String] {
    guard tzid.hasPrefix("/") else { return [tzid] }
    let parts = tzid.split(separator: "/")
    return (0..<parts.count).map { parts[$0...].joined(separator: "/") }
  }

  /// Whether both the zone database and libical know `name` as an IANA zone.
  static func isIANA(_ name: String, in database: ZoneDatabase) -> Bool {
    database.zone(named: name) != nil && (try? Libical.zone(named: name)) != nil
  }

  /// The offset of the file's zone and of `name` at the instant `wall` names in `name`.
  private func check(
    _ described: OpaquePointer, against name: String, tzid: String, at wall: WallTime, line: Int
  ) throws(CalendarError) {
    guard let zone = database.zone(named: name) else { return }
    let second = zone.instant(forLocalSeconds: wall.secondsSinceEpoch)
    let theirs = Libical.offset(in: described, atSecond: second)
    let ours = zone.offset(atSecond: second)
    guard theirs != ours else { return }
    // A name chulbal did not understand can be of any length: a message quotes its start.
    let quoted = "'\(ICalendarScan.excerpt(tzid.utf8))'"
    throw .syntax(
      file: file, line: line,
      message: "시간대 \(quoted)의 VTIMEZONE은 \(wall)에 UTC\(Self.offsetText(theirs))인데, 이 이름이 "
        + "뜻하는 IANA 시간대 '\(name)'\(Korean.topicParticle(after: name)) UTC\(Self.offsetText(ours))입니다"
    )
  }

  /// The first IANA zone whose offsets equal the VTIMEZONE's on the 1st and 16th of each month for
  /// two years from `wall`: cities `tzid` names first (`(UTC+09:00) Seoul`, `서울`), then Asia/Seoul,
  /// the Windows table's zones, and the rest.
  private func matching(_ described: OpaquePointer, named tzid: String, near wall: WallTime)
    -> String?
  {
    let samples = (0..<48).map { index in
      let date = CivilDate(year: wall.date.year + index / 24, month: index / 2 % 12 + 1, day: 1)
      return (date.days + (index % 2) * 15) * 86_400 + 12 * 3600
    }
    let offsets = samples.map { Libical.offset(in: described, atSecond: $0) }
    let cities = named(in: tzid)
    let key = [wall.date.year] + offsets
    if cities.isEmpty, let known = matched[key] { return known }
    guard comparisons < Self.maximumComparisons else { return nil }
    comparisons += 1
    let found = first(
      among: cities + ["Asia/Seoul"] + candidates, samples: samples, offsets: offsets)
    if cities.isEmpty { matched[key] = found }
    return found
  }

  /// The database's zone names, sorted: read the first time a VTIMEZONE is compared.
  private lazy var knownNames = database.names().sorted()

  /// The zones of the Windows table, then the rest, each by name.
  private lazy var candidates = Set(WindowsZones.ianaNames.values).sorted() + knownNames

  /// Each zone by name, with its city as a `TZID` would write it (`new york`).
  private lazy var cities: [(name: String, city: String)] = knownNames.compactMap { name in
    guard let city = name.split(separator: "/").last, city.count > 2 else { return nil }
    return (name, city.lowercased().replacingEvery("_", with: " "))
  }

  /// The first of `candidates` whose offsets at `samples` are `offsets`.
  private func first(among candidates: [String], samples: [Int], offsets: [Int]) -> String? {
    candidates.first { name in
      guard let zone = database.zone(named: name) else { return false }
      return zip(samples, offsets).allSatisfy { second, offset in
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second))) == offset
      } && Self.isIANA(name, in: database)
    }
  }

  /// The zones whose city a `TZID` names, as Exchange writes them (`(UTC+09:00) Seoul`), by
  /// name; Seoul also in Korean, as a Korean Outlook writes it.
  private func named(in tzid: String) -> [String] {
    let text = tzid.lowercased()
    var names = cities.filter { text.contains($0.city) }.map(\.name)
    if text.contains("서울") { names.insert("Asia/Seoul", at: 0) }
    return names
  }

  /// `+09:00`, `-04:30`
  private static func offsetText(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return (seconds < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
  }
}
