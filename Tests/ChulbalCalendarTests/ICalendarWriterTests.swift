import ChulbalCore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalendar

@Suite struct ICalendarWriterTests {
  static let stamp = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01T00:00:00Z

  static let dinner = ICalendarWriter.Event(
    uid: ICalendarWriter.uid(for: "series-7"), title: "저녁 약속, 강남; 매주\\화요일",
    start: WallTime(year: 2027, month: 1, day: 5, hour: 19, minute: 0), timeZone: "Asia/Seoul",
    durationSeconds: 7200, location: "강남역 11번 출구",
    coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276),
    note: "첫 줄\n둘째 줄: 늦으면 연락",
    rule: RecurrenceRule(frequency: .weekly, days: [.init(.tuesday)]),
    exceptions: [WallTime(year: 2027, month: 2, day: 23, hour: 19, minute: 0)],
    overrides: [
      .init(
        originalStart: WallTime(year: 2027, month: 3, day: 2, hour: 19, minute: 0),
        start: WallTime(year: 2027, month: 3, day: 2, hour: 20, minute: 0), title: "저녁 약속 (늦게)")
    ],
    alarms: [.init(secondsBeforeStart: 45 * 60, message: "출발: 저녁 약속")], travelSeconds: 35 * 60)

  static let call = ICalendarWriter.Event(
    uid: ICalendarWriter.uid(for: "series-8"), title: "뉴욕 주간 통화",
    start: WallTime(year: 2027, month: 2, day: 2, hour: 9, minute: 0),
    timeZone: "America/New_York",
    end: WallTime(year: 2027, month: 2, day: 2, hour: 10, minute: 0),
    rule: try? RecurrenceRule.parse("FREQ=WEEKLY;BYDAY=TU;UNTIL=20270420"),
    alarms: [.init(secondsBeforeStart: 0, message: "출발: 뉴욕 주간 통화")])

  static let lunch = ICalendarWriter.Event(
    uid: ICalendarWriter.uid(for: "appointment-3"), title: "점심",
    start: WallTime(year: 2027, month: 3, day: 29, hour: 12, minute: 30),
    timeZone: "Europe/Berlin", durationSeconds: 3600)

  @Test func theTextIsCRLFFoldedAt75OctetsAndCarriesAlarmsAndOneVTIMEZONEPerZone() throws {
    let text = try ICalendarWriter.text([Self.dinner, Self.call, Self.lunch], stamp: Self.stamp)
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//chulbal//chulbal//KO\r\n"))
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    let lines = text.components(separatedBy: "\r\n").dropLast()
    #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("\r") })
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
      .components(separatedBy: "\r\n")
    for zone in ["Asia/Seoul", "America/New_York", "Europe/Berlin"] {
      #expect(unfolded.filter { $0 == "TZID:" + zone }.count == 1)
    }
    #expect(unfolded.contains("TRIGGER;RELATED=START:-PT45M"))
    #expect(unfolded.contains("TRIGGER;RELATED=START:PT0S"))
    #expect(unfolded.contains("DESCRIPTION:출발: 저녁 약속"))
    #expect(unfolded.contains("SUMMARY:저녁 약속\\, 강남\\; 매주\\\\화요일"))
    #expect(unfolded.contains("DESCRIPTION:첫 줄\\n둘째 줄: 늦으면 연락"))
    #expect(unfolded.contains("UID:series-7@chulbal"))
    #expect(unfolded.contains("DTSTAMP:20261201T000000Z"))
    // UNTIL a date, written as its last second in New York (EDT, four hours behind), in UTC.
    #expect(unfolded.contains("RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270421T035959Z"))
  }

  struct Fold: Sendable, CustomTestStringConvertible {
    let line: String
    var testDescription: String { String(line.prefix(20)) }
  }

  @Test(arguments: [
    Fold(line: "DESCRIPTION:" + String(repeating: "a", count: 200)),
    Fold(line: "SUMMARY:" + String(repeating: "출발", count: 60)),
    Fold(line: "LOCATION:" + String(repeating: "é👍🏽가", count: 30)),
    Fold(line: "X:" + String(repeating: "b", count: 73)),
    // One character (e with 100 combining accents) longer than a line: split between scalars.
    Fold(line: "SUMMARY:e" + String(repeating: "\u{301}", count: 100)),
  ])
  func foldingKeepsUTF8SequencesWholeAndUnfoldsToTheLine(_ example: Fold) {
    let bytes = Array(ICalendarWriter.folded(example.line).utf8)
    // Split by CRLF on the bytes, as a calendar program reads them.
    var physical: [[UInt8]] = [[]]
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
        physical.append([])
        index += 2
      } else {
        physical[physical.count - 1].append(bytes[index])
        index += 1
      }
    }
    #expect(physical.last == [])
    physical.removeLast()
    #expect(physical.allSatisfy { $0.count <= 75 })
    #expect(physical.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
    #expect(physical.dropFirst().allSatisfy { $0.first == 0x20 })
    #expect((physical.count > 1) == (example.line.utf8.count > 75))
    let unfolded = physical.enumerated().flatMap {
      $0.offset == 0 ? $0.element : Array($0.element.dropFirst())
    }
    #expect(unfolded == Array(example.line.utf8))
  }

  @Test func whatIsWrittenReadsBackAsTheSameEvents() throws {
    let text = try ICalendarWriter.text([Self.dinner, Self.call, Self.lunch], stamp: Self.stamp)
    let events = try ICalendarFile.read(text: text, name: "export.ics").events
    try #require(events.count == 4)
    let series = events[0]
    #expect(series.uid == Self.dinner.uid)
    #expect(series.summary == Self.dinner.title)
    #expect(series.start == .zoned(Self.dinner.start, timeZone: "Asia/Seoul"))
    #expect(series.durationSeconds == Self.dinner.durationSeconds)
    #expect(series.location == Self.dinner.location)
    #expect(series.coordinate == Self.dinner.coordinate)
    #expect(series.note == Self.dinner.note)
    #expect(series.rule == .accepted(Self.dinner.rule!))
    #expect(
      series.exceptionDates == Self.dinner.exceptions.map { .zoned($0, timeZone: "Asia/Seoul") })
    #expect(series.travelSeconds == Self.dinner.travelSeconds)
    let moved = events[1]
    #expect(moved.uid == Self.dinner.uid)
    #expect(
      moved.recurrenceID == .zoned(Self.dinner.overrides[0].originalStart, timeZone: "Asia/Seoul"))
    #expect(moved.start == .zoned(Self.dinner.overrides[0].start, timeZone: "Asia/Seoul"))
    #expect(moved.summary == "저녁 약속 (늦게)")
    #expect(moved.durationSeconds == 7200)
    #expect(events[2].start == .zoned(Self.call.start, timeZone: "America/New_York"))
    #expect(events[2].end == .zoned(Self.call.end!, timeZone: "America/New_York"))
    #expect(events[3].start == .zoned(Self.lunch.start, timeZone: "Europe/Berlin"))

    // The same starts as the series chulbal keeps, over the spring changes.
    let from = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01T00:00:00Z
    let to = from.addingTimeInterval(150 * 86_400)
    let read = try CalendarOccurrences.starts(
      of: events, from: from, to: to, floatingTimeZone: "Asia/Seoul")
    var kept: [CalendarOccurrences.Occurrence] = []
    for event in [Self.dinner, Self.call] {
      let set = try RecurrenceSet(
        rule: event.rule!, firstStart: event.start, timeZone: event.timeZone,
        exceptions: Set(event.exceptions),
        overrides: Dictionary(
          uniqueKeysWithValues: try event.overrides.map { override in
            (
              override.originalStart,
              try CalendarOccurrences.instant(
                of: .zoned(override.start, timeZone: event.timeZone), floatingTimeZone: "UTC",
                zones: systemZones)
            )
          }))
      kept += set.occurrences(from: from, to: to).map { .init(uid: event.uid, start: $0) }
    }
    kept.append(
      .init(
        uid: Self.lunch.uid,
        start: try CalendarOccurrences.instant(
          of: .zoned(Self.lunch.start, timeZone: "Europe/Berlin"), floatingTimeZone: "UTC",
          zones: systemZones)))
    #expect(read == kept.sorted { ($0.start, $0.uid) < ($1.start, $1.uid) })
    #expect(read.count > 25)
  }

  /// libical reads each written VTIMEZONE back to the offsets Foundation's tzdata gives,
  /// daily at noon from a year before the first event to ten years after.
  @Test(arguments: ["America/New_York", "Europe/Berlin", "Asia/Seoul", "Australia/Lord_Howe"])
  func theWrittenVTIMEZONEGivesTheSystemsOffsets(_ zone: String) throws {
    let event = ICalendarWriter.Event(
      uid: "z", title: "z", start: WallTime(year: 2027, month: 1, day: 5, hour: 9, minute: 0),
      timeZone: zone)
    let text = try ICalendarWriter.text([event], stamp: Self.stamp)
    // No part that ended before 2026 while a later one already ran (Berlin's of 1980–1995).
    let untils = text.split(separator: "\r\n").compactMap { line -> Int? in
      guard line.hasPrefix("RRULE:"), let range = line.range(of: "UNTIL=") else { return nil }
      return Int(line[range.upperBound...].prefix(4))
    }
    let parts =
      text.components(separatedBy: "BEGIN:STANDARD").count
      + text.components(separatedBy: "BEGIN:DAYLIGHT").count - 2
    #expect(parts == 1 || untils.allSatisfy { $0 >= 2026 }, "\(untils)")
    // Under another TZID, so that the reader cannot take it as an IANA name.
    let renamed = text.replacingOccurrences(of: "TZID:" + zone, with: "TZID:Written zone")
      .replacingOccurrences(of: "TZID=" + zone, with: "TZID=Written zone")
    let document = try #require(LibicalDocument(bytes: renamed.utf8))
    let calendar = try #require(document.components.first { $0.name == "VCALENDAR" })
    let written = try #require(icalcomponent_get_timezone(calendar.pointer, "Written zone"))
    let system = try #require(Zone(identifier: zone))
    var mismatches: [String] = []
    for day in stride(from: 19_723, to: 19_723 + 11 * 365, by: 1) {  // 2024-01-01 on
      let second = day * 86_400 + 43_200
      let theirs = Libical.offset(in: written, atSecond: second)
      let ours = system.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second)))
      if theirs != ours { mismatches.append("\(day): \(theirs) ≠ \(ours)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func aUTCEventIsWrittenWithZAndNoVTIMEZONE() throws {
    var event = Self.dinner
    event.timeZone = "UTC"
    let text = try ICalendarWriter.text([event], stamp: Self.stamp)
    #expect(!text.contains("VTIMEZONE") && !text.contains("TZID"))
    let events = try ICalendarFile.read(text: text, name: "utc.ics").events
    let instant = Date(timeIntervalSince1970: 1_799_175_600)  // 2027-01-05T19:00:00Z
    #expect(
      events.map(\.start) == [.utc(instant), .utc(instant.addingTimeInterval(56 * 86_400 + 3600))])
    #expect(events[0].exceptionDates == [.utc(instant.addingTimeInterval(49 * 86_400))])
  }

  @Test func aZoneLibicalCannotLoadOrATimeNoClockShowsIsAnError() {
    var event = Self.lunch
    event.timeZone = "Mars/Olympus_Mons"
    #expect(
      throws: CalendarError.unknownTimeZone("Mars/Olympus_Mons", directory: "/usr/share/zoneinfo")
    ) {
      try ICalendarWriter.text([event], stamp: Self.stamp)
    }
    event = Self.lunch
    event.exceptions = [WallTime(year: 2027, month: 2, day: 30, hour: 12, minute: 30)]
    #expect(throws: CalendarError.invalidWallTime(event.exceptions[0])) {
      try ICalendarWriter.text([event], stamp: Self.stamp)
    }
  }
}
