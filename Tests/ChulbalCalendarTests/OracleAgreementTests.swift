import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalendar

/// libical's expansion, as ChulbalCalendar drives it, agrees with dateutil's on every rule
/// shape chulbal takes, in zones with and without daylight saving (Lord Howe's is half an
/// hour), at times a change skips (02:30) or repeats (01:30), and in windows years after the
/// first start, where ``RecurrenceSet/startOfWalk(near:)`` moves the walk forward.
@Suite(.tags(.oracle)) struct OracleAgreementTests {
  struct Shape: Sendable, CustomTestStringConvertible {
    let rule: String
    /// A first day the rule itself gives.
    let firstDay: CivilDate
    var testDescription: String { rule }
  }

  static let shapes: [Shape] = [
    Shape(rule: "FREQ=DAILY", firstDay: .init(year: 2026, month: 1, day: 5)),
    Shape(rule: "FREQ=DAILY;INTERVAL=3", firstDay: .init(year: 2026, month: 1, day: 5)),
    Shape(rule: "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", firstDay: .init(year: 2026, month: 1, day: 5)),
    Shape(rule: "FREQ=WEEKLY;BYDAY=TU", firstDay: .init(year: 2026, month: 1, day: 6)),
    Shape(
      rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", firstDay: .init(year: 2026, month: 1, day: 5)),
    Shape(
      rule: "FREQ=WEEKLY;INTERVAL=3;BYDAY=SA,SU;WKST=SU",
      firstDay: .init(year: 2026, month: 1, day: 4)),
    Shape(
      rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=20", firstDay: .init(year: 2026, month: 1, day: 5)),
    Shape(rule: "FREQ=MONTHLY;BYMONTHDAY=31", firstDay: .init(year: 2026, month: 1, day: 31)),
    Shape(rule: "FREQ=MONTHLY;BYMONTHDAY=-1", firstDay: .init(year: 2026, month: 1, day: 31)),
    Shape(rule: "FREQ=MONTHLY;BYDAY=-1FR", firstDay: .init(year: 2026, month: 1, day: 30)),
    Shape(
      rule: "FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU,4TU", firstDay: .init(year: 2026, month: 1, day: 13)),
    Shape(
      rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", firstDay: .init(year: 2028, month: 2, day: 29)),
    Shape(
      rule: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", firstDay: .init(year: 2026, month: 11, day: 26)),
    Shape(rule: "FREQ=MONTHLY", firstDay: .init(year: 2026, month: 1, day: 31)),
    Shape(rule: "FREQ=MONTHLY;INTERVAL=5", firstDay: .init(year: 2026, month: 1, day: 20)),
    Shape(rule: "FREQ=YEARLY;BYMONTH=1,3", firstDay: .init(year: 2026, month: 3, day: 10)),
    Shape(rule: "FREQ=YEARLY;INTERVAL=2", firstDay: .init(year: 2026, month: 6, day: 15)),
    Shape(rule: "FREQ=DAILY;UNTIL=20270401", firstDay: .init(year: 2026, month: 1, day: 5)),
    Shape(
      rule: "FREQ=WEEKLY;BYDAY=SU;UNTIL=20271107T060000Z",
      firstDay: .init(year: 2026, month: 1, day: 4)),
  ]

  static let zones = ["America/New_York", "Europe/London", "Asia/Seoul", "Australia/Lord_Howe"]
  static let times = [(9, 0), (2, 30), (1, 30), (2, 15)]
  /// Windows as (from, length in days): the first year and a half, and short ones later.
  static let windows: [(from: String, days: Int)] = [
    ("2025-12-25T00:00:00Z", 550), ("2031-07-03T12:34:56Z", 45), ("2035-03-01T00:00:00Z", 50),
    ("2036-10-01T05:00:00Z", 60), ("2032-02-20T00:00:00Z", 30),
    ("2033-01-05T00:00:00Z", 40), ("2034-06-16T00:00:00Z", 20),
  ]

  @Test(arguments: shapes)
  func libicalAgreesWithDateutil(_ shape: Shape) throws {
    let rule = try RecurrenceRule.parse(shape.rule)
    var sets: [RecurrenceSet] = []
    var queries: [DateutilOracle.Query] = []
    for zone in Self.zones {
      for (hour, minute) in Self.times {
        let start = WallTime(date: shape.firstDay, hour: hour, minute: minute)
        let set = try RecurrenceSet(rule: rule, firstStart: start, timeZone: zone)
        for window in Self.windows {
          let from = Int(instant(window.from).timeIntervalSince1970)
          sets.append(set)
          queries.append(
            .init(
              rule: shape.rule, firstStart: start.description, zone: zone, from: from,
              to: from + window.days * 86_400))
        }
      }
    }
    let answers = try DateutilOracle.answers(queries)
    try #require(answers.count == queries.count)
    var compared = 0
    for (index, query) in queries.enumerated() {
      let set = sets[index]
      let from = Date(timeIntervalSince1970: TimeInterval(query.from))
      let to = Date(timeIntervalSince1970: TimeInterval(query.to))
      let found = DateutilOracle.Answer(
        starts: set.occurrences(from: from, to: to).map { Int($0.timeIntervalSince1970) },
        next: set.nextOccurrence(after: from).map { Int($0.timeIntervalSince1970) })
      #expect(found == answers[index], "\(query.zone) \(query.firstStart) from \(query.from)")
      compared += found.starts.count
    }
    #expect(compared > 0)
  }

  /// An instant from ISO 8601 text, read by Foundation.
  func instant(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text) ?? .distantPast
  }
}
