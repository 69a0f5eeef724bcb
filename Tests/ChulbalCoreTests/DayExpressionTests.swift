import ChulbalSystem
import Foundation
import Testing

@testable import ChulbalCore

/// Days typed without a time (`agenda --from`, `--until`, `--on`), read on Wednesday
/// 2 December 2026, hand-computed from a calendar.
@Suite struct DayExpressionTests {
  static let now = Date(timeIntervalSince1970: 1_796_169_600)  // 2026-12-02T09:00:00+09:00
  static let seoul = Zone(identifier: "Asia/Seoul")!

  /// `2026-12-08` as a date.
  static func civil(_ text: String) -> CivilDate {
    let parts = text.split(separator: "-").map { Int($0)! }
    return CivilDate(year: parts[0], month: parts[1], day: parts[2])
  }

  @Test(
    arguments: [
      ("오늘", "2026-12-02"), ("내일", "2026-12-03"), ("모레", "2026-12-04"), ("3일 뒤", "2026-12-05"),
      ("12월 8일", "2026-12-08"), ("12월 2일", "2026-12-02"), ("12월 1일", "2027-12-01"),
      ("2026-12-08", "2026-12-08"), ("2026.12.24", "2026-12-24"), ("1/5", "2027-01-05"),
      ("수요일", "2026-12-02"), ("금요일", "2026-12-04"), ("화요일", "2026-12-08"),
      ("다음 주 월요일", "2026-12-07"), ("이번 주 월요일", "2026-11-30"),
      ("다음 달 3일", "2027-01-03"), ("이번 달 말일", "2026-12-31"),
      ("2028년 2월 29일", "2028-02-29"),
      ("낼", "2026-12-03"), ("내일모레", "2026-12-04"), ("담주 월요일", "2026-12-07"),
      ("이번 주말", "2026-12-05"), ("24일", "2026-12-24"), ("2일", "2026-12-02"),
      ("1일", "2027-01-01"),
    ])
  func readsTheDay(text: String, expected: String) throws {
    let day = try TimeExpression.scanDay(text).resolveDay(now: Self.now, timeZone: Self.seoul)
    #expect(day == Self.civil(expected))
  }

  /// The day is the reader's: 09:00 in Seoul is still 1 December in New York.
  @Test func readsTheDayInTheZone() throws {
    let newYork = Zone(identifier: "America/New_York")!
    let day = try TimeExpression.scanDay("오늘").resolveDay(now: Self.now, timeZone: newYork)
    #expect(day == Self.civil("2026-12-01"))
  }

  @Test(
    arguments: [
      ("", "비어 있습니다"), ("내일 오후 7시", "시각 없이 날짜만"), ("19:00", "날짜가 없습니다"),
      ("+3d", "날짜를 씁니다"), ("2시간 뒤", "날짜를 씁니다"), ("13월 1일", "월은 1~12"),
      ("2027년 2월 29일", "29일이 없습니다"), ("팔요일", "'팔요일'"),
      ("매주 화요일", "반복이 아니라 하루를 씁니다"), ("평일", "반복이 아니라 하루를 씁니다"),
      ("매월 3일", "반복이 아니라 하루를 씁니다"), ("월, 수", "요일이 두 번 있습니다"),
    ])
  func refuses(text: String, reason: String) {
    #expect {
      _ = try TimeExpression.scanDay(text).resolveDay(now: Self.now, timeZone: Self.seoul)
    } throws: { error in
      "\(error)".contains(reason) && "\(error)".contains("'\(text)'")
    }
  }
}
