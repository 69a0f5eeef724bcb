import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalendar

/// Calendars as people have them: what real programs write that RFC 5545 allows, or that a
/// reader should pass over, is read; an event chulbal cannot read is left out alone.
@Suite struct LenientReadingTests {
  /// A calendar of `body` lines between the calendar's own, CR LF.
  static func calendar(_ body: [String], after: [String] = []) -> String {
    (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//KO"] + body + ["END:VCALENDAR"] + after)
      .map { $0 + "\r\n" }.joined()
  }

  static func event(_ uid: String, _ lines: [String] = []) -> [String] {
    ["BEGIN:VEVENT", "UID:\(uid)", "DTSTART:20270105T100000Z"] + lines + ["END:VEVENT"]
  }

  /// Google writes empty `DESCRIPTION:` and `LOCATION:`; a fold falls inside a Hangul
  /// character; the all-day holiday is skipped as such, not refused.
  @Test func aKoreanGoogleExportIsReadWhole() throws {
    let contents = try ICalendarFile.read(path: Fixtures.path("good/google-korean.ics"))
    #expect(contents.unreadable == [])
    let byUID = Dictionary(grouping: contents.events, by: \.uid)
    let dentist = try #require(byUID["1a2b3c4d5e6f7g8h9i0j@google.com"]?.first)
    #expect(dentist.summary == "치과 정기 검진 (스케일링, 충치 치료 상담) 건강보험증과 신분증 챙기기")
    #expect(dentist.note == nil)
    #expect(dentist.location == nil)
    let study = try #require(byUID["3q9v0c1k2m4n5p6r7s8t9u0v1w@google.com"])
    #expect(study.count == 2)
    #expect(contents.events.filter(\.isAllDay).map(\.summary) == ["삼일절"])
  }

  /// Exchange's `Korea Standard Time`, a Korean Outlook's `(UTC+09:00) 서울` and a
  /// `Customized Time Zone` of +09:00 are all Seoul, not the first zone of the same offsets
  /// by name (Asia/Chita).
  @Test func exchangesKoreanZonesAreSeoul() throws {
    let contents = try ICalendarFile.read(path: Fixtures.path("good/exchange-korean.ics"))
    #expect(contents.unreadable == [])
    let zones = contents.events.map { event -> String? in
      if case .zoned(_, let zone) = event.start { return zone }
      return nil
    }
    #expect(zones == ["Asia/Seoul", "Asia/Seoul", "Asia/Seoul"])
  }

  /// Values RFC 5545 allows empty, or that chulbal does not use, whatever they hold.
  @Test(arguments: [
    "DESCRIPTION:", "LOCATION:", "CATEGORIES:", "CLASS:", "RRULE:", "SUMMARY:",
    "X-LIC-ERROR;X-LIC-ERRORTYPE=VALUE-PARSE-ERROR:No value for DESCRIPTION property.",
    "IMAGE;VALUE=URI;DISPLAY=BADGE:https://example.com/a.png",
    "LINK;LINKREL=latest-version;VALUE=URI:https://example.com/e",
    "RELATED-TO;RELTYPE=FINISHTOSTART;GAP=PT1H:other@example.com",
    "CONFERENCE;VALUE=URI;FEATURE=VIDEO:https://meet.example.com/x",
    "X-FOO;VALUE=BOGUS:1", "PRIORITY:urgent", "SEQUENCE:x", "DTSTAMP:yesterday",
    "BEGIN:VALARM\r\nTRIGGER:15 minutes before\r\nACTION:DISPLAY\r\nEND:VALARM",
  ])
  func aPropertyChulbalDoesNotUseOrAnEmptyValueIsPassedOver(_ line: String) throws {
    let text = Self.calendar(Self.event("kept", [line]) + Self.event("next"))
    let contents = try ICalendarFile.read(text: text, name: "lenient.ics")
    #expect(contents.unreadable == [])
    #expect(contents.events.map(\.uid) == ["kept", "next"])
    #expect(contents.events.first?.rule == nil)
  }

  @Test func aCalendarsOwnUnknownPropertiesAndLinesAfterItsEndArePassedOver() throws {
    let text = Self.calendar(
      ["REFRESH-INTERVAL;VALUE=DURATION:P1W", "X-WR-CALDESC:", "COLOR:"] + Self.event("a"),
      after: ["", "trailing text a mail program added", "END:VCALENDAR"])
    let contents = try ICalendarFile.read(text: text, name: "tail.ics")
    #expect(contents.events.map(\.uid) == ["a"])
    #expect(contents.unreadable == [])
  }

  /// An event whose times would come out wrong without a value libical removed is left out,
  /// not read as a one-off.
  @Test(arguments: [
    ("RRULE:FREQ=SOMETIMES", "RRULE"), ("EXDATE:2027010", "EXDATE"),
    ("RDATE:tomorrow", "RDATE"), ("DTEND:soon", "DTEND"),
  ])
  func anEventWhoseTimeValueLibicalRemovedIsLeftOut(_ line: String, _ property: String) throws {
    let text = Self.calendar(Self.event("bad", [line]) + Self.event("good"))
    let contents = try ICalendarFile.read(text: text, name: "times.ics")
    #expect(contents.events.map(\.uid) == ["good"])
    #expect(contents.unreadable.map(\.property) == [property])
    #expect(contents.unreadable.map(\.line) == [7])
  }

  /// A date chulbal could not keep (outside 1900–2200), anywhere in an event, leaves the event
  /// out: written, it would make the store look damaged to every later command.
  @Test(arguments: [
    ["DTSTART:99991231T100000Z"], ["DTSTART;VALUE=DATE:18000101"],
    ["RRULE:FREQ=DAILY", "EXDATE:99991231T100000Z"], ["RDATE:18991231T235959Z"],
    ["RECURRENCE-ID:99990105T100000Z"],
  ])
  func aDateOutsideTheYearsChulbalKeepsLeavesTheEventOut(_ lines: [String]) throws {
    let body =
      ["BEGIN:VEVENT", "UID:far"] + lines
      + (lines[0].hasPrefix("DTSTART") ? [] : ["DTSTART:20270105T100000Z"]) + ["END:VEVENT"]
    let contents = try ICalendarFile.read(text: Self.calendar(body), name: "far.ics")
    #expect(contents.events == [])
    let reason = try #require(contents.unreadable.first?.reason)
    #expect(reason.hasSuffix("1900~2200년 밖입니다"), "\(reason)")
  }

  /// One event may hold ten thousand properties; one more leaves it out, its line the first
  /// past the limit.
  @Test func anEventWithTooManyPropertiesIsLeftOut() throws {
    let many = Array(repeating: "ATTENDEE:mailto:a@example.com", count: 9_997)
    let kept = try ICalendarFile.read(
      text: Self.calendar(Self.event("kept", many)), name: "many.ics")
    #expect(kept.events.map(\.attendees.count) == [9_997])
    let over = try ICalendarFile.read(
      text: Self.calendar(Self.event("over", many + Array(many.prefix(2)))), name: "many.ics")
    #expect(over.events == [])
    #expect(
      over.unreadable == [
        .init(
          file: "many.ics", line: 10_005, property: nil,
          reason: "속성이 너무 많습니다 (한 일정에 10000개까지)")
      ])
  }

  /// A VTIMEZONE whose parts repeat every second from 1601 (libical would work out its changes
  /// for ever) is not used: the event's `TZID` names nothing and is read as such, at once.
  @Test(arguments: ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "YEARLY;BYHOUR=0,1,2,3"])
  func aVTIMEZONEThatRepeatsMoreOftenThanYearlyIsNotUsed(_ frequency: String) throws {
    let text = Self.calendar([
      "BEGIN:VTIMEZONE", "TZID:Custom", "BEGIN:STANDARD", "DTSTART:16010101T000000",
      "RRULE:FREQ=\(frequency)", "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "END:STANDARD",
      "END:VTIMEZONE", "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Custom:20261210T100000",
      "END:VEVENT",
    ])
    let events = try ICalendarFile.read(text: text, name: "hostile.ics").events
    #expect(events.map(\.unresolvedZone) == ["Custom"])
    #expect(
      events.map(\.start) == [
        .floating(WallTime(year: 2026, month: 12, day: 10, hour: 10, minute: 0))
      ])
  }

  /// The same rule, yearly, as every real zone writes it, is used.
  @Test func aYearlyVTIMEZONEIsUsed() throws {
    let text = Self.calendar([
      "BEGIN:VTIMEZONE", "TZID:Custom", "BEGIN:STANDARD", "DTSTART:16010101T000000",
      "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900",
      "END:STANDARD", "END:VTIMEZONE", "BEGIN:VEVENT", "UID:a",
      "DTSTART;TZID=Custom:20261210T100000", "END:VEVENT",
    ])
    let events = try ICalendarFile.read(text: text, name: "yearly.ics").events
    #expect(events.map(\.unresolvedZone) == [nil])
    #expect(
      events.map(\.start) == [
        .zoned(
          WallTime(year: 2026, month: 12, day: 10, hour: 10, minute: 0), timeZone: "Asia/Seoul")
      ])
  }

  @Test(arguments: [
    ("FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", true), ("FREQ=YEARLY;UNTIL=20061029T060000Z", true),
    ("freq=yearly;bymonth=10;bymonthday=8,9,10,11,12,13,14;byday=SU", true),
    ("FREQ=MONTHLY;BYDAY=1SU", false), ("FREQ=YEARLY;BYMINUTE=1,2", false),
    ("FREQ=YEARLY;BYSECOND=0", true), ("FREQ=YEARLY;BYHOUR=3;BYMINUTE=0;BYDAY=-1SU", true),
    ("FREQ=YEARLY;BYSECOND=0,30", false), ("FREQ=YEARLY;BYYEARDAY=1,2", false),
    ("FREQ=YEARLY;BYWEEKNO=1", false), ("BYMONTH=3", false), ("FREQ", false),
  ])
  func aZoneRuleIsBoundedWhenYearlyOnDaysAtMost(_ rule: String, _ bounded: Bool) {
    #expect(ZoneResolver.isYearly(rule) == bounded)
  }

  /// A broken line in a component chulbal does not read is passed over.
  @Test func aBrokenLineInAVFREEBUSYIsPassedOver() throws {
    let text = Self.calendar(
      ["BEGIN:VFREEBUSY", "UID:fb", "ORGANIZER;CN=Sixt SE", "END:VFREEBUSY"] + Self.event("a"))
    let contents = try ICalendarFile.read(text: text, name: "fb.ics")
    #expect(contents.events.map(\.uid) == ["a"])
    #expect(contents.unreadable == [])
  }

  /// A zone no IANA zone matches (Brazil's rule of 2017, since abolished) is read on the
  /// clock of the file's own VTIMEZONE, and noted.
  @Test func aVTIMEZONEThatMatchesNoIANAZoneIsReadOnItsOwnClock() throws {
    let text = Self.calendar([
      "BEGIN:VTIMEZONE", "TZID:(UTC-03:00) Brasília", "BEGIN:STANDARD",
      "DTSTART:16010101T000000", "RRULE:FREQ=YEARLY;BYDAY=3SA;BYMONTH=2",
      "TZOFFSETFROM:-0200", "TZOFFSETTO:-0300", "END:STANDARD", "BEGIN:DAYLIGHT",
      "DTSTART:16010101T000000", "RRULE:FREQ=YEARLY;BYDAY=2SA;BYMONTH=10",
      "TZOFFSETFROM:-0300", "TZOFFSETTO:-0200", "END:DAYLIGHT", "END:VTIMEZONE",
      "BEGIN:VEVENT", "UID:b", "DTSTART;TZID=\"(UTC-03:00) Brasília\":20170511T133000",
      "END:VEVENT",
    ])
    let events = try ICalendarFile.read(text: text, name: "br.ics").events
    #expect(events.map(\.start) == [.utc(instant("2017-05-11T16:30:00Z"))])
    #expect(events.map(\.unresolvedZone) == ["(UTC-03:00) Brasília"])
  }
}
