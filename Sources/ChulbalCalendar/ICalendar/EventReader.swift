import ChulbalCore
import FoundationEssentials

/// One VEVENT's properties made a ``CalendarEvent``, each value read strictly and each
/// problem thrown with the line of the property it is on.
struct EventReader {
  let file: String
  let place: ICalendarScan.Component
  let properties: [LibicalDocument.Property]
  let zones: ZoneResolver
  /// How many properties of each name have been read, to find each one's line.
  private var seen: [String: Int] = [:]

  init(
    file: String, place: ICalendarScan.Component, properties: [LibicalDocument.Property],
    zones: ZoneResolver
  ) {
    self.file = file
    self.place = place
    self.properties = properties
    self.zones = zones
  }

  mutating func event() throws(CalendarError) -> CalendarEvent {
    var uid: String?
    var start: CalendarTime?
    var event = CalendarEvent(file: file, line: place.line, uid: "", start: .date(.init(days: 0)))
    var rules: [String] = []
    var appleGeo: Coordinate?
    for property in properties {
      let line = nextLine(of: property.name)
      let value = property.value
      func fail(_ message: String) -> CalendarError {
        .syntax(file: file, line: line, message: message)
      }
      switch property.name {
      case "UID": uid = value
      case "SUMMARY": event.summary = ICalendarValue.unescaped(value)
      case "LOCATION": event.location = ICalendarValue.unescaped(value)
      case "DESCRIPTION": event.note = ICalendarValue.unescaped(value)
      case "DTSTART": start = try time(property, line: line)
      case "DTEND": event.end = try time(property, line: line)
      case "RECURRENCE-ID": event.recurrenceID = try time(property, line: line)
      case "EXDATE": event.exceptionDates.append(try time(property, line: line))
      case "RDATE": event.recurrenceDates.append(try time(property, line: line))
      case "DURATION":
        guard let seconds = ICalendarValue.duration(Substring(value)), seconds >= 0 else {
          throw fail(
            "DURATION '\(value)'\(Korean.objectParticle(after: value)) 읽을 수 없습니다 (예: PT1H30M)")
        }
        event.durationSeconds = seconds
      case "GEO":
        event.coordinate = try coordinate(value.replacingEvery(";", with: ","), fail)
      case "X-APPLE-STRUCTURED-LOCATION":
        // `geo:37.5,127.0`, and perhaps `;u=35` (RFC 5870) after it.
        if value.lowercased().hasPrefix("geo:") {
          let body = value.dropFirst(4).prefix { $0 != ";" }
          appleGeo = try coordinate(String(body), fail)
        }
      case "RRULE": rules.append(value)
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
      default: continue
      }
    }
    guard let uid, !uid.isEmpty else {
      throw .syntax(file: file, line: place.line, message: "VEVENT에 UID가 없습니다")
    }
    guard let start else {
      throw .syntax(file: file, line: place.line, message: "VEVENT에 DTSTART가 없습니다")
    }
    event.uid = uid
    event.start = start
    if event.coordinate == nil { event.coordinate = appleGeo }
    event.rule = Self.rule(rules)
    return event
  }

  /// The line of the next property named `name`: libical keeps the file's order, but splits
  /// `EXDATE:a,b` into two, so a count past the last one found stays on it.
  private mutating func nextLine(of name: String) -> Int {
    let index = seen[name, default: 0]
    seen[name] = index + 1
    let lines = place.properties.filter { $0.name == name }.map(\.line)
    return lines.isEmpty ? place.line : lines[min(index, lines.count - 1)]
  }

  /// A DATE, DATE-TIME or (for `RDATE`) PERIOD value, with its `TZID` resolved.
  private func time(_ property: LibicalDocument.Property, line: Int) throws(CalendarError)
    -> CalendarTime
  {
    // A PERIOD is `start/end` or `start/duration`: the start is the occurrence.
    let value = Substring(property.value).prefix { $0 != "/" }
    let isDate = property.parameter("VALUE")?.uppercased() == "DATE" || value.count == 8
    if isDate, let date = ICalendarValue.date(value) { return .date(date) }
    guard !isDate, let (wall, isUTC) = ICalendarValue.dateTime(value) else {
      let example = isDate ? "20261201" : "20261201T090000"
      let quoted = "'\(value)'"
      throw .syntax(
        file: file, line: line,
        message: "\(property.name)의 날짜·시각 \(quoted)\(Korean.objectParticle(after: quoted)) "
          + "읽을 수 없습니다 (예: \(example))")
    }
    if isUTC {
      return .utc(Date(timeIntervalSince1970: TimeInterval(wall.secondsSinceEpoch)))
    }
    guard let tzid = property.parameter("TZID") else { return .floating(wall) }
    return .zoned(wall, timeZone: try zones.ianaName(for: tzid, at: wall, line: line))
  }

  /// `lat,lon`, each in range.
  private func coordinate(_ text: String, _ fail: (String) -> CalendarError) throws(CalendarError)
    -> Coordinate
  {
    do {
      return try Coordinate.parse(text)
    } catch {
      throw fail("좌표를 읽을 수 없습니다: \(error)")
    }
  }

  /// `35M`, `1H20M` (chulbal's short form) or a DURATION (`PT35M`), in seconds.
  private func travel(_ text: String, _ fail: (String) -> CalendarError) throws(CalendarError)
    -> Int
  {
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

  /// The one `RRULE`, read by chulbal's strict reader.
  private static func rule(_ texts: [String]) -> CalendarEvent.Rule? {
    guard let text = texts.first else { return nil }
    guard texts.count == 1 else {
      return .refused(texts.joined(separator: " "), reason: "RRULE이 둘 이상입니다")
    }
    do {
      return .accepted(try RecurrenceRule.parse(text))
    } catch {
      return .refused(text, reason: error.description)
    }
  }
}
