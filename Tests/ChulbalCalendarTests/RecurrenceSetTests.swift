import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalendar

/// Series expanded by libical against tables worked out by hand (calendar and tzdata in hand:
/// New York leaves EST on 2027-03-14 and returns on 2027-11-07, London leaves GMT on
/// 2027-03-28 and returns on 2027-10-31; Seoul has had no DST since 1988).
@Suite struct RecurrenceSetTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let rule: String
    let firstStart: WallTime
    let zone: String
    var exceptions: Set<WallTime> = []
    let from: String
    let to: String
    let expected: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "weekly 09:00 in New York keeps its wall time across both changes",
      rule: "FREQ=WEEKLY;BYDAY=TU",
      firstStart: WallTime(year: 2027, month: 3, day: 2, hour: 9, minute: 0),
      zone: "America/New_York", from: "2027-03-01T00:00:00Z", to: "2027-03-24T00:00:00Z",
      expected: [
        "2027-03-02T14:00:00Z", "2027-03-09T14:00:00Z", "2027-03-16T13:00:00Z",
        "2027-03-23T13:00:00Z",
      ]),
    Case(
      name: "weekly 09:00 in New York in November",
      rule: "FREQ=WEEKLY;BYDAY=TU",
      firstStart: WallTime(year: 2027, month: 3, day: 2, hour: 9, minute: 0),
      zone: "America/New_York", from: "2027-10-28T00:00:00Z", to: "2027-11-17T00:00:00Z",
      expected: ["2027-11-02T13:00:00Z", "2027-11-09T14:00:00Z", "2027-11-16T14:00:00Z"]),
    Case(
      name: "weekly 08:30 in London across both changes",
      rule: "FREQ=WEEKLY;BYDAY=MO",
      firstStart: WallTime(year: 2027, month: 3, day: 22, hour: 8, minute: 30),
      zone: "Europe/London", from: "2027-03-01T00:00:00Z", to: "2027-04-06T00:00:00Z",
      expected: ["2027-03-22T08:30:00Z", "2027-03-29T07:30:00Z", "2027-04-05T07:30:00Z"]),
    Case(
      name: "weekly 08:30 in London, autumn",
      rule: "FREQ=WEEKLY;BYDAY=MO",
      firstStart: WallTime(year: 2027, month: 3, day: 22, hour: 8, minute: 30),
      zone: "Europe/London", from: "2027-10-20T00:00:00Z", to: "2027-11-02T00:00:00Z",
      expected: ["2027-10-25T07:30:00Z", "2027-11-01T08:30:00Z"]),
    Case(
      name: "weekly in Seoul: nine hours ahead all year",
      rule: "FREQ=WEEKLY;BYDAY=WE",
      firstStart: WallTime(year: 2026, month: 12, day: 2, hour: 19, minute: 0),
      zone: "Asia/Seoul", from: "2026-12-01T00:00:00Z", to: "2026-12-17T00:00:00Z",
      expected: ["2026-12-02T10:00:00Z", "2026-12-09T10:00:00Z", "2026-12-16T10:00:00Z"]),
    Case(
      name: "monthly on the 31st skips the months without one",
      rule: "FREQ=MONTHLY;BYMONTHDAY=31",
      firstStart: WallTime(year: 2027, month: 1, day: 31, hour: 10, minute: 0),
      zone: "Asia/Seoul", from: "2027-01-01T00:00:00Z", to: "2027-09-01T00:00:00Z",
      expected: [
        "2027-01-31T01:00:00Z", "2027-03-31T01:00:00Z", "2027-05-31T01:00:00Z",
        "2027-07-31T01:00:00Z", "2027-08-31T01:00:00Z",
      ]),
    Case(
      name: "Monday, Wednesday and Friday",
      rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR",
      firstStart: WallTime(year: 2026, month: 12, day: 2, hour: 7, minute: 30),
      zone: "Asia/Seoul", from: "2026-11-30T00:00:00Z", to: "2026-12-10T00:00:00Z",
      expected: [
        "2026-12-01T22:30:00Z", "2026-12-03T22:30:00Z", "2026-12-06T22:30:00Z",
        "2026-12-08T22:30:00Z",
      ]),
    Case(
      name: "every second Saturday",
      rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA",
      firstStart: WallTime(year: 2026, month: 12, day: 5, hour: 10, minute: 0),
      zone: "Asia/Seoul", from: "2026-12-01T00:00:00Z", to: "2027-01-10T00:00:00Z",
      expected: [
        "2026-12-05T01:00:00Z", "2026-12-19T01:00:00Z", "2027-01-02T01:00:00Z",
      ]),
    Case(
      name: "COUNT stops after three",
      rule: "FREQ=DAILY;COUNT=3",
      firstStart: WallTime(year: 2026, month: 12, day: 30, hour: 8, minute: 0),
      zone: "Asia/Seoul", from: "2026-12-01T00:00:00Z", to: "2027-02-01T00:00:00Z",
      expected: ["2026-12-29T23:00:00Z", "2026-12-30T23:00:00Z", "2026-12-31T23:00:00Z"]),
    Case(
      name: "UNTIL a date includes that day's occurrence",
      rule: "FREQ=WEEKLY;BYDAY=TH;UNTIL=20261217",
      firstStart: WallTime(year: 2026, month: 12, day: 3, hour: 21, minute: 0),
      zone: "Asia/Seoul", from: "2026-12-01T00:00:00Z", to: "2027-02-01T00:00:00Z",
      expected: ["2026-12-03T12:00:00Z", "2026-12-10T12:00:00Z", "2026-12-17T12:00:00Z"]),
    Case(
      name: "UNTIL an instant before the third",
      rule: "FREQ=WEEKLY;BYDAY=TH;UNTIL=20261217T115959Z",
      firstStart: WallTime(year: 2026, month: 12, day: 3, hour: 21, minute: 0),
      zone: "Asia/Seoul", from: "2026-12-01T00:00:00Z", to: "2027-02-01T00:00:00Z",
      expected: ["2026-12-03T12:00:00Z", "2026-12-10T12:00:00Z"]),
    Case(
      name: "an EXDATE takes one occurrence out",
      rule: "FREQ=WEEKLY;BYDAY=TU",
      firstStart: WallTime(year: 2026, month: 12, day: 1, hour: 9, minute: 0),
      zone: "Asia/Seoul",
      exceptions: [WallTime(year: 2026, month: 12, day: 8, hour: 9, minute: 0)],
      from: "2026-11-30T00:00:00Z", to: "2026-12-16T00:00:00Z",
      expected: ["2026-12-01T00:00:00Z", "2026-12-15T00:00:00Z"]),
    Case(
      name: "a series started years ago, asked about a later week",
      rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
      firstStart: WallTime(year: 2017, month: 1, day: 2, hour: 18, minute: 0),
      zone: "America/New_York", from: "2027-03-01T00:00:00Z", to: "2027-03-20T00:00:00Z",
      // 2017-01-02 is a Monday; 2027-03-01 is 530 weeks later, an even number.
      expected: [
        "2027-03-01T23:00:00Z", "2027-03-04T23:00:00Z", "2027-03-15T22:00:00Z",
        "2027-03-18T22:00:00Z",
      ]),
    Case(
      name: "weekdays",
      rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      firstStart: WallTime(year: 2026, month: 12, day: 4, hour: 9, minute: 0),
      zone: "Asia/Seoul", from: "2026-12-04T00:00:00Z", to: "2026-12-09T00:00:00Z",
      expected: ["2026-12-04T00:00:00Z", "2026-12-07T00:00:00Z", "2026-12-08T00:00:00Z"]),
    Case(
      name: "a wall time the spring change skips is read with the offset before it",
      rule: "FREQ=DAILY",
      firstStart: WallTime(year: 2027, month: 3, day: 13, hour: 2, minute: 30),
      zone: "America/New_York", from: "2027-03-13T00:00:00Z", to: "2027-03-16T00:00:00Z",
      // RFC 5545 §3.3.5: 02:30 on 14 March does not exist and is 02:30 EST, 03:30 EDT.
      expected: ["2027-03-13T07:30:00Z", "2027-03-14T07:30:00Z", "2027-03-15T06:30:00Z"]),
  ]

  @Test(arguments: cases)
  func occurrencesMatchTheHandWorkedTable(_ example: Case) throws {
    let set = try RecurrenceSet(
      rule: RecurrenceRule.parse(example.rule), firstStart: example.firstStart,
      timeZone: example.zone, exceptions: example.exceptions)
    let found = set.occurrences(from: instant(example.from), to: instant(example.to))
    #expect(found == example.expected.map(instant))
  }

  @Test func nextOccurrenceSkipsExceptionsAndFindsMovedOnes() throws {
    let tuesday = WallTime(year: 2026, month: 12, day: 8, hour: 9, minute: 0)
    let set = try RecurrenceSet(
      rule: RecurrenceRule.parse("FREQ=WEEKLY;BYDAY=TU"),
      firstStart: WallTime(year: 2026, month: 12, day: 1, hour: 9, minute: 0),
      timeZone: "Asia/Seoul",
      exceptions: [WallTime(year: 2026, month: 12, day: 15, hour: 9, minute: 0)],
      overrides: [tuesday: instant("2026-12-08T20:00:00+09:00")])
    // The first start is past; the next is the moved one, later the same day.
    #expect(
      set.nextOccurrence(after: instant("2026-12-08T10:00:00+09:00"))
        == instant("2026-12-08T20:00:00+09:00"))
    // The 15th is taken out: the 22nd follows.
    #expect(
      set.nextOccurrence(after: instant("2026-12-08T20:00:00+09:00"))
        == instant("2026-12-22T09:00:00+09:00"))
    #expect(
      set.occurrences(
        from: instant("2026-12-01T00:00:00+09:00"), to: instant("2026-12-23T00:00:00+09:00"))
        == [
          "2026-12-01T09:00:00+09:00", "2026-12-08T20:00:00+09:00", "2026-12-22T09:00:00+09:00",
        ].map(instant))
  }

  struct Shift: Sendable, CustomTestStringConvertible {
    let name: String
    let zone: String
    /// The wall time a daily series reaches on the day of a change, and a one-off is set at.
    let wall: WallTime
    let expected: String
    var testDescription: String { name }
  }

  /// Wall times a change skips or shows twice, worked out from tzdata by hand: a skipped one is
  /// read with the offset from before the gap, a repeated one is the earlier instant (RFC 5545
  /// §3.3.5, and the core's rule for a typed time). New York: 2027-03-14 02:00 EST → 03:00 EDT,
  /// 2027-11-07 02:00 EDT → 01:00 EST; Berlin: 2027-03-28 02:00 CET → 03:00 CEST, 2027-10-31
  /// 03:00 CEST → 02:00 CET; Lord Howe moves half an hour: 2027-10-03 02:00 +10:30 → 02:30 +11,
  /// 2027-04-04 02:00 +11 → 01:30 +10:30.
  static let shifts: [Shift] = [
    Shift(
      name: "New York, 02:30 in the spring gap", zone: "America/New_York",
      wall: WallTime(year: 2027, month: 3, day: 14, hour: 2, minute: 30),
      expected: "2027-03-14T07:30:00Z"),
    Shift(
      name: "New York, 01:30 in the autumn overlap", zone: "America/New_York",
      wall: WallTime(year: 2027, month: 11, day: 7, hour: 1, minute: 30),
      expected: "2027-11-07T05:30:00Z"),
    Shift(
      name: "Berlin, 02:30 in the spring gap", zone: "Europe/Berlin",
      wall: WallTime(year: 2027, month: 3, day: 28, hour: 2, minute: 30),
      expected: "2027-03-28T01:30:00Z"),
    Shift(
      name: "Berlin, 02:30 in the autumn overlap", zone: "Europe/Berlin",
      wall: WallTime(year: 2027, month: 10, day: 31, hour: 2, minute: 30),
      expected: "2027-10-31T00:30:00Z"),
    Shift(
      name: "Lord Howe, 02:15 in the half-hour gap", zone: "Australia/Lord_Howe",
      wall: WallTime(year: 2027, month: 10, day: 3, hour: 2, minute: 15),
      expected: "2027-10-02T15:45:00Z"),
    Shift(
      name: "Lord Howe, 01:45 in the half-hour overlap", zone: "Australia/Lord_Howe",
      wall: WallTime(year: 2027, month: 4, day: 4, hour: 1, minute: 45),
      expected: "2027-04-03T14:45:00Z"),
  ]

  /// A daily series that reaches a skipped or repeated wall time starts when a one-off at that
  /// wall time does, whether the one-off is typed or read from a calendar file with the series.
  @Test(arguments: shifts)
  func aSeriesInAGapOrOverlapAgreesWithAOneOff(_ example: Shift) throws {
    let expected = instant(example.expected)
    let (from, to) = (expected.addingTimeInterval(-43_200), expected.addingTimeInterval(43_200))
    var first = example.wall
    first.date = CivilDate(days: first.date.days - 2)
    let set = try RecurrenceSet(
      rule: RecurrenceRule.parse("FREQ=DAILY"), firstStart: first, timeZone: example.zone)
    #expect(set.occurrences(from: from, to: to) == [expected])

    let typed = try TimeExpression.parseInstant(
      example.wall.description, timeZone: try #require(Zone(identifier: example.zone)))
    #expect(typed == expected)

    func event(_ uid: String, _ start: WallTime, _ extra: [String] = []) -> [String] {
      ["BEGIN:VEVENT", "UID:\(uid)", "SUMMARY:\(uid)"]
        + ["DTSTART;TZID=\(example.zone):" + ICalendarValue.text(start)] + extra + ["END:VEVENT"]
    }
    let text =
      (["BEGIN:VCALENDAR", "VERSION:2.0"] + event("series", first, ["RRULE:FREQ=DAILY"])
      + event("one-off", example.wall) + ["END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    let starts = try CalendarOccurrences.starts(
      of: ICalendarFile.read(text: text, name: "shift.ics").events, from: from, to: to,
      floatingTimeZone: "Asia/Seoul")
    #expect(starts.map(\.uid) == ["one-off", "series"])
    #expect(starts.map(\.start) == [expected, expected])
  }

  struct Walk: Sendable, CustomTestStringConvertible {
    let rule: String
    let firstStart: WallTime
    let instant: String
    let expected: WallTime
    var testDescription: String { "\(rule) from \(firstStart) near \(instant)" }
  }

  /// Where the walk to an instant begins: a moved first start at least a day before it (the
  /// day before it in UTC, less one more), or the real one.
  static let walks: [Walk] = [
    Walk(
      rule: "FREQ=DAILY", firstStart: WallTime(year: 2016, month: 12, day: 1, hour: 7, minute: 30),
      instant: "2026-11-30T23:00:00Z",
      expected: WallTime(year: 2026, month: 11, day: 28, hour: 7, minute: 30)),
    // 2017-01-02 and 2027-02-15 are Mondays 528 weeks apart, an even number.
    Walk(
      rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
      firstStart: WallTime(year: 2017, month: 1, day: 2, hour: 18, minute: 0),
      instant: "2027-03-01T00:00:00Z",
      expected: WallTime(year: 2027, month: 2, day: 15, hour: 18, minute: 0)),
    Walk(
      rule: "FREQ=MONTHLY;BYMONTHDAY=31",
      firstStart: WallTime(year: 2026, month: 1, day: 31, hour: 10, minute: 0),
      instant: "2031-07-03T12:34:56Z",
      expected: WallTime(year: 2031, month: 7, day: 1, hour: 10, minute: 0)),
    // 65 months, a whole number of five-month periods.
    Walk(
      rule: "FREQ=MONTHLY;INTERVAL=5",
      firstStart: WallTime(year: 2026, month: 1, day: 20, hour: 10, minute: 0),
      instant: "2031-07-03T12:34:56Z",
      expected: WallTime(year: 2031, month: 6, day: 20, hour: 10, minute: 0)),
    Walk(
      rule: "FREQ=MONTHLY",
      firstStart: WallTime(year: 2026, month: 1, day: 20, hour: 10, minute: 0),
      instant: "2031-07-12T00:00:00Z",
      expected: WallTime(year: 2031, month: 6, day: 20, hour: 10, minute: 0)),
    // January comes before the start's March: the year before, so 10 January is not missed.
    Walk(
      rule: "FREQ=YEARLY;BYMONTH=1,3",
      firstStart: WallTime(year: 2026, month: 3, day: 10, hour: 9, minute: 0),
      instant: "2033-01-05T00:00:00Z",
      expected: WallTime(year: 2032, month: 3, day: 10, hour: 9, minute: 0)),
    Walk(
      rule: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24",
      firstStart: WallTime(year: 2026, month: 12, day: 24, hour: 19, minute: 0),
      instant: "2036-06-01T00:00:00Z",
      expected: WallTime(year: 2036, month: 1, day: 1, hour: 19, minute: 0)),
    // No 31 June to move to: the real start.
    Walk(
      rule: "FREQ=MONTHLY",
      firstStart: WallTime(year: 2026, month: 1, day: 31, hour: 10, minute: 0),
      instant: "2031-07-03T00:00:00Z",
      expected: WallTime(year: 2026, month: 1, day: 31, hour: 10, minute: 0)),
    Walk(
      rule: "FREQ=DAILY;COUNT=1000",
      firstStart: WallTime(year: 2026, month: 1, day: 1, hour: 10, minute: 0),
      instant: "2027-07-03T00:00:00Z",
      expected: WallTime(year: 2026, month: 1, day: 1, hour: 10, minute: 0)),
    Walk(
      rule: "FREQ=DAILY", firstStart: WallTime(year: 2026, month: 12, day: 1, hour: 10, minute: 0),
      instant: "2026-11-03T00:00:00Z",
      expected: WallTime(year: 2026, month: 12, day: 1, hour: 10, minute: 0)),
  ]

  @Test(arguments: walks)
  func theWalkBeginsAWholeNumberOfPeriodsOn(_ example: Walk) throws {
    let set = try RecurrenceSet(
      rule: RecurrenceRule.parse(example.rule), firstStart: example.firstStart,
      timeZone: "Asia/Seoul")
    #expect(set.startOfWalk(near: instant(example.instant)) == example.expected)
  }

  @Test func nextOccurrenceOfADailySeriesStartedTenYearsAgo() throws {
    let set = try RecurrenceSet(
      rule: RecurrenceRule.parse("FREQ=DAILY"),
      firstStart: WallTime(year: 2016, month: 12, day: 1, hour: 7, minute: 30),
      timeZone: "Asia/Seoul")
    let now = instant("2026-12-01T08:00:00+09:00")
    #expect(set.nextOccurrence(after: now) == instant("2026-12-02T07:30:00+09:00"))
  }

  @Test func aCountedSeriesEnds() throws {
    let set = try RecurrenceSet(
      rule: RecurrenceRule.parse("FREQ=DAILY;COUNT=2"),
      firstStart: WallTime(year: 2026, month: 12, day: 1, hour: 7, minute: 0),
      timeZone: "Asia/Seoul")
    #expect(
      set.nextOccurrence(after: instant("2026-12-01T08:00:00+09:00"))
        == instant("2026-12-02T07:00:00+09:00"))
    #expect(set.nextOccurrence(after: instant("2026-12-02T07:00:00+09:00")) == nil)
  }

  @Test(arguments: ["Mars/Olympus_Mons", "Korea Standard Time", "KST", ""])
  func aZoneTheDatabaseLacksIsAnErrorNotAFloatingTime(_ name: String) {
    #expect(throws: CalendarError.unknownTimeZone(name, directory: "/usr/share/zoneinfo")) {
      try RecurrenceSet(
        rule: RecurrenceRule(frequency: .daily),
        firstStart: WallTime(year: 2026, month: 12, day: 1, hour: 9, minute: 0), timeZone: name)
    }
  }

  @Test func aStartNoClockShowsIsAnError() {
    let start = WallTime(year: 2026, month: 2, day: 30, hour: 9, minute: 0)
    #expect(throws: CalendarError.invalidWallTime(start)) {
      try RecurrenceSet(
        rule: RecurrenceRule(frequency: .daily), firstStart: start, timeZone: "Asia/Seoul")
    }
  }
}
