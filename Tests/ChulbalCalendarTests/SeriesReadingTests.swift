import ChulbalCore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalendar

/// Series as calendar programs write them: moved instances kept whole, `RDATE`s moved,
/// exceptions by day, `UNTIL` on the start's clock, `RANGE=THISANDFUTURE`.
@Suite struct SeriesReadingTests {
  static func plan(_ body: [String], email: String? = nil) throws -> CalendarImport {
    let text = (["BEGIN:VCALENDAR", "VERSION:2.0"] + body + ["END:VCALENDAR"])
      .map { $0 + "\r\n" }.joined()
    var settings = Settings.defaults
    settings.email = email
    return CalendarImport(
      contents: try ICalendarFile.read(text: text, name: "series.ics"), settings: settings,
      defaultOrigin: nil, places: [:], floatingTimeZone: "Asia/Seoul")
  }

  /// The starts `body` gives in January 2027, as `YYYY-MM-DDTHH:MM` in Seoul.
  static func januaryStarts(_ body: [String]) throws -> [String] {
    let text = (["BEGIN:VCALENDAR", "VERSION:2.0"] + body + ["END:VCALENDAR"])
      .map { $0 + "\r\n" }.joined()
    let events = try ICalendarFile.read(text: text, name: "series.ics").events
    return try CalendarOccurrences.starts(
      of: events, from: instant("2027-01-01T00:00:00+09:00"),
      to: instant("2027-02-01T00:00:00+09:00"),
      floatingTimeZone: "Asia/Seoul"
    ).map { WallTime($0.start, in: seoul).description.prefix(16).description }
  }

  static let seoul = Zone(identifier: "Asia/Seoul")!

  static let weekly = [
    "BEGIN:VEVENT", "UID:s", "SUMMARY:스터디", "LOCATION:강남", "RRULE:FREQ=WEEKLY",
    "DTSTART;TZID=Asia/Seoul:20270105T090000", "END:VEVENT",
  ]

  /// An instance moved to another place is an appointment of its own there, with its own
  /// title; the series leaves out the occurrence it replaces.
  @Test func aMovedInstanceWithAPlaceOfItsOwnIsKeptWhole() throws {
    let plan = try Self.plan(
      Self.weekly + [
        "BEGIN:VEVENT", "UID:s", "SUMMARY:스터디 (판교)", "LOCATION:판교역 카페",
        "GEO:37.3947;127.1112", "RECURRENCE-ID;TZID=Asia/Seoul:20270112T090000",
        "DTSTART;TZID=Asia/Seoul:20270112T100000", "END:VEVENT",
      ])
    #expect(plan.items.map(\.instance) == ["", "2027-01-12T09:00:00 Asia/Seoul"])
    let series = try #require(plan.items.first?.appointment.repetition)
    #expect(series.exceptions == [WallTime(year: 2027, month: 1, day: 12, hour: 9, minute: 0)])
    #expect(series.overrides.isEmpty)
    let moved = try #require(plan.items.last?.appointment)
    #expect(moved.title == "스터디 (판교)")
    #expect(moved.place == "판교역 카페")
    #expect(moved.coordinate == Coordinate(latitude: 37.3947, longitude: 127.1112))
    #expect(moved.start == instant("2027-01-12T10:00:00+09:00"))
    #expect(moved.repetition == nil)
  }

  /// One that moves only the time stays an override of the series.
  @Test func aMovedInstanceThatKeepsTheSeriesDetailsIsAnOverride() throws {
    let plan = try Self.plan(
      Self.weekly + [
        "BEGIN:VEVENT", "UID:s", "SUMMARY:스터디", "LOCATION:강남",
        "RECURRENCE-ID;TZID=Asia/Seoul:20270112T090000",
        "DTSTART;TZID=Asia/Seoul:20270112T100000", "END:VEVENT",
      ])
    #expect(plan.items.map(\.instance) == [""])
    let series = try #require(plan.items.first?.appointment.repetition)
    #expect(
      series.overrides == [
        WallTime(year: 2027, month: 1, day: 12, hour: 9, minute: 0): instant(
          "2027-01-12T10:00:00+09:00")
      ])
  }

  /// An instance declined by the person takes its occurrence out.
  @Test func aMovedInstanceDeclinedTakesItsOccurrenceOut() throws {
    let plan = try Self.plan(
      Self.weekly + [
        "BEGIN:VEVENT", "UID:s", "SUMMARY:스터디", "LOCATION:강남",
        "ATTENDEE;PARTSTAT=DECLINED:mailto:minji@example.com",
        "RECURRENCE-ID;TZID=Asia/Seoul:20270112T090000",
        "DTSTART;TZID=Asia/Seoul:20270112T090000", "END:VEVENT",
      ], email: "minji@example.com")
    let series = try #require(plan.items.first?.appointment.repetition)
    #expect(series.exceptions == [WallTime(year: 2027, month: 1, day: 12, hour: 9, minute: 0)])
  }

  /// Moving an `RDATE` start leaves no appointment at the old time.
  @Test func aMovedRDATELeavesNoGhostAtItsOldTime() throws {
    let starts = try Self.januaryStarts([
      "BEGIN:VEVENT", "UID:r", "DTSTART:20270105T010000Z", "RDATE:20270112T010000Z",
      "END:VEVENT", "BEGIN:VEVENT", "UID:r", "RECURRENCE-ID:20270112T010000Z",
      "DTSTART:20270113T010000Z", "END:VEVENT",
    ])
    #expect(starts == ["2027-01-05T10:00", "2027-01-13T10:00"])
  }

  @Test func anEXDATEGivenAsADayTakesOutThatDaysOccurrence() throws {
    let starts = try Self.januaryStarts(
      Array(Self.weekly.dropLast()) + ["EXDATE;VALUE=DATE:20270112,20270126", "END:VEVENT"])
    #expect(starts == ["2027-01-05T09:00", "2027-01-19T09:00"])
  }

  /// Exchange 2010 and Zimbra write `UNTIL` without `Z` for a start with a zone: it is read on
  /// the start's clock, so the last occurrence is the one at that time.
  @Test func anUNTILWithoutZIsReadOnTheStartsClock() throws {
    let starts = try Self.januaryStarts([
      "BEGIN:VEVENT", "UID:u", "RRULE:FREQ=WEEKLY;UNTIL=20270119T090000",
      "DTSTART;TZID=Asia/Seoul:20270105T090000", "END:VEVENT",
    ])
    #expect(starts == ["2027-01-05T09:00", "2027-01-12T09:00", "2027-01-19T09:00"])
  }

  @Test(arguments: [
    ("20270119T090000", "UNTIL=20270119T000000Z"), ("20270119T090000Z", "UNTIL=20270119T090000Z"),
  ])
  func untilIsWrittenInUTC(_ until: String, _ expected: String) {
    let start = CalendarTime.zoned(
      WallTime(year: 2027, month: 1, day: 5, hour: 9, minute: 0), timeZone: "Asia/Seoul")
    #expect(
      EventReader.untilInUTC(
        "FREQ=WEEKLY;UNTIL=\(until)", start: start, zones: systemZones)
        == "FREQ=WEEKLY;\(expected)")
  }

  /// Cyrus writes the same RRULE twice: one series, nothing to say. Of two rules that differ
  /// (Zimbra), the first is followed and the event counted.
  @Test func twoRRULEsThatAreTheSameAreOneAndOfTwoThatDifferTheFirstIsFollowed() throws {
    let same = try Self.plan([
      "BEGIN:VEVENT", "UID:c", "RRULE:FREQ=WEEKLY;COUNT=2", "RRULE:FREQ=WEEKLY;COUNT=2",
      "DTSTART:20270105T010000Z", "END:VEVENT",
    ])
    #expect(same.extraRules == 0)
    #expect(
      try Self.januaryStarts([
        "BEGIN:VEVENT", "UID:c", "RRULE:FREQ=WEEKLY;COUNT=2", "RRULE:FREQ=WEEKLY;COUNT=2",
        "DTSTART:20270105T010000Z", "END:VEVENT",
      ]) == ["2027-01-05T10:00", "2027-01-12T10:00"])
    let lines = [
      "BEGIN:VEVENT", "UID:z", "RRULE:FREQ=WEEKLY;COUNT=3", "RRULE:FREQ=DAILY;COUNT=5",
      "DTSTART:20270105T010000Z", "END:VEVENT",
    ]
    let different = try Self.plan(lines)
    #expect(different.skipped.isEmpty)
    #expect(different.extraRules == 1)
    #expect(
      try Self.januaryStarts(lines) == ["2027-01-05T10:00", "2027-01-12T10:00", "2027-01-19T10:00"])
  }

  /// `RANGE=THISANDFUTURE` moves that occurrence and every one after it.
  @Test func anInstanceMovedWithThisAndFutureMovesEveryLaterOccurrence() throws {
    let starts = try Self.januaryStarts(
      Self.weekly + [
        "BEGIN:VEVENT", "UID:s", "SUMMARY:스터디", "LOCATION:강남",
        "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Asia/Seoul:20270119T090000",
        "DTSTART;TZID=Asia/Seoul:20270119T100000", "END:VEVENT",
      ])
    #expect(
      starts == [
        "2027-01-05T09:00", "2027-01-12T09:00", "2027-01-19T10:00", "2027-01-26T10:00",
      ])
  }

  /// A second `RANGE=THISANDFUTURE` instance ends the part the first began; an instance moved
  /// inside a part, and an `RDATE` in it, move with that part and take its details.
  @Test func instancesMovedWithThisAndFutureChainEachEndingTheOneBefore() throws {
    let body =
      Array(Self.weekly.dropLast()) + [
        "RDATE;TZID=Asia/Seoul:20270121T090000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:s", "SUMMARY:스터디 (판교)", "LOCATION:판교",
        "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Asia/Seoul:20270112T090000",
        "DTSTART;TZID=Asia/Seoul:20270112T100000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:s", "SUMMARY:스터디 (판교)", "LOCATION:판교",
        "RECURRENCE-ID;TZID=Asia/Seoul:20270119T090000",
        "DTSTART;TZID=Asia/Seoul:20270119T120000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:s", "SUMMARY:스터디 (역삼)", "LOCATION:역삼",
        "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Asia/Seoul:20270126T090000",
        "DTSTART;TZID=Asia/Seoul:20270127T110000", "END:VEVENT",
      ]
    #expect(
      try Self.januaryStarts(body) == [
        "2027-01-05T09:00", "2027-01-12T10:00", "2027-01-19T12:00", "2027-01-21T10:00",
        "2027-01-27T11:00",
      ])
    let plan = try Self.plan(body)
    let places = Dictionary(
      plan.items.map { ($0.instance, $0.appointment.place ?? "") }, uniquingKeysWith: { $1 })
    #expect(places[""] == "강남")
    #expect(places["THISANDFUTURE 2027-01-12T09:00:00 Asia/Seoul"] == "판교")
    #expect(places["THISANDFUTURE 2027-01-26T09:00:00 Asia/Seoul"] == "역삼")
    #expect(places["RDATE 2027-01-21T09:00:00 Asia/Seoul"] == "판교")
  }

  /// Moved a day later, a weekly rule's days move with it; a counted series keeps its count
  /// across the move.
  @Test func aSeriesMovedToAnotherDayKeepsItsWeekdaysAndItsCount() throws {
    let byDay = try Self.januaryStarts([
      "BEGIN:VEVENT", "UID:d", "RRULE:FREQ=WEEKLY;BYDAY=TU,TH",
      "DTSTART;TZID=Asia/Seoul:20270105T090000", "END:VEVENT", "BEGIN:VEVENT", "UID:d",
      "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Asia/Seoul:20270112T090000",
      "DTSTART;TZID=Asia/Seoul:20270113T090000", "END:VEVENT",
    ])
    #expect(
      byDay == [
        "2027-01-05T09:00", "2027-01-07T09:00", "2027-01-13T09:00", "2027-01-15T09:00",
        "2027-01-20T09:00", "2027-01-22T09:00", "2027-01-27T09:00", "2027-01-29T09:00",
      ])
    let counted = try Self.januaryStarts([
      "BEGIN:VEVENT", "UID:c", "RRULE:FREQ=WEEKLY;COUNT=3",
      "DTSTART;TZID=Asia/Seoul:20270105T090000", "END:VEVENT", "BEGIN:VEVENT", "UID:c",
      "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Asia/Seoul:20270112T090000",
      "DTSTART;TZID=Asia/Seoul:20270112T100000", "END:VEVENT",
    ])
    #expect(counted == ["2027-01-05T09:00", "2027-01-12T10:00", "2027-01-19T10:00"])
  }

  /// A moved instance whose series the calendar does not hold is kept once, even when it
  /// carries the series' RRULE.
  @Test func aLoneMovedInstanceWithAnRRULEIsKeptOnce() throws {
    let starts = try Self.januaryStarts([
      "BEGIN:VEVENT", "UID:o", "RRULE:FREQ=DAILY", "RECURRENCE-ID:20270112T010000Z",
      "DTSTART:20270113T010000Z", "END:VEVENT",
    ])
    #expect(starts == ["2027-01-13T10:00"])
  }

  /// An RDATE the rule gives already is one occurrence, not two alerts.
  @Test func anRDATEOnARuleStartIsOneOccurrence() throws {
    let starts = try Self.januaryStarts([
      "BEGIN:VEVENT", "UID:n", "DTSTART:20270105T010000Z", "RRULE:FREQ=WEEKLY;COUNT=2",
      "RDATE:20270105T010000Z,20270120T010000Z", "END:VEVENT",
    ])
    #expect(starts == ["2027-01-05T10:00", "2027-01-12T10:00", "2027-01-20T10:00"])
  }

  /// An RDATE equal to DTSTART on an event without a rule is that start, kept once; so is one
  /// that a moved instance replaces.
  @Test func anRDATEOnTheStartOfAnEventWithoutARuleIsOneOccurrence() throws {
    let plan = try Self.plan([
      "BEGIN:VEVENT", "UID:r", "DTSTART:20270105T010000Z",
      "RDATE:20270105T010000Z,20270119T010000Z", "END:VEVENT",
    ])
    #expect(
      plan.items.map(\.appointment.start) == [
        instant("2027-01-05T10:00:00+09:00"), instant("2027-01-19T10:00:00+09:00"),
      ])
    let moved = try Self.plan([
      "BEGIN:VEVENT", "UID:m", "SUMMARY:모임", "DTSTART:20270105T010000Z",
      "RDATE:20270105T010000Z", "END:VEVENT", "BEGIN:VEVENT", "UID:m", "SUMMARY:모임 (판교)",
      "RECURRENCE-ID:20270105T010000Z", "DTSTART:20270105T030000Z", "END:VEVENT",
    ])
    #expect(moved.items.map(\.appointment.title) == ["모임 (판교)"])
  }

  /// Two revisions of one event (an iTIP REQUEST and its update): the higher SEQUENCE is the
  /// event wherever it stands in the file (RFC 5546 §2.1.4); equal revisions, the last.
  @Test func ofAnEventGivenTwiceTheHigherSEQUENCEIsKept() throws {
    let plan = try Self.plan([
      "BEGIN:VEVENT", "UID:meet", "SEQUENCE:2", "SUMMARY:회의 (옮김)", "DTSTART:20270106T010000Z",
      "END:VEVENT", "BEGIN:VEVENT", "UID:meet", "SEQUENCE:1", "SUMMARY:회의",
      "DTSTART:20270105T010000Z", "END:VEVENT", "BEGIN:VEVENT", "UID:meet", "SEQUENCE:x",
      "SUMMARY:회의 (처음)", "DTSTART:20270104T010000Z", "END:VEVENT",
    ])
    #expect(plan.items.map(\.appointment.title) == ["회의 (옮김)"])
    #expect(plan.duplicates == 2)
  }

  /// Two events under one UID: the last is kept, and the other counted.
  @Test func anEventGivenTwiceUnderOneUIDIsKeptOnceAndCounted() throws {
    let plan = try Self.plan([
      "BEGIN:VEVENT", "UID:ride", "SUMMARY:자전거 찾기", "DTSTART:20270105T010000Z", "END:VEVENT",
      "BEGIN:VEVENT", "UID:ride", "SUMMARY:아침 라이딩", "DTSTART:20270106T010000Z", "END:VEVENT",
    ])
    #expect(plan.items.map(\.appointment.title) == ["아침 라이딩"])
    #expect(plan.duplicates == 1)
  }

  /// The departures chulbal puts in a departures calendar are never read back as
  /// appointments (`출발: 출발: …` on a second machine).
  @Test func chulbalsOwnDeparturesAreSkipped() throws {
    let plan = try Self.plan([
      "BEGIN:VEVENT", "UID:departure-12@chulbal", "SUMMARY:출발: 치과",
      "DTSTART:20270105T010000Z", "END:VEVENT", "BEGIN:VEVENT",
      "UID:departure-3-1796000000@chulbal", "SUMMARY:출발: 회의", "DTSTART:20270106T010000Z",
      "END:VEVENT", "BEGIN:VEVENT", "UID:departure-board@chulbal", "SUMMARY:출발 게시판",
      "DTSTART:20270107T010000Z", "END:VEVENT",
    ])
    #expect(plan.skipped == [.departure: 2])
    #expect(plan.items.map(\.appointment.title) == ["출발 게시판"])
  }

  /// A series whose UNTIL comes before its first start has no occurrence (as
  /// recurring-ical-events reads it): skipped and counted, never alerted at its DTSTART.
  @Test func aSeriesThatEndsBeforeItBeginsIsSkipped() throws {
    let body = [
      "BEGIN:VEVENT", "UID:u", "DTSTART:20270105T010000Z",
      "RRULE:FREQ=DAILY;UNTIL=20270101T000000Z",
      "END:VEVENT",
    ]
    let plan = try Self.plan(body)
    #expect(plan.items.isEmpty)
    #expect(plan.skipped == [.neverOccurs: 1])
    #expect(try Self.januaryStarts(body) == [])
  }
}
