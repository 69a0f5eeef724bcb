import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// One VEVENT's properties made a ``CalendarEvent``: each value chulbal uses read strictly,
/// and the first one that cannot be read makes the event unreadable, with its line.
struct EventReader {
  let file: String
  let place: ICalendarScan.Component
  let properties: [LibicalDocument.Property]
  let zones: ZoneResolver
  /// The lines of the event's properties, by name, in the file's order.
  private let lines: [String: [Int]]
  /// How many properties of each name have been read, to find each one's line.
  private var seen: [String: Int] = [:]

  /// Every property of an event this reader looks at: the others are never given to libical
  /// (``ICalendarScan/text``).
  static let readProperties: Set<String> = [
    "UID", "SUMMARY", "LOCATION", "DESCRIPTION", "DTSTART", "DTEND", "RECURRENCE-ID", "EXDATE",
    "RDATE", "DURATION", "GEO", "X-APPLE-STRUCTURED-LOCATION", "RRULE", "STATUS", "TRANSP",
    "ATTENDEE", "X-CHULBAL-TRAVEL", "X-APPLE-TRAVEL-DURATION", "X-CHULBAL-MODE",
    "X-CHULBAL-BUFFER", "X-CHULBAL-PREP", "X-CHULBAL-ALERTS", "X-CHULBAL-ORIGIN",
    "X-CHULBAL-ORIGIN-NAME", "SEQUENCE",
  ]

  /// The properties whose values make an event's times: one that libical could not read
  /// leaves the event unreadable, since reading on without it would give wrong times.
  static let timeProperties: Set<String> = [
    "DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID",
  ]

  init(
    file: String, place: ICalendarScan.Component, properties: [LibicalDocument.Property],
    zones: ZoneResolver
  ) {
    self.file = file
    self.place = place
    self.properties = properties
    self.zones = zones
    lines = Dictionary(grouping: place.properties, by: \.name).mapValues { $0.map(\.line) }
  }

  mutating func event() throws(CalendarContents.Unreadable) -> CalendarEvent {
    var uid: String?
    var start: CalendarTime?
    var event = CalendarEvent(file: file, line: place.line, uid: "", start: .date(.init(days: 0)))
    var rules: [String] = []
    var appleGeo: Coordinate?
    var appleTravel: Int?
    var originCoordinate: Coordinate?
    var originName: String?
    for property in properties {
      let line = nextLine(of: property.name)
      let value = property.value
      func fail(_ message: String) -> CalendarContents.Unreadable {
        .init(file: file, line: line, property: property.name, reason: message)
      }
      switch property.name {
      case "UID": uid = value
      case "SUMMARY": event.summary = ICalendarValue.unescaped(value)
      case "LOCATION": event.location = ICalendarValue.unescaped(value)
      case "DESCRIPTION": event.note = ICalendarValue.unescaped(value)
      case "DTSTART": start = try time(property, line: line, event: &event)
      case "DTEND": event.end = try time(property, line: line, event: &event)
      case "RECURRENCE-ID":
        event.recurrenceID = try time(property, line: line, event: &event)
        event.appliesToFuture = property.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
      case "EXDATE": event.exceptionDates.append(try time(property, line: line, event: &event))
      case "RDATE": event.recurrenceDates.append(try time(property, line: line, event: &event))
      case "DURATION":
        guard let seconds = ICalendarValue.duration(Substring(value)), seconds >= 0 else {
          throw fail(
            "DURATION '\(value)'\(Korean.objectParticle(after: value)) 읽을 수 없습니다 (예: PT1H30M)")
        }
        event.durationSeconds = seconds
      // A coordinate that is none (out of range, or no number) is no coordinate: the event's
      // times are still right, and the report counts it among those without one.
      case "GEO":
        event.coordinate = try? Coordinate.parse(value.replacingEvery(";", with: ","))
      case "X-APPLE-STRUCTURED-LOCATION":
        // `geo:37.5,127.0`, and perhaps `;u=35` (RFC 5870) after it.
        if value.lowercased().hasPrefix("geo:") {
          let body = value.dropFirst(4).prefix { $0 != ";" }
          appleGeo = try? Coordinate.parse(String(body))
        }
      case "RRULE": rules.append(value)
      // A revision number that is none counts as the first revision (RFC 5545 §3.8.7.4).
      case "SEQUENCE": event.sequence = Int(value.trimmingWhitespace()).map { max(0, $0) } ?? 0
      case "STATUS": event.status = value.uppercased()
      case "TRANSP": event.isTransparent = value.uppercased() == "TRANSPARENT"
      case "ATTENDEE":
        let address =
          value.lowercased().hasPrefix("mailto:") ? String(value.dropFirst(7)) : value
        event.attendees.append(
          .init(
            email: address.lowercased(),
            participation: property.parameter("PARTSTAT")?.uppercased() ?? "NEEDS-ACTION",
            name: property.parameter("CN")))
      case "X-CHULBAL-TRAVEL": event.travelSeconds = try travel(value, fail)
      // Apple Calendar's travel time (`PT15M`), when chulbal's own is not given.
      case "X-APPLE-TRAVEL-DURATION": appleTravel = Self.duration(value)
      // The rest of chulbal's own trip: a value that is none is not given.
      case "X-CHULBAL-MODE": event.mode = TravelMode(rawValue: value.lowercased())
      case "X-CHULBAL-BUFFER": event.bufferSeconds = Self.duration(value)
      case "X-CHULBAL-PREP": event.prepSeconds = Self.duration(value)
      case "X-CHULBAL-ALERTS":
        let leads = value.split(separator: ",").map { Self.duration(String($0)) }
        if leads.count <= Self.maximumAlerts, !leads.contains(nil) {
          event.alertLeads = Set(leads.compactMap { $0 }).sorted(by: >)
        }
      case "X-CHULBAL-ORIGIN":
        originCoordinate = try? Coordinate.parse(value.replacingEvery(";", with: ","))
      case "X-CHULBAL-ORIGIN-NAME": originName = ICalendarValue.unescaped(value)
      case "X-LIC-ERROR":
        // What libical could not read, and removed: `No value for LOCATION property.
        // Removing entire property:`, `Can't parse as GEO value in GEO property. Removing
        // entire property: 37.5\,127.0`.
        let message = ICalendarValue.unescaped(value)
        guard let name = Self.propertyName(in: message) else { continue }
        let quoted = Self.quotation(in: message)
        if name == "GEO" {
          // Written `lat,lon` by some programs, which RFC 5545 writes `lat;lon`.
          event.coordinate = try? Coordinate.parse(quoted.replacingEvery(";", with: ","))
        } else if Self.timeProperties.contains(name), !quoted.isEmpty {
          let lineOfIt = lines[name]?.first ?? place.line
          let excerpt = "'\(ICalendarScan.excerpt(quoted.utf8))'"
          throw .init(
            file: file, line: lineOfIt, property: name,
            reason: "\(name)\(Korean.objectParticle(after: name)) 읽을 수 없습니다: \(excerpt)")
        }
      // An empty value is no value (RFC 5545 allows empty TEXT), and a property chulbal does
      // not use is not looked at.
      default: continue
      }
    }
    guard let start else {
      throw .init(
        file: file, line: place.line, property: "DTSTART", reason: "VEVENT에 DTSTART가 없습니다")
    }
    // An event without a UID (RFC 5545 requires one, some programs leave it out) is named by
    // what it is, so that reading the file again finds the same event.
    event.uid =
      uid.flatMap { $0.isEmpty ? nil : $0 }
      ?? "no-uid:\(start):\(event.summary ?? "")"
    event.start = start
    if event.coordinate == nil { event.coordinate = appleGeo }
    if event.travelSeconds == nil { event.travelSeconds = appleTravel }
    event.origin = originCoordinate.map {
      Origin(
        name: originName.flatMap { $0.isEmpty ? nil : CalendarImport.oneLine($0) }, coordinate: $0)
    }
    event.rule = Self.rule(rules, start: start, zones: zones.database)
    event.ignoredRules = Set(rules.map { $0.uppercased() }).count - (rules.isEmpty ? 0 : 1)
    return event
  }

  /// The line of the next property named `name`: libical keeps the file's order, but splits
  /// `EXDATE:a,b` into two, so a count past the last one found stays on it.
  private mutating func nextLine(of name: String) -> Int {
    let index = seen[name, default: 0]
    seen[name] = index + 1
    guard let lines = lines[name], !lines.isEmpty else { return place.line }
    return lines[min(index, lines.count - 1)]
  }

  /// The property an `X-LIC-ERROR` is about: the word before ` property` (`for LOCATION
  /// property`, `in GEO property`).
  static func propertyName(in message: String) -> String? {
    guard let range = message.firstRange(of: " property") else { return nil }
    let name = message[..<range.lowerBound].split(separator: " ").last.map(String.init)
    return name.flatMap { $0.isEmpty ? nil : $0.uppercased() }
  }

  /// What an `X-LIC-ERROR` quotes from the file: the text after its last `: `.
  static func quotation(in message: String) -> String {
    guard let colon = message.ranges(of: ": ").last else { return "" }
    // An escaped line end in the quoted value must not break the one-line message.
    return message[colon.upperBound...].replacingEvery("\n", with: " ").trimmingWhitespace()
  }

  /// A DATE, DATE-TIME or (for `RDATE`) PERIOD value in the years chulbal keeps, with its
  /// `TZID` resolved; a `TZID` that names no IANA zone is read on the clock of the file's own
  /// VTIMEZONE, else in the calendar's `X-WR-TIMEZONE`, else as a floating time, and noted on
  /// `event`. A time without a `TZID` is read in the calendar's `X-WR-TIMEZONE` when it has
  /// one, else is floating.
  private func time(
    _ property: LibicalDocument.Property, line: Int, event: inout CalendarEvent
  ) throws(CalendarContents.Unreadable) -> CalendarTime {
    func fail(_ message: String) -> CalendarContents.Unreadable {
      .init(file: file, line: line, property: property.name, reason: message)
    }
    // A PERIOD is `start/end` or `start/duration`: the start is the occurrence.
    let value = Substring(property.value).prefix { $0 != "/" }
    let isDate = property.parameter("VALUE")?.uppercased() == "DATE" || value.count == 8
    let quoted = "'\(value)'"
    // The years every time chulbal keeps is held to, typed or read.
    func checkYear(_ year: Int) throws(CalendarContents.Unreadable) {
      guard !TimeExpression.years.contains(year) else { return }
      throw fail(
        "\(property.name)의 날짜·시각 \(quoted)\(Korean.subjectParticle(after: quoted)) "
          + "\(TimeExpression.years.lowerBound)~\(TimeExpression.years.upperBound)년 밖입니다")
    }
    if isDate, let date = ICalendarValue.date(value) {
      try checkYear(date.year)
      return .date(date)
    }
    guard !isDate, let (wall, isUTC) = ICalendarValue.dateTime(value) else {
      let example = isDate ? "20261201" : "20261201T090000"
      throw fail(
        "\(property.name)의 날짜·시각 \(quoted)\(Korean.objectParticle(after: quoted)) "
          + "읽을 수 없습니다 (예: \(example))")
    }
    try checkYear(wall.date.year)
    if isUTC {
      return .utc(Date(timeIntervalSince1970: TimeInterval(wall.secondsSinceEpoch)))
    }
    guard let tzid = property.parameter("TZID") else {
      // Google's and Apple's exports name the calendar's zone once, in X-WR-TIMEZONE, and mean
      // every time without one to be on that clock, as other readers take it.
      if let calendarZone = zones.calendarZone { return .zoned(wall, timeZone: calendarZone) }
      return .floating(wall)
    }
    let zone: String?
    do throws(CalendarError) {
      zone = try zones.ianaName(for: tzid, at: wall, line: line)
    } catch {
      throw fail(Self.reason(of: error))
    }
    if let zone { return .zoned(wall, timeZone: zone) }
    event.unresolvedZone = tzid
    if let instant = zones.instant(of: wall, describedAs: tzid) { return .utc(instant) }
    if let calendarZone = zones.calendarZone { return .zoned(wall, timeZone: calendarZone) }
    return .floating(wall)
  }

  /// An error's words without the file and line it names, which the unreadable event names.
  static func reason(of error: CalendarError) -> String {
    if case .syntax(_, _, let message) = error { return message }
    return error.description
  }

  /// The most alerts read from `X-CHULBAL-ALERTS`.
  static let maximumAlerts = 10

  /// A DURATION value in seconds, within the longest duration chulbal keeps; nil for
  /// anything else.
  static func duration(_ text: String) -> Int? {
    guard let seconds = ICalendarValue.duration(Substring(text.uppercased())),
      (0...DurationExpression.maximumSeconds).contains(seconds)
    else { return nil }
    return seconds
  }

  /// `35M`, `1H20M` (chulbal's short form) or a DURATION (`PT35M`), in seconds.
  private func travel(
    _ text: String, _ fail: (String) -> CalendarContents.Unreadable
  ) throws(CalendarContents.Unreadable) -> Int {
    let quoted = "'\(text)'"
    let problem = "X-CHULBAL-TRAVEL \(quoted)\(Korean.objectParticle(after: quoted)) 읽을 수 없습니다"
    if text.uppercased().hasPrefix("P") {
      guard let seconds = ICalendarValue.duration(Substring(text.uppercased())),
        (0...DurationExpression.maximumSeconds).contains(seconds)
      else { throw fail(problem + " (예: 35M, 1H20M, PT35M)") }
      return seconds
    }
    do {
      return try DurationExpression.parse(text.lowercased())
    } catch {
      throw fail(problem + ": \(error)")
    }
  }

  /// The first `RRULE`, read by chulbal's strict reader. RFC 5545 §3.8.5.3 says an event
  /// SHOULD NOT have more than one; of several that differ, the first is followed and the
  /// others counted (``CalendarEvent/ignoredRules``), as the issue of a calendar that
  /// carries two leaves the choice.
  private static func rule(_ texts: [String], start: CalendarTime, zones: ZoneDatabase)
    -> CalendarEvent.Rule?
  {
    guard let text = texts.first else { return nil }
    do {
      return .accepted(
        try RecurrenceRule.parse(untilInUTC(text, start: start, zones: zones)))
    } catch {
      return .refused(text, reason: error.description)
    }
  }

  /// A rule whose `UNTIL` has a time but no `Z` (Exchange 2010 and Zimbra write it so for a
  /// start with a zone) with that time read on the start's clock, as RFC 5545's erratum 5505
  /// reads it; on a floating start, the day alone. Any other rule as it is.
  static func untilInUTC(_ text: String, start: CalendarTime, zones: ZoneDatabase) -> String {
    var parts = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    guard
      let index = parts.firstIndex(where: { $0.uppercased().hasPrefix("UNTIL=") }),
      case let value = Substring(parts[index].dropFirst("UNTIL=".count)),
      value.count == 15, let (wall, isUTC) = ICalendarValue.dateTime(value), !isUTC
    else { return text }
    switch start {
    case .zoned(_, let zone):
      guard let instant = zones.zone(named: zone).map(wall.instant(in:)) else { return text }
      parts[index] = "UNTIL=" + ICalendarValue.text(WallTime(instant, in: .gmt)) + "Z"
    case .utc:
      parts[index] = "UNTIL=" + value + "Z"
    case .floating, .date:
      parts[index] = "UNTIL=" + ICalendarValue.text(wall.date)
    }
    return parts.joined(separator: ";")
  }
}
