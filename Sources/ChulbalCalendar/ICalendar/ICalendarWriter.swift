@preconcurrency import CLibical
import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// Writes appointments as an iCalendar file (RFC 5545) that calendar programs import: each
/// zone's VTIMEZONE, each series' rule, exceptions and moved instances, and the alarms that
/// ring when it is time to leave.
///
/// The text is built here; libical only supplies each zone's VTIMEZONE, which it makes from
/// the system's tzdata (`icaltimezone_get_component`).
public enum ICalendarWriter {
  /// `PRODID`, as RFC 5545 §3.7.3 asks: who made the file.
  public static let productID = "-//chulbal//chulbal//KO"

  /// A `VALARM` that shows a message some time before the event starts.
  public struct Alarm: Equatable, Sendable {
    /// How long before the start it rings (`TRIGGER;RELATED=START:-PT45M` for 2,700).
    public var secondsBeforeStart: Int
    /// What it shows: `출발: 저녁 약속`.
    public var message: String

    public init(secondsBeforeStart: Int, message: String) {
      self.secondsBeforeStart = secondsBeforeStart
      self.message = message
    }
  }

  /// One occurrence of a series moved or changed: a VEVENT with a `RECURRENCE-ID`.
  public struct Override: Equatable, Sendable {
    /// The start the rule gives the occurrence, on the series' wall clock.
    public var originalStart: WallTime
    public var start: WallTime
    /// nil keeps the series' length.
    public var durationSeconds: Int?
    /// nil keeps the series' title.
    public var title: String?
    public var location: String?

    public init(
      originalStart: WallTime, start: WallTime, durationSeconds: Int? = nil,
      title: String? = nil, location: String? = nil
    ) {
      self.originalStart = originalStart
      self.start = start
      self.durationSeconds = durationSeconds
      self.title = title
      self.location = location
    }
  }

  /// An appointment or a series, as the file will hold it.
  public struct Event: Equatable, Sendable {
    /// Stable across exports, so a calendar updates the event rather than adding another:
    /// see ``uid(for:)``.
    public var uid: String
    public var title: String
    public var start: WallTime
    /// The IANA name of the zone `start` is on.
    public var timeZone: String
    /// `DURATION`; when nil and ``end`` is nil too, the event has no length.
    public var durationSeconds: Int?
    /// `DTEND` on the same zone's wall clock, used when ``durationSeconds`` is nil.
    public var end: WallTime?
    public var location: String?
    public var coordinate: Coordinate?
    public var note: String?
    public var rule: RecurrenceRule?
    /// Occurrences taken out, by the wall time the rule gives them.
    public var exceptions: [WallTime]
    public var overrides: [Override]
    public var alarms: [Alarm]
    /// chulbal's travel time for the event, kept as `X-CHULBAL-TRAVEL` so an import gives it
    /// back, and with the buffer as Apple Calendar's `X-APPLE-TRAVEL-DURATION`, so Apple
    /// Calendar blocks the trip and says when to leave.
    public var travelSeconds: Int?
    /// The rest of the trip as chulbal plans it, kept as `X-CHULBAL-*` properties so an import
    /// gives it back: nil leaves each out.
    public var trip: Trip?

    public init(
      uid: String, title: String, start: WallTime, timeZone: String,
      durationSeconds: Int? = nil, end: WallTime? = nil, location: String? = nil,
      coordinate: Coordinate? = nil, note: String? = nil, rule: RecurrenceRule? = nil,
      exceptions: [WallTime] = [], overrides: [Override] = [], alarms: [Alarm] = [],
      travelSeconds: Int? = nil, trip: Trip? = nil
    ) {
      self.uid = uid
      self.title = title
      self.start = start
      self.timeZone = timeZone
      self.durationSeconds = durationSeconds
      self.end = end
      self.location = location
      self.coordinate = coordinate
      self.note = note
      self.rule = rule
      self.exceptions = exceptions
      self.overrides = overrides
      self.alarms = alarms
      self.travelSeconds = travelSeconds
      self.trip = trip
    }
  }

  /// How an appointment's trip is planned, beside its travel time.
  public struct Trip: Equatable, Sendable {
    public var mode: TravelMode
    public var bufferSeconds: Int
    public var prepSeconds: Int
    /// Seconds before departure of each alert.
    public var alertLeads: [Int]
    public var origin: Origin?

    public init(
      mode: TravelMode, bufferSeconds: Int, prepSeconds: Int, alertLeads: [Int], origin: Origin?
    ) {
      self.mode = mode
      self.bufferSeconds = bufferSeconds
      self.prepSeconds = prepSeconds
      self.alertLeads = alertLeads
      self.origin = origin
    }
  }

  /// A `UID` for an appointment or series chulbal knows by `id`: the same every time.
  public static func uid(for id: String) -> String { "\(id)@chulbal" }

  /// The calendar text: CRLF line ends, lines folded at 75 octets.
  ///
  /// - Parameter stamp: `DTSTAMP`, the instant the file is made (RFC 5545 requires one).
  /// - Throws: ``CalendarError/unknownTimeZone(_:directory:)`` for a zone libical cannot
  ///   load, ``CalendarError/invalidWallTime(_:)`` for a time no clock shows.
  public static func text(_ events: [Event], stamp: Date, zones: ZoneDatabase) throws(CalendarError)
    -> String
  {
    try Libical.load()
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + productID, "CALSCALE:GREGORIAN",
    ]
    // The first day each zone is needed on, in days since 1970.
    var earliest: [String: Int] = [:]
    for event in events {
      _ = try Libical.zone(named: event.timeZone)
      let times =
        [event.start] + event.exceptions + (event.end.map { [$0] } ?? [])
        + event.overrides.flatMap { [$0.originalStart, $0.start] }
      if let invalid = times.first(where: { !$0.isValid }) { throw .invalidWallTime(invalid) }
      let first = times.map(\.date.days).min() ?? event.start.date.days
      earliest[event.timeZone] = min(earliest[event.timeZone] ?? first, first)
    }
    for (zone, first) in earliest.sorted(by: { $0.key < $1.key }) where zone != "UTC" {
      lines += try timeZoneLines(zone, from: CivilDate(days: first))
    }
    let dtstamp = "DTSTAMP:" + ICalendarValue.text(WallTime(stamp, in: .gmt)) + "Z"
    for event in events {
      lines += eventLines(event, stamp: dtstamp, zones: zones)
      for override in event.overrides {
        var moved = event
        moved.start = override.start
        // A moved instance keeps the series' length unless it has its own.
        moved.durationSeconds =
          override.durationSeconds ?? event.durationSeconds
          ?? event.end.map { $0.secondsSinceEpoch - event.start.secondsSinceEpoch }
        moved.end = nil
        moved.title = override.title ?? event.title
        moved.location = override.location ?? event.location
        moved.rule = nil
        moved.exceptions = []
        lines += eventLines(
          moved, stamp: dtstamp, recurrenceID: override.originalStart, zones: zones)
      }
    }
    lines.append("END:VCALENDAR")
    return lines.map(folded).joined()
  }

  /// One VEVENT.
  private static func eventLines(
    _ event: Event, stamp: String, recurrenceID: WallTime? = nil, zones: ZoneDatabase
  )
    -> [String]
  {
    // UTC needs no VTIMEZONE: its times are written with a `Z` (RFC 5545 §3.3.5, form 2).
    let isUTC = event.timeZone == "UTC"
    func times(_ name: String, _ values: [WallTime]) -> String {
      name + (isUTC ? ":" : ";TZID=" + event.timeZone + ":")
        + values.map { ICalendarValue.text($0) + (isUTC ? "Z" : "") }.joined(separator: ",")
    }
    func text(_ name: String, _ value: String?) -> [String] {
      value.map { [name + ":" + ICalendarValue.escaped($0)] } ?? []
    }
    var lines = ["BEGIN:VEVENT"] + text("UID", event.uid) + [stamp]
    if let recurrenceID { lines.append(times("RECURRENCE-ID", [recurrenceID])) }
    lines.append(times("DTSTART", [event.start]))
    if let seconds = event.durationSeconds {
      lines.append("DURATION:" + ICalendarValue.durationText(seconds: seconds))
    } else if let end = event.end {
      lines.append(times("DTEND", [end]))
    }
    if let rule = event.rule {
      lines.append("RRULE:" + ruleText(rule, zone: event.timeZone, zones: zones))
    }
    if !event.exceptions.isEmpty {
      lines.append(times("EXDATE", event.exceptions.sorted()))
    }
    lines += text("SUMMARY", event.title) + text("LOCATION", event.location)
    if let point = event.coordinate {
      lines.append("GEO:\(point.latitude);\(point.longitude)")
    }
    lines += text("DESCRIPTION", event.note)
    if let travel = event.travelSeconds {
      lines.append("X-CHULBAL-TRAVEL:" + ICalendarValue.durationText(seconds: travel))
      let apple = travel + (event.trip?.bufferSeconds ?? 0)
      lines.append(
        "X-APPLE-TRAVEL-DURATION;VALUE=DURATION:" + ICalendarValue.durationText(seconds: apple))
    }
    if let trip = event.trip {
      lines += [
        "X-CHULBAL-MODE:" + trip.mode.rawValue,
        "X-CHULBAL-BUFFER:" + ICalendarValue.durationText(seconds: trip.bufferSeconds),
        "X-CHULBAL-PREP:" + ICalendarValue.durationText(seconds: trip.prepSeconds),
        "X-CHULBAL-ALERTS:"
          + trip.alertLeads.map { ICalendarValue.durationText(seconds: $0) }
          .joined(separator: ","),
      ]
      if let origin = trip.origin {
        lines.append(
          "X-CHULBAL-ORIGIN:\(origin.coordinate.latitude);\(origin.coordinate.longitude)")
        lines += text("X-CHULBAL-ORIGIN-NAME", origin.name)
      }
    }
    for alarm in event.alarms {
      lines += [
        "BEGIN:VALARM", "ACTION:DISPLAY",
        "TRIGGER;RELATED=START:" + ICalendarValue.durationText(seconds: -alarm.secondsBeforeStart),
      ]
      lines += text("DESCRIPTION", alarm.message) + ["END:VALARM"]
    }
    return lines + ["END:VEVENT"]
  }

  /// The rule's text, with `UNTIL` given as a date written as the last second of that day in
  /// the zone, in UTC: RFC 5545 §3.3.10 requires UTC beside a start with a `TZID`, and this is
  /// how ``RecurrenceSet`` reads a date.
  private static func ruleText(_ rule: RecurrenceRule, zone: String, zones: ZoneDatabase)
    -> String
  {
    guard case .date(let date)? = rule.until, let zone = zones.zone(named: zone)
    else { return rule.text }
    var written = rule
    let last = WallTime(date: date, hour: 23, minute: 59, second: 59)
    written.until = .instant(last.instant(in: zone))
    return written.text
  }

  /// The VTIMEZONE libical makes for `name` from the system's tzdata, named by its IANA name
  /// and without the rules that ended before the year before `first`.
  private static func timeZoneLines(_ name: String, from first: CivilDate) throws(CalendarError)
    -> [String]
  {
    let zone = try Libical.zone(named: name)
    guard let component = icaltimezone_get_component(zone),
      let text = Libical.string(icalcomponent_as_ical_string_r(component))
    else { throw .unknownTimeZone(name, directory: nil) }
    var lines: [String] = []
    for line in text.replacing("\r\n", with: "\n").split(separator: "\n") {
      if line.first == " " || line.first == "\t", let last = lines.popLast() {
        lines.append(last + line.dropFirst())
      } else {
        lines.append(String(line))
      }
    }
    // libical names the zone `/freeassociation.sourceforge.net/Asia/Seoul`.
    lines = lines.map { $0.hasPrefix("TZID:") ? "TZID:" + name : $0 }
    return trimmed(lines, from: CivilDate(year: first.year - 1, month: 1, day: 1))
  }

  /// A VTIMEZONE's lines without the STANDARD and DAYLIGHT parts whose last change is before
  /// `start`, except, when no part left began by `start`, the latest of them: the one in
  /// force at `start` (Seoul's, whose last change was in 1988).
  static func trimmed(_ lines: [String], from start: CivilDate) -> [String] {
    var head: [String] = []
    var parts: [(lines: [String], last: String)] = []
    var current: [String]?
    for line in lines {
      if line == "BEGIN:STANDARD" || line == "BEGIN:DAYLIGHT" {
        current = [line]
      } else if var part = current {
        part.append(line)
        if line == "END:STANDARD" || line == "END:DAYLIGHT" {
          parts.append((part, lastChange(of: part)))
          current = nil
        } else {
          current = part
        }
      } else if line != "END:VTIMEZONE" {
        head.append(line)
      }
    }
    let cut = ICalendarValue.text(start)
    let going = parts.filter { $0.last >= cut }
    // Berlin's part of 1980–1995 is not in force when its part of 1981–2037 is.
    let covered = going.contains { firstChange(of: $0.lines) <= cut }
    let before = covered ? nil : parts.filter { $0.last < cut }.max { $0.last < $1.last }
    let kept = parts.filter { $0.last >= cut || $0.last == before?.last }
    return head + kept.flatMap(\.lines) + ["END:VTIMEZONE"]
  }

  /// The date (`YYYYMMDD`) a part first takes effect: its `DTSTART`.
  private static func firstChange(of part: [String]) -> String {
    part.first { $0.hasPrefix("DTSTART:") }.map { String($0.dropFirst(8).prefix(8)) } ?? ""
  }

  /// The date (`YYYYMMDD`) of a part's last change: its `RRULE`'s `UNTIL`, `99999999` for a
  /// rule without one, else its latest `DTSTART` or `RDATE`.
  private static func lastChange(of part: [String]) -> String {
    if let rule = part.first(where: { $0.hasPrefix("RRULE:") }) {
      guard let until = rule.firstRange(of: "UNTIL=") else { return "99999999" }
      return String(rule[until.upperBound...].prefix(8))
    }
    return part.filter { $0.hasPrefix("DTSTART:") || $0.hasPrefix("RDATE:") }
      .map { String($0.drop { $0 != ":" }.dropFirst().prefix(8)) }.max() ?? ""
  }

  /// A content line folded at 75 octets (RFC 5545 §3.1), with its CRLF: between characters
  /// as people see them (an emoji with its skin tone stays whole), and never inside a UTF-8
  /// sequence even for a character longer than a line.
  static func folded(_ line: String) -> String {
    var result: [UInt8] = []
    var octets = 0
    func append(_ bytes: some Collection<UInt8>) {
      if octets + bytes.count > 75 {
        result += [0x0D, 0x0A, 0x20]
        octets = 1
      }
      result += bytes
      octets += bytes.count
    }
    for character in line {
      let bytes = Array(character.utf8)
      if bytes.count <= 74 {
        append(bytes)
      } else {
        for scalar in character.unicodeScalars { append(Array(String(scalar).utf8)) }
      }
    }
    return String(decoding: result + [0x0D, 0x0A], as: UTF8.self)
  }
}
