import ChulbalCore
import ChulbalSystem
import Foundation
import Testing

@testable import ChulbalCalendar

/// The good fixtures read into events, each worked out by hand from the fixture's text.
@Suite struct ICalendarFileTests {
  typealias Day = RecurrenceRule.Day

  static func seoul(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int)
    -> CalendarTime
  {
    .zoned(
      WallTime(year: year, month: month, day: day, hour: hour, minute: minute),
      timeZone: "Asia/Seoul")
  }

  static func utc(_ text: String) -> CalendarTime {
    .utc(ISO8601DateFormatter().date(from: text) ?? .distantPast)
  }

  @Test func aGoogleExportGivesItsSeriesItsMovedInstanceAndItsOneOffEvents() throws {
    let path = Fixtures.path("good/google.ics")
    let events = try ICalendarFile.read(path: path).events
    try #require(events.count == 5)
    let uid = "7kukuqrfedlm2f9t0vla8jlnh4@google.com"
    #expect(
      events[0]
        == CalendarEvent(
          file: path, line: 18, uid: uid, summary: "저녁 약속", start: Self.seoul(2027, 1, 5, 19, 0),
          end: Self.seoul(2027, 1, 5, 21, 0), location: "강남역 11번 출구, 서울특별시 강남구",
          note: "매주 화요일 저녁, 강남역 11번 출구\n늦으면 연락",
          rule: .accepted(RecurrenceRule(frequency: .weekly, days: [Day(.tuesday)])),
          exceptionDates: [Self.seoul(2027, 2, 23, 19, 0)], status: "CONFIRMED"))
    var moved = CalendarEvent(
      file: path, line: 34, uid: uid, recurrenceID: Self.seoul(2027, 3, 2, 19, 0),
      summary: "저녁 약속 (한 시간 늦게)", start: Self.seoul(2027, 3, 2, 20, 0),
      end: Self.seoul(2027, 3, 2, 22, 0), location: "역삼역 3번 출구", status: "CONFIRMED")
    moved.sequence = 1
    #expect(events[1] == moved)
    #expect(
      events[2]
        == CalendarEvent(
          file: path, line: 47, uid: "3q0b1n2m5c8v@google.com", summary: "분기 회의",
          start: Self.utc("2027-03-10T01:30:00Z"), end: Self.utc("2027-03-10T02:30:00Z"),
          location: "본사 7층 대회의실",
          coordinate: Coordinate(latitude: 37.566535, longitude: 126.977969),
          status: "CONFIRMED",
          attendees: [
            .init(email: "minji@example.com", participation: "ACCEPTED", name: "김민지"),
            .init(email: "junho.lee@example.com", participation: "DECLINED", name: "Lee Junho"),
          ]))
    #expect(events[2].isDeclined(by: "Junho.Lee@example.com"))
    #expect(!events[2].isDeclined(by: "minji@example.com"))
    #expect(events[3].isAllDay && events[3].isTransparent)
    #expect(events[3].start == .date(CivilDate(year: 2027, month: 3, day: 1)))
    #expect(events[3].end == .date(CivilDate(year: 2027, month: 3, day: 2)))
    #expect(events[4].isCancelled && events[4].line == 71)
  }

  @Test func anOutlookExportWithWindowsZoneNamesGivesIANAZones() throws {
    let path = Fixtures.path("good/outlook.ics")
    let events = try ICalendarFile.read(path: path).events
    try #require(events.count == 2)
    #expect(events[0].line == 34)
    #expect(
      events[0].start
        == .zoned(
          WallTime(year: 2027, month: 1, day: 5, hour: 9, minute: 0), timeZone: "Europe/Berlin"))
    #expect(
      events[0].rule
        == .accepted(
          try RecurrenceRule.parse("FREQ=WEEKLY;UNTIL=20270427T080000Z;BYDAY=TU;WKST=SU")))
    #expect(events[0].note == "\n")
    #expect(events[1].start == Self.seoul(2027, 3, 16, 14, 0))
    #expect(events[1].end == Self.seoul(2027, 3, 16, 15, 30))
    #expect(events[1].travelSeconds == 80 * 60)
    #expect(events[1].summary == "고객 미팅")
  }

  @Test func anAppleExportGivesTheStructuredLocationsCoordinates() throws {
    let path = Fixtures.path("good/apple.ics")
    let events = try ICalendarFile.read(path: path).events
    try #require(events.count == 2)
    #expect(
      events[0]
        == CalendarEvent(
          file: path, line: 22, uid: "6B1F4E0A-2C3D-4E5F-8A9B-0C1D2E3F4A5B", summary: "브런치",
          start: Self.seoul(2027, 2, 20, 11, 0), end: Self.seoul(2027, 2, 20, 12, 30),
          location: "성수동 카페\nCafe Onion Seongsu, 서울특별시 성동구 아차산로9길 8",
          coordinate: Coordinate(latitude: 37.544579, longitude: 127.058604),
          travelSeconds: 35 * 60))
    #expect(
      events[1].rule == .accepted(try RecurrenceRule.parse("FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=40")))
  }

  @Test func recurringEventsKeepTheirExceptionsMovedInstancesAndRefusedRules() throws {
    let events = try ICalendarFile.read(path: Fixtures.path("good/recurring.ics")).events
    try #require(events.count == 6)
    #expect(
      events[5].recurrenceDates == [
        Self.seoul(2027, 3, 6, 10, 0), Self.seoul(2027, 3, 20, 14, 0),
        Self.utc("2027-04-03T01:00:00Z"),
      ])
    #expect(
      events[0].exceptionDates == [
        Self.seoul(2027, 2, 17, 19, 30), Self.seoul(2027, 3, 10, 19, 30),
      ])
    #expect(events[0].durationSeconds == 7200)
    #expect(events[1].recurrenceID == Self.seoul(2027, 3, 3, 19, 30))
    #expect(events[1].start == Self.seoul(2027, 3, 4, 20, 0))
    #expect(
      events[3].start == .floating(WallTime(year: 2027, month: 2, day: 1, hour: 7, minute: 0)))
    // FREQ=HOURLY is read, and reported as refused with chulbal's reason.
    guard case .refused(let text, let reason)? = events[4].rule else {
      Issue.record("FREQ=HOURLY was not refused: \(String(describing: events[4].rule))")
      return
    }
    #expect(text == "FREQ=HOURLY;COUNT=3")
    #expect(reason.contains("하루에 한 번보다 자주 반복할 수 없습니다"))
  }

  @Test func aTZIDNamedLikeNoZoneResolvesThroughTheVTIMEZONEItsOffsetsMatch() throws {
    let events = try ICalendarFile.read(path: Fixtures.path("good/custom-zone.ics")).events
    try #require(events.count == 1)
    // GMT in winter and BST from the last Sunday of March: London's offsets (Dublin's and
    // Lisbon's too; the first zone of CLDR's table with them wins).
    #expect(
      events[0].start
        == .zoned(
          WallTime(year: 2027, month: 1, day: 11, hour: 8, minute: 30), timeZone: "Europe/London"))
  }

  @Test func aVdirFolderGivesEveryCalendarFileInNameOrderAndNothingElse() throws {
    let folder = Fixtures.path("good/vdir")
    let events = try ICalendarFile.read(path: folder).events
    #expect(events.map(\.uid) == ["0a1b2c3d-work", "5e6f7a8b-gym", "9c8d7e6f-flight"])
    #expect(
      events.map(\.file) == [
        folder + "/0a1b2c3d-work.ics", folder + "/5e6f7a8b-gym.ics",
        folder + "/9c8d7e6f-flight.ICS",
      ])
    #expect(events[2].start == Self.utc("2027-03-05T23:10:00Z"))
  }

  @Test func textReadsAsTheFileWould() throws {
    let path = Fixtures.path("good/dst-new-york.ics")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var fromText = try ICalendarFile.read(text: text, name: path).events
    let fromFile = try ICalendarFile.read(path: path).events
    #expect(fromText == fromFile)
    fromText = try ICalendarFile.read(text: text, name: "붙여넣은 일정").events
    #expect(fromText.allSatisfy { $0.file == "붙여넣은 일정" })
  }

  struct ZoneCase: Sendable, CustomTestStringConvertible {
    let tzid: String
    let iana: String
    var testDescription: String { tzid }
  }

  /// `TZID`s without a VTIMEZONE: IANA names, IANA names behind a path (Evolution, libical),
  /// and Windows names through CLDR's table.
  @Test(arguments: [
    ZoneCase(tzid: "Asia/Seoul", iana: "Asia/Seoul"),
    ZoneCase(tzid: "UTC", iana: "UTC"),
    ZoneCase(tzid: "/freeassociation.sourceforge.net/Tzfile/Europe/London", iana: "Europe/London"),
    ZoneCase(tzid: "/citadel.org/20190914_1/America/New_York", iana: "America/New_York"),
    ZoneCase(tzid: "Korea Standard Time", iana: "Asia/Seoul"),
    ZoneCase(tzid: "W. Europe Standard Time", iana: "Europe/Berlin"),
    ZoneCase(tzid: "Eastern Standard Time", iana: "America/New_York"),
  ])
  func aTZIDResolvesToAnIANAZone(_ zone: ZoneCase) throws {
    let text = """
      BEGIN:VCALENDAR\r
      BEGIN:VEVENT\r
      UID:z\r
      DTSTART;TZID=\(zone.tzid):20270105T090000\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let events = try ICalendarFile.read(text: text, name: "zone.ics").events
    #expect(
      events.map(\.start) == [
        .zoned(WallTime(year: 2027, month: 1, day: 5, hour: 9, minute: 0), timeZone: zone.iana)
      ])
  }

  @Test func aByteOrderMarkBeforeTheCalendarIsPassedOver() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:bom\r\nDTSTART:20270105T090000Z\r\n"
      + "END:VEVENT\r\nEND:VCALENDAR\r\n"
    let events = try ICalendarFile.read(
      data: Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8), name: "bom.ics"
    ).events
    #expect(events.map(\.uid) == ["bom"])
    #expect(events.map(\.line) == [2])
  }

  @Test func twoCalendarsInOneFileGiveTheEventsOfBoth() throws {
    let text = """
      BEGIN:VCALENDAR
      BEGIN:VEVENT
      UID:first
      DTSTART:20270105T090000Z
      END:VEVENT
      END:VCALENDAR
      BEGIN:VCALENDAR
      BEGIN:VTIMEZONE
      TZID:Korea Standard Time
      BEGIN:STANDARD
      DTSTART:16010101T000000
      TZOFFSETFROM:+0900
      TZOFFSETTO:+0900
      END:STANDARD
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:second
      DTSTART;TZID=Korea Standard Time:20270106T090000
      END:VEVENT
      END:VCALENDAR

      """
    let events = try ICalendarFile.read(text: text, name: "two.ics").events
    #expect(events.map(\.uid) == ["first", "second"])
    #expect(events.map(\.line) == [2, 16])
    #expect(events[1].start == Self.seoul(2027, 1, 6, 9, 0))
  }

  /// Every Windows name in the table stands for a zone both Foundation and libical load.
  @Test func everyWindowsNameMapsToAZoneThisSystemKnows() {
    for (windows, iana) in WindowsZones.ianaNames {
      #expect(Zone(identifier: iana) != nil, "\(windows) → \(iana)")
      #expect((try? Libical.zone(named: iana)) != nil, "\(windows) → \(iana)")
    }
    #expect(WindowsZones.ianaNames.count >= 100)
  }
}
