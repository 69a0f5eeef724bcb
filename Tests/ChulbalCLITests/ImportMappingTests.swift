import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// The choices `import` makes where a calendar holds more than a chulbal series does: each
/// read from a small calendar written here, through the in-process CLI into a real file.
@Suite struct ImportMappingTests {
  static func calendar(_ events: [String]) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
      + events.map { "BEGIN:VEVENT\r\nDTSTAMP:20261201T000000Z\r\n\($0)END:VEVENT\r\n" }.joined()
      + "END:VCALENDAR\r\n"
  }

  static func lines(_ lines: String...) -> String { lines.map { $0 + "\r\n" }.joined() }

  /// Imports `events` and returns the outcome and every stored appointment, by start.
  static func imported(_ events: [String]) throws -> (Outcome, [Appointment]) {
    let workspace = Workspace()
    let file = workspace.folder + "/c.ics"
    try calendar(events).write(toFile: file, atomically: true, encoding: .utf8)
    let outcome = workspace.run(["import", file] + ImportCommandTests.now)
    let store = try Store.open(path: workspace.database, access: .reading, expander: .libical)
    return (outcome, try store?.all() ?? [])
  }

  /// Each RDATE start is an appointment of its own beside the series; one the series also
  /// takes out (EXDATE) is not kept.
  @Test func rdatesBecomeOneOffsBesideTheSeries() throws {
    let (outcome, stored) = try Self.imported([
      Self.lines(
        "UID:a", "SUMMARY:수업", "DTSTART;TZID=Asia/Seoul:20270105T100000",
        "RRULE:FREQ=WEEKLY;COUNT=3", "RDATE;TZID=Asia/Seoul:20270110T150000,20270111T150000",
        "EXDATE;TZID=Asia/Seoul:20270111T150000")
    ])
    #expect(outcome.standardOutput.hasPrefix("새로 2 · 바뀜 0 · 건너뜀 0\n"))
    #expect(stored.map(\.repetition?.rule.text) == ["FREQ=WEEKLY;COUNT=3", nil])
    #expect(stored.last?.start == instant("2027-01-10T06:00:00Z"))
  }

  /// A moved instance whose series the file does not hold is a one-off; a cancelled moved
  /// instance of a series is a skipped occurrence.
  @Test func movedInstancesWithoutTheirSeriesAreOneOffsAndCancelledOnesSkipped() throws {
    let (outcome, stored) = try Self.imported([
      Self.lines(
        "UID:series", "SUMMARY:회의", "DTSTART;TZID=Asia/Seoul:20270105T100000",
        "RRULE:FREQ=WEEKLY"),
      Self.lines(
        "UID:series", "RECURRENCE-ID;TZID=Asia/Seoul:20270112T100000", "STATUS:CANCELLED",
        "SUMMARY:회의", "DTSTART;TZID=Asia/Seoul:20270112T100000"),
      Self.lines(
        "UID:alone", "RECURRENCE-ID;TZID=Asia/Seoul:20270119T100000", "SUMMARY:공유된 한 번",
        "DTSTART;TZID=Asia/Seoul:20270120T100000"),
    ])
    #expect(outcome.standardOutput.hasPrefix("새로 2 · 바뀜 0 · 건너뜀 0\n"))
    let series = try #require(stored.first { $0.title == "회의" }?.repetition)
    #expect(series.exceptions == [WallTime(year: 2027, month: 1, day: 12, hour: 10, minute: 0)])
    let alone = try #require(stored.first { $0.title == "공유된 한 번" })
    #expect(alone.repetition == nil)
    #expect(alone.start == instant("2027-01-20T01:00:00Z"))
  }

  /// A one-off given in UTC is shown in the system zone; a series given in UTC keeps UTC's
  /// wall clock, as RFC 5545 expands it.
  @Test func utcStartsKeepTheirInstantAndASeriesKeepsUTC() throws {
    let (_, stored) = try Self.imported([
      Self.lines("UID:once", "SUMMARY:한 번", "DTSTART:20270105T010000Z"),
      Self.lines("UID:weekly", "SUMMARY:매주", "DTSTART:20270105T010000Z", "RRULE:FREQ=WEEKLY"),
    ])
    let once = try #require(stored.first { $0.title == "한 번" })
    #expect(once.timeZone == "Asia/Seoul")
    #expect(once.start == instant("2027-01-05T01:00:00Z"))
    let weekly = try #require(stored.first { $0.title == "매주" })
    #expect(weekly.timeZone == "UTC")
    #expect(
      weekly.repetition?.firstStart == WallTime(year: 2027, month: 1, day: 5, hour: 1, minute: 0))
  }

  /// A rule chulbal cannot keep skips the event, its moved instances with it.
  @Test func aRefusedRuleSkipsTheEventAndItsInstances() throws {
    let (outcome, stored) = try Self.imported([
      Self.lines(
        "UID:hourly", "SUMMARY:매시간", "DTSTART;TZID=Asia/Seoul:20270105T100000",
        "RRULE:FREQ=HOURLY;COUNT=3"),
      Self.lines(
        "UID:hourly", "RECURRENCE-ID;TZID=Asia/Seoul:20270105T110000", "SUMMARY:매시간",
        "DTSTART;TZID=Asia/Seoul:20270105T113000"),
    ])
    #expect(outcome.standardOutput.hasPrefix("새로 0 · 바뀜 0 · 건너뜀 1 (지원하지 않는 반복 1)\n"))
    #expect(stored.isEmpty)
  }

  /// A summary's escaped line end becomes a space in the one-line title; a raw control
  /// character refuses the file, naming its line, with nothing written.
  @Test func aSummaryIsOneLineAndAControlCharacterRefusesTheFile() throws {
    let (_, stored) = try Self.imported([
      Self.lines("UID:x", "SUMMARY:저녁\\n약속", "DTSTART;TZID=Asia/Seoul:20270105T190000")
    ])
    #expect(stored.map(\.title) == ["저녁 약속"])
    let (outcome, none) = try Self.imported([
      Self.lines(
        "UID:x", "SUMMARY:\u{1B}]0;PWNED\u{07}저녁", "DTSTART;TZID=Asia/Seoul:20270105T190000")
    ])
    #expect(outcome.exitCode == 2)
    #expect(
      outcome.standardError.hasSuffix(".ics:7: 제어 문자(0x1B)가 있습니다: 텍스트로 된 iCalendar 파일이 아닙니다\n"))
    #expect(none.isEmpty)
  }
}
