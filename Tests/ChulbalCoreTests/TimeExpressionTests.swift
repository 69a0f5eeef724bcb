import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCore

@Suite struct TimeExpressionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let text: String
    let expected: String
    var now = "2026-11-30T14:00:00+09:00"
    var zone = "Asia/Seoul"
    var testDescription: String { "'\(text)' at \(now) in \(zone)" }
  }

  static let seoulCases: [Case] = [
    // ISO 8601 and numeric forms
    Case(text: "2026-12-01T19:00+09:00", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "2026-12-01T10:00Z", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "2026-12-01T19:00:30+0900", expected: "2026-12-01T19:00:30+09:00"),
    // Offsets real zones use, to both bounds (UTCOffset).
    Case(text: "2026-12-01T15:15+05:45", expected: "2026-12-01T18:30:00+09:00"),
    Case(text: "2026-12-01T22:45+12:45", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "2026-12-01T00:30-09:30", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "2026-12-01T00:00+14:00", expected: "2026-11-30T19:00:00+09:00"),
    Case(text: "2026-12-01T00:00-12:00", expected: "2026-12-01T21:00:00+09:00"),
    Case(text: "2026-12-01T05:00-05:00", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "2026-12-01 19:00", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "2026-12-01 오후 7시", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "12/1 19:00", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "2027/1/2 9:05", expected: "2027-01-02T09:05:00+09:00"),
    Case(text: "19:00", expected: "2026-11-30T19:00:00+09:00"),
    Case(text: "13:59", expected: "2026-12-01T13:59:00+09:00"),
    Case(text: "14:00", expected: "2026-12-01T14:00:00+09:00"),
    Case(text: "14:00:01", expected: "2026-11-30T14:00:01+09:00"),
    Case(text: "  7:30 ", expected: "2026-12-01T07:30:00+09:00"),
    Case(text: "11/30 9:00", expected: "2026-11-30T09:00:00+09:00"),
    Case(text: "11/29 9:00", expected: "2027-11-29T09:00:00+09:00"),
    // Relative
    Case(text: "+1h30m", expected: "2026-11-30T15:30:00+09:00"),
    Case(text: "+90m", expected: "2026-11-30T15:30:00+09:00"),
    Case(text: "+8s", expected: "2026-11-30T14:00:08+09:00"),
    Case(text: "+2시간", expected: "2026-11-30T16:00:00+09:00"),
    // Korean days and times
    Case(text: "내일 오후 7시", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "내일오후7시", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "오늘 저녁 7시 30분", expected: "2026-11-30T19:30:00+09:00"),
    Case(text: "모레 아침 8시 반", expected: "2026-12-02T08:30:00+09:00"),
    Case(text: "글피 9시", expected: "2026-12-03T09:00:00+09:00"),
    // At 14:00, 09:00 has gone today and 21:00 has not (the twelve-hour rule below).
    Case(text: "오늘 9시", expected: "2026-11-30T21:00:00+09:00"),
    Case(text: "12월 1일 오후 7시", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "2027년 1월 2일 오전 10시", expected: "2027-01-02T10:00:00+09:00"),
    Case(text: "1월 2일 10시", expected: "2027-01-02T10:00:00+09:00"),
    Case(text: "오후 12시", expected: "2026-12-01T12:00:00+09:00"),
    Case(text: "오전 12시", expected: "2026-12-01T00:00:00+09:00"),
    Case(text: "내일 오후 12시", expected: "2026-12-01T12:00:00+09:00"),
    Case(text: "내일 오전 12시", expected: "2026-12-01T00:00:00+09:00"),
    Case(text: "7시", expected: "2026-11-30T19:00:00+09:00"),
    Case(text: "19시", expected: "2026-11-30T19:00:00+09:00"),
    Case(text: "오후 3시", expected: "2026-11-30T15:00:00+09:00"),
    Case(text: "저녁 7시", expected: "2026-11-30T19:00:00+09:00"),
    Case(text: "밤 11시", expected: "2026-11-30T23:00:00+09:00"),
    Case(text: "밤 12시", expected: "2026-12-01T00:00:00+09:00"),
    Case(text: "밤 1시", expected: "2026-12-01T01:00:00+09:00"),
    Case(text: "새벽 5시", expected: "2026-12-01T05:00:00+09:00"),
    Case(text: "정오", expected: "2026-12-01T12:00:00+09:00"),
    Case(text: "내일 정오", expected: "2026-12-01T12:00:00+09:00"),
    Case(text: "자정", expected: "2026-12-01T00:00:00+09:00"),
    Case(text: "오후 7:30", expected: "2026-11-30T19:30:00+09:00"),
    Case(text: "내일 19:00", expected: "2026-12-01T19:00:00+09:00"),
    // Weekdays: 2026-11-30 is a Monday.
    Case(text: "화요일 9시", expected: "2026-12-01T09:00:00+09:00"),
    // Today is Monday and 21:00 is still ahead: a bare 9시 on today is that (both rules of
    // the twelve-hour reading and of today's weekday).
    Case(text: "월요일 9시", expected: "2026-11-30T21:00:00+09:00"),
    Case(text: "일요일 오후 2시", expected: "2026-12-06T14:00:00+09:00"),
    Case(text: "다음주 월요일 9시", expected: "2026-12-07T09:00:00+09:00"),
    Case(text: "다음 주 수요일 오전 10시", expected: "2026-12-09T10:00:00+09:00"),
    Case(text: "다음주 일요일 10시", expected: "2026-12-13T10:00:00+09:00"),
    Case(text: "이번주 금요일 18:00", expected: "2026-12-04T18:00:00+09:00"),
    // `에` after the day, as a sentence puts it (`금요일에 10시 보자`).
    Case(text: "금요일에 10시", expected: "2026-12-04T10:00:00+09:00"),
    Case(text: "다음 주 월요일에 오후 3시", expected: "2026-12-07T15:00:00+09:00"),
    Case(text: "12월 5일에 저녁 7시", expected: "2026-12-05T19:00:00+09:00"),
    Case(text: "내일에 19:00", expected: "2026-12-01T19:00:00+09:00"),
    // On a Sunday, "다음주 월요일" is the next day and "월요일" is too.
    Case(
      text: "다음주 월요일 9시", expected: "2026-12-07T09:00:00+09:00",
      now: "2026-12-06T12:00:00+09:00"),
    Case(text: "월요일 9시", expected: "2026-12-07T09:00:00+09:00", now: "2026-12-06T12:00:00+09:00"),
    // 밤 1시 just after midnight is in an hour, not tomorrow night.
    Case(text: "밤 1시", expected: "2026-12-01T01:00:00+09:00", now: "2026-12-01T00:30:00+09:00"),
    // Year rolls over for a date already gone.
    Case(text: "1월 5일 9시", expected: "2027-01-05T09:00:00+09:00", now: "2026-12-31T23:00:00+09:00"),
  ]

  static let zoneCases: [Case] = [
    // DST gap in New York (2026-03-08 02:00 → 03:00): moves forward by the gap.
    Case(
      text: "2026-03-08 02:30", expected: "2026-03-08T03:30:00-04:00",
      now: "2026-03-01T12:00:00-05:00", zone: "America/New_York"),
    Case(
      text: "3월 8일 새벽 2시 30분", expected: "2026-03-08T03:30:00-04:00",
      now: "2026-03-01T12:00:00-05:00", zone: "America/New_York"),
    // DST fall-back in New York (2026-11-01 01:00–02:00 twice): the earlier instant.
    Case(
      text: "2026-11-01 01:30", expected: "2026-11-01T01:30:00-04:00",
      now: "2026-10-30T12:00:00-04:00", zone: "America/New_York"),
    Case(
      text: "2026-11-01 02:30", expected: "2026-11-01T02:30:00-05:00",
      now: "2026-10-30T12:00:00-04:00", zone: "America/New_York"),
    // Lord Howe's half-hour gap (2026-10-04 02:00 → 02:30).
    Case(
      text: "2026-10-04 02:15", expected: "2026-10-04T02:45:00+11:00",
      now: "2026-10-01T12:00:00+10:30", zone: "Australia/Lord_Howe"),
    // London: next 01:30 on the fall-back day is the BST one.
    Case(
      text: "01:30", expected: "2026-10-25T01:30:00+01:00",
      now: "2026-10-25T00:10:00+01:00", zone: "Europe/London"),
    Case(
      text: "내일 오후 7시", expected: "2026-12-01T19:00:00+05:45",
      now: "2026-11-30T14:00:00+05:45", zone: "Asia/Kathmandu"),
  ]

  /// A bare `N시` as a Korean says it: on the twelve-hour clock, never the small hours
  /// unless 새벽 or 밤 says so, the next reading still ahead, and on a named day the
  /// afternoon for 1–6. Tuesday 2026-12-01 in Seoul, at several times of day.
  static func on(_ time: String, _ text: String, _ expected: String) -> Case {
    Case(
      text: text, expected: "2026-12-\(expected):00+09:00", now: "2026-12-01T\(time):00+09:00")
  }

  static let twelveHourCases: [Case] = [
    // The table.
    on("18:00", "7시", "01T19:00"),
    on("06:00", "7시", "01T07:00"),
    on("10:00", "7시", "01T19:00"),
    on("20:00", "7시", "02T07:00"),
    on("10:00", "3시", "01T15:00"),
    on("15:25", "3시", "02T15:00"),
    on("13:00", "12시", "02T12:00"),
    on("18:00", "오늘 7시", "01T19:00"),
    // Both readings have gone: the afternoon one, which `add` refuses as past (issue item 4).
    on("20:00", "오늘 7시", "01T19:00"),
    on("18:00", "내일 7시", "02T07:00"),
    on("06:00", "내일 7시", "02T07:00"),
    on("18:00", "내일 3시", "02T15:00"),
    on("06:00", "내일 3시", "02T15:00"),
    on("15:25", "새벽 3시", "02T03:00"),
    on("20:00", "19시", "02T19:00"),
    // Just after midnight, before noon, at noon, and just before midnight.
    on("00:30", "7시", "01T07:00"),
    on("00:30", "12시", "01T12:00"),
    on("00:30", "3시", "01T15:00"),
    on("00:30", "1시", "01T13:00"),
    on("00:30", "6시", "01T06:00"),
    on("00:30", "11시", "01T11:00"),
    on("11:59", "12시", "01T12:00"),
    on("11:59", "11시", "01T23:00"),
    on("11:59", "7시", "01T19:00"),
    on("12:00", "12시", "02T12:00"),
    on("12:00", "1시", "01T13:00"),
    on("12:00", "6시", "01T18:00"),
    on("23:59", "7시", "02T07:00"),
    on("23:59", "12시", "02T12:00"),
    on("23:59", "3시", "02T15:00"),
    on("23:59", "11시", "02T11:00"),
    // A named day: 1–6 in the afternoon, 7–11 ahead today or else the morning, 12 noon.
    on("10:00", "오늘 6시", "01T18:00"),
    on("10:00", "내일 6시", "02T18:00"),
    on("10:00", "모레 11시", "03T11:00"),
    on("10:00", "오늘 11시", "01T11:00"),
    on("12:00", "오늘 11시", "01T23:00"),
    on("10:00", "오늘 12시", "01T12:00"),
    on("18:00", "12월 1일 7시", "01T19:00"),
    on("18:00", "12월 2일 7시", "02T07:00"),
    on("18:00", "목요일 7시", "03T07:00"),
    on("18:00", "목요일 2시", "03T14:00"),
    // Minutes go with the hour.
    on("18:00", "7시 30분", "01T19:30"),
    on("20:00", "7시 반", "02T07:30"),
    // Everything else is read as written.
    on("20:00", "오후 7시", "02T19:00"),
    on("18:00", "오전 7시", "02T07:00"),
    on("23:00", "밤 1시", "02T01:00"),
    on("18:00", "0시", "02T00:00"),
    on("14:00", "13시", "02T13:00"),
    on("18:00", "7:00", "02T07:00"),
    on("18:00", "정오", "02T12:00"),
  ]

  /// A weekday that is today means today while its time is still ahead (Friday 2026-12-04).
  static let todaysWeekdayCases: [Case] = [
    Case(
      text: "금요일 저녁 7시", expected: "2026-12-04T19:00:00+09:00", now: "2026-12-04T15:00:00+09:00"),
    Case(
      text: "금요일 저녁 7시", expected: "2026-12-11T19:00:00+09:00", now: "2026-12-04T20:00:00+09:00"),
    Case(text: "금요일 7시", expected: "2026-12-04T19:00:00+09:00", now: "2026-12-04T15:00:00+09:00"),
    Case(text: "금요일 7시", expected: "2026-12-11T07:00:00+09:00", now: "2026-12-04T20:00:00+09:00"),
    Case(
      text: "금요일 오전 9시", expected: "2026-12-11T09:00:00+09:00", now: "2026-12-04T15:00:00+09:00"),
    Case(
      text: "금요일 19:00", expected: "2026-12-04T19:00:00+09:00", now: "2026-12-04T15:00:00+09:00"),
    Case(
      text: "다음주 금요일 저녁 7시", expected: "2026-12-11T19:00:00+09:00", now: "2026-12-04T15:00:00+09:00"
    ),
    Case(
      text: "이번주 금요일 저녁 7시", expected: "2026-12-04T19:00:00+09:00", now: "2026-12-04T15:00:00+09:00"
    ),
    Case(
      text: "토요일 저녁 7시", expected: "2026-12-05T19:00:00+09:00", now: "2026-12-04T15:00:00+09:00"),
  ]

  /// The forms people type: particles, Korean relative times, dotted dates, short weekdays
  /// (Monday 2026-11-30, 14:00 in Seoul).
  static let commonFormCases: [Case] = [
    Case(text: "내일 저녁 7시에", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "오후 7시 반에", expected: "2026-11-30T19:30:00+09:00"),
    Case(text: "7시까지", expected: "2026-11-30T19:00:00+09:00"),
    Case(text: "정오에", expected: "2026-12-01T12:00:00+09:00"),
    Case(text: "2시간 후", expected: "2026-11-30T16:00:00+09:00"),
    Case(text: "30분 뒤", expected: "2026-11-30T14:30:00+09:00"),
    Case(text: "1시간 30분 뒤", expected: "2026-11-30T15:30:00+09:00"),
    Case(text: "지금부터 30분 뒤", expected: "2026-11-30T14:30:00+09:00"),
    Case(text: "지금", expected: "2026-11-30T14:00:00+09:00"),
    Case(text: "3일 뒤 오후 2시", expected: "2026-12-03T14:00:00+09:00"),
    Case(text: "3일 후 19:00", expected: "2026-12-03T19:00:00+09:00"),
    Case(text: "2026.12.24 19:00", expected: "2026-12-24T19:00:00+09:00"),
    Case(text: "12.24 19:00", expected: "2026-12-24T19:00:00+09:00"),
    Case(text: "2026. 12. 24. 오후 7시", expected: "2026-12-24T19:00:00+09:00"),
    Case(text: "2027.1.2 9:05", expected: "2027-01-02T09:05:00+09:00"),
    Case(text: "금 저녁 7시", expected: "2026-12-04T19:00:00+09:00"),
    Case(text: "(금) 저녁 7시", expected: "2026-12-04T19:00:00+09:00"),
    Case(text: "금욜 저녁 7시", expected: "2026-12-04T19:00:00+09:00"),
    Case(text: "토욜 7시", expected: "2026-12-05T07:00:00+09:00"),
    Case(text: "오후 7:30", expected: "2026-11-30T19:30:00+09:00"),
    // 13–24시 are read on the 24-hour clock; 24시 is the midnight that ends the day.
    Case(text: "24시", expected: "2026-12-01T00:00:00+09:00"),
    Case(text: "오늘 24시", expected: "2026-12-01T00:00:00+09:00"),
    Case(text: "내일 24:00", expected: "2026-12-02T00:00:00+09:00"),
    Case(text: "13시", expected: "2026-12-01T13:00:00+09:00"),
    // Chat spellings: 내일모레 is 모레, 낼 is 내일, 담주 is 다음 주.
    Case(text: "내일모레 7시", expected: "2026-12-02T07:00:00+09:00"),
    Case(text: "내일모레 저녁 7시", expected: "2026-12-02T19:00:00+09:00"),
    Case(text: "낼 저녁 7시", expected: "2026-12-01T19:00:00+09:00"),
    Case(text: "낼 3시", expected: "2026-12-01T15:00:00+09:00"),
    Case(text: "담주 월요일 9시", expected: "2026-12-07T09:00:00+09:00"),
    Case(text: "담주 금요일 저녁 7시", expected: "2026-12-11T19:00:00+09:00"),
    Case(text: "1시간 반 뒤", expected: "2026-11-30T15:30:00+09:00"),
    Case(text: "1시간반 후", expected: "2026-11-30T15:30:00+09:00"),
    Case(text: "지금부터 2시간 반 뒤", expected: "2026-11-30T16:30:00+09:00"),
    // 점심 is noon, or an hour around it; today's has gone at 14:00.
    Case(text: "점심", expected: "2026-12-01T12:00:00+09:00"),
    Case(text: "내일 점심", expected: "2026-12-01T12:00:00+09:00"),
    Case(text: "점심 12시 반", expected: "2026-12-01T12:30:00+09:00"),
    Case(text: "내일 점심 1시", expected: "2026-12-01T13:00:00+09:00"),
    Case(text: "점심 11시 반에", expected: "2026-12-01T11:30:00+09:00"),
    // A day of the month alone: the next such day, today included; a bare hour by the rule.
    Case(text: "24일 7시", expected: "2026-12-24T07:00:00+09:00"),
    Case(text: "24일에 저녁 7시", expected: "2026-12-24T19:00:00+09:00"),
    Case(text: "30일 7시", expected: "2026-11-30T19:00:00+09:00"),
    Case(text: "31일 오후 3시", expected: "2026-12-31T15:00:00+09:00"),
    Case(text: "24일 7시", expected: "2026-12-24T07:00:00+09:00", now: "2026-12-05T10:00:00+09:00"),
    Case(text: "5일 9시", expected: "2026-12-05T21:00:00+09:00", now: "2026-12-05T10:00:00+09:00"),
    Case(text: "30일 9시", expected: "2027-03-30T09:00:00+09:00", now: "2027-01-31T10:00:00+09:00"),
    // 이번 주말 is this week's Saturday; on Sunday that is yesterday, which `add` refuses.
    Case(text: "이번 주말 오후 2시", expected: "2026-12-05T14:00:00+09:00"),
    Case(text: "이번주말 10시", expected: "2026-12-05T10:00:00+09:00"),
    Case(
      text: "이번 주말 저녁 7시", expected: "2026-12-05T19:00:00+09:00",
      now: "2026-12-06T12:00:00+09:00"),
  ]

  @Test(arguments: commonFormCases)
  func theFormsPeopleTypeAreRead(_ example: Case) throws {
    try Self.expectParsed(example)
  }

  /// A day counted by the month: `이번 달`, `다음 달` and `말일` (Monday 2026-11-30, 14:00 in
  /// Seoul, unless `now` says otherwise).
  static let monthDayCases: [Case] = [
    Case(text: "다음 달 3일 오후 2시", expected: "2026-12-03T14:00:00+09:00"),
    Case(text: "다음달 3일 19:00", expected: "2026-12-03T19:00:00+09:00"),
    Case(text: "다음 달 말일 저녁 7시", expected: "2026-12-31T19:00:00+09:00"),
    // Today is the last day: a bare 7시 on it is the reading still ahead.
    Case(text: "이번 달 말일 7시", expected: "2026-11-30T19:00:00+09:00"),
    Case(text: "이번달 말일 오후 3시", expected: "2026-11-30T15:00:00+09:00"),
    Case(text: "말일 오후 6시", expected: "2026-11-30T18:00:00+09:00"),
    Case(text: "12월 말일 오후 6시", expected: "2026-12-31T18:00:00+09:00"),
    // February has gone this year: next year's, a morning on a day that is not today.
    Case(text: "2월 말일 9시", expected: "2027-02-28T09:00:00+09:00"),
    Case(text: "2028년 2월 말일 10:00", expected: "2028-02-29T10:00:00+09:00"),
    // A day of this month already gone stays named: `add` then refuses it as past.
    Case(text: "이번 달 1일 9시", expected: "2026-11-01T09:00:00+09:00"),
    // The month after December is next year's January.
    Case(
      text: "다음 달 1일 9시", expected: "2027-01-01T09:00:00+09:00", now: "2026-12-15T10:00:00+09:00"),
    Case(
      text: "다음 달 말일 9시", expected: "2027-02-28T09:00:00+09:00", now: "2027-01-31T10:00:00+09:00"),
  ]

  @Test(arguments: monthDayCases)
  func aDayCanBeCountedByTheMonth(_ example: Case) throws {
    try Self.expectParsed(example)
  }

  @Test(arguments: [
    ("2시간", "'2시간'은 시각이 아니라 길이입니다. 지금부터라면 '2시간 뒤'처럼 쓰세요"),
    ("2026.13.1 19:00", "월은 1~12여야 합니다"),
    ("123.4 19:00", "날짜는 '12.24'나 '2026.12.24'처럼 씁니다"),
    ("금요 7시", "'금요'는 알아듣지 못했습니다. '금요일'처럼 써 주세요"),
    ("익일 9시", "'익일'은 알아듣지 못했습니다. '내일'처럼 써 주세요"),
    ("7시 PM", "'PM'은 알아듣지 못했습니다. '오후'처럼 써 주세요"),
  ])
  func misreadFormsSayWhatIsWrong(text: String, reason: String) {
    #expect(throws: InputError.time(text, reason: reason)) {
      try TimeExpression.parse(text, now: mondayAfternoon, timeZone: seoul)
    }
  }

  /// A day with no time of day names what is missing and how to give it (issue 11, item 10).
  @Test(arguments: [
    ("내일", "'내일'에 시각이 빠졌습니다. 예: '내일 오후 7시', '내일 19:00'"),
    ("내일 저녁", "'내일 저녁'에 시각이 빠졌습니다. 예: '내일 저녁 7시', '내일 저녁 7시 반'"),
    ("2026-12-01", "'2026-12-01'에 시각이 빠졌습니다. 예: '2026-12-01 오후 7시', '2026-12-01 19:00'"),
    ("12.24.", "'12.24.'에 시각이 빠졌습니다. 예: '12.24. 오후 7시', '12.24. 19:00'"),
  ])
  func aDayWithNoTimeSaysTheTimeIsMissing(text: String, message: String) {
    #expect(throws: InputError.missingClock(text)) {
      try TimeExpression.parse(text, now: mondayAfternoon, timeZone: seoul)
    }
    #expect(InputError.missingClock(text).description == message)
  }

  @Test(arguments: todaysWeekdayCases)
  func aWeekdayThatIsTodayMeansTodayWhileItsTimeIsAhead(_ example: Case) throws {
    try Self.expectParsed(example)
  }

  @Test(arguments: twelveHourCases)
  func aBareHourIsReadOnTheTwelveHourClock(_ example: Case) throws {
    try Self.expectParsed(example)
  }

  struct Edit: Sendable, CustomTestStringConvertible {
    let text: String
    let start: String
    let expected: String
    var testDescription: String { "'\(text)' for \(start)" }
  }

  /// An edit's time read against the appointment's start, on Tuesday 2026-12-01 at 09:00 in
  /// Seoul: with no day it keeps the start's day, a bare hour the reading nearest its time.
  @Test(arguments: [
    Edit(text: "7시 반", start: "2026-12-04T19:00", expected: "2026-12-04T19:30"),
    Edit(text: "8시", start: "2026-12-04T19:00", expected: "2026-12-04T20:00"),
    Edit(text: "7시", start: "2026-12-04T19:00", expected: "2026-12-04T19:00"),
    Edit(text: "11시", start: "2026-12-04T19:00", expected: "2026-12-04T23:00"),
    Edit(text: "1시", start: "2026-12-04T19:00", expected: "2026-12-04T13:00"),
    Edit(text: "7시 반", start: "2026-12-04T08:00", expected: "2026-12-04T07:30"),
    Edit(text: "12시", start: "2026-12-04T08:00", expected: "2026-12-04T12:00"),
    // As near either way: the earlier.
    Edit(text: "7시", start: "2026-12-04T13:00", expected: "2026-12-04T07:00"),
    // Read as written, on the start's day.
    Edit(text: "오전 10시", start: "2026-12-04T19:00", expected: "2026-12-04T10:00"),
    Edit(text: "21:15", start: "2026-12-04T19:00", expected: "2026-12-04T21:15"),
    Edit(text: "밤 1시", start: "2026-12-04T19:00", expected: "2026-12-05T01:00"),
    Edit(text: "점심", start: "2026-12-04T19:00", expected: "2026-12-04T12:00"),
    // A named day, or a time from now, reads as it does in `add`.
    Edit(text: "내일 8시", start: "2026-12-04T19:00", expected: "2026-12-02T08:00"),
    Edit(text: "토요일 7시", start: "2026-12-04T19:00", expected: "2026-12-05T07:00"),
    Edit(text: "+1h", start: "2026-12-04T19:00", expected: "2026-12-01T10:00"),
  ])
  func anEditKeepsTheDayAndTakesTheNearestReading(_ example: Edit) throws {
    let resolved = try TimeExpression.scan(example.text).resolve(
      now: instant("2026-12-01T09:00:00+09:00"), timeZone: seoul,
      keeping: instant(example.start + ":00+09:00"))
    #expect(resolved == instant(example.expected + ":00+09:00"))
  }

  /// A bare hour read by rule says which reading it took (Tuesday 2026-12-01, 09:00).
  @Test(
    arguments: [
      ("내일 7시", "오전 7시로 읽었습니다 (저녁이면 '저녁 7시')"),
      ("7시", "오후 7시로 읽었습니다 (오전이면 '오전 7시')"),
      ("7시 반", "오후 7시 30분으로 읽었습니다 (오전이면 '오전 7시 30분')"),
      ("3시", "오후 3시로 읽었습니다 (새벽이면 '새벽 3시')"),
      ("12시", "낮 12시로 읽었습니다 (밤이면 '밤 12시')"),
      ("내일 10시", "오전 10시로 읽었습니다 (밤이면 '밤 10시')"),
      ("내일 6시", "오후 6시로 읽었습니다 (오전이면 '오전 6시')"),
      ("저녁 7시", nil), ("19시", nil), ("19:00", nil), ("점심 12시", nil), ("+1h", nil), ("정오", nil),
    ] as [(String, String?)])
  func aBareHourSaysWhichReadingItTook(text: String, note: String?) throws {
    let scanned = try TimeExpression.scan(text)
    let resolved = try scanned.resolve(now: instant("2026-12-01T09:00:00+09:00"), timeZone: seoul)
    #expect(scanned.ruleReading(of: resolved, timeZone: seoul) == note)
  }

  /// `example.text` read at `example.now` is `example.expected`.
  static func expectParsed(_ example: Case, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let parsed = try TimeExpression.parse(
      example.text, now: instant(example.now), timeZone: zone(example.zone))
    #expect(parsed == instant(example.expected), sourceLocation: sourceLocation)
  }

  @Test(arguments: seoulCases + zoneCases)
  func parses(_ example: Case) throws {
    let parsed = try TimeExpression.parse(
      example.text, now: instant(example.now), timeZone: zone(example.zone))
    #expect(parsed == instant(example.expected))
  }

  @Test(arguments: seoulCases + zoneCases)
  func scansWithoutNowThenResolves(_ example: Case) throws {
    let scanned = try TimeExpression.scan(example.text)
    let now = instant(example.now)
    let timeZone = zone(example.zone)
    let resolved = try scanned.resolve(now: now, timeZone: timeZone)
    // The literal is the oracle: parse is scan and resolve, so agreeing with it proves little.
    #expect(resolved == instant(example.expected))
    #expect(resolved == (try TimeExpression.parse(example.text, now: now, timeZone: timeZone)))
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    let text: String
    let reason: String
    var testDescription: String { "'\(text)'" }
  }

  /// Texts scanning alone rejects, with the reason parsing gives.
  static let badCases: [Bad] = [
    Bad(text: "", reason: "비어 있습니다"),
    Bad(text: "25:00", reason: "시는 0~24여야 합니다"),
    Bad(text: "19:60", reason: "분은 0~59여야 합니다"),
    Bad(text: "19:0", reason: "시각은 '19:00'처럼 분을 두 자리로 씁니다"),
    Bad(text: "오후 13시", reason: "오후/저녁 뒤의 시는 1~12여야 합니다"),
    Bad(text: "오후 0시", reason: "오후/저녁 뒤의 시는 1~12여야 합니다"),
    Bad(text: "오전 19시", reason: "오전/아침/새벽 뒤의 시는 0~12여야 합니다"),
    Bad(text: "13/1 9:00", reason: "월은 1~12여야 합니다"),
    Bad(text: "2026-13-01T10:00", reason: "월은 1~12여야 합니다"),
    Bad(text: "7", reason: "'7' 뒤에 단위가 없습니다. 예: '7시'"),
    Bad(text: "7시 30", reason: "'30' 뒤에 단위가 없습니다. 예: '30분'"),
    Bad(text: "tomorrow 7pm", reason: "'tomorrow'는 알아듣지 못했습니다. '내일'처럼 써 주세요"),
    Bad(text: "내일 모레 9시", reason: "'모레': 날짜가 두 번 있습니다"),
    Bad(text: "내일 12월 1일 9시", reason: "날짜가 두 번 있습니다"),
    Bad(text: "다음주 9시", reason: "'다음 주'/'이번 주' 뒤에는 요일이 와야 합니다. 예: '다음 주 월요일'"),
    Bad(text: "이번 주 9시", reason: "'다음 주'/'이번 주' 뒤에는 요일이 와야 합니다. 예: '다음 주 월요일'"),
    Bad(text: "반", reason: "'반'은 '7시 반'처럼 시 바로 뒤에 씁니다"),
    Bad(text: "19:00+09:00", reason: "UTC 오프셋은 '2026-12-01T19:00+09:00'처럼 날짜가 있을 때만 씁니다"),
    Bad(text: "2026-12-01T19:00+15:00", reason: "오프셋은 -12:00~+14:00 사이의 15분 단위여야 합니다"),
    Bad(text: "2026-12-01T19:00+14:59", reason: "오프셋은 -12:00~+14:00 사이의 15분 단위여야 합니다"),
    Bad(text: "2026-12-01T19:00+1415", reason: "오프셋은 -12:00~+14:00 사이의 15분 단위여야 합니다"),
    Bad(text: "2026-12-01T19:00-12:15", reason: "오프셋은 -12:00~+14:00 사이의 15분 단위여야 합니다"),
    Bad(text: "2026-12-01T19:00+09:10", reason: "오프셋은 -12:00~+14:00 사이의 15분 단위여야 합니다"),
    Bad(text: "2026-12-01T19:00-13", reason: "오프셋은 -12:00~+14:00 사이의 15분 단위여야 합니다"),
    // A fixed time and an hour: the hour used to be dropped without a word.
    Bad(text: "정오 7시", reason: "'7시': 시각이 두 번 있습니다 ('정오'/'자정'이 시각입니다)"),
    Bad(text: "자정 7시", reason: "'7시': 시각이 두 번 있습니다 ('정오'/'자정'이 시각입니다)"),
    Bad(text: "내일 자정 12시", reason: "'12시': 시각이 두 번 있습니다 ('정오'/'자정'이 시각입니다)"),
    Bad(text: "7시 정오", reason: "'정오': 시각이 두 번 있습니다"),
    // A fraction of a second used to be dropped without a word.
    Bad(text: "7:30:15.5", reason: "초에 소수는 쓸 수 없습니다. '7:30:15'처럼 쓰세요"),
    Bad(text: "2026-12-01T19:00:30.250+0900", reason: "초에 소수는 쓸 수 없습니다. '7:30:15'처럼 쓰세요"),
    Bad(text: "7:30:15,0", reason: "초에 소수는 쓸 수 없습니다. '7:30:15'처럼 쓰세요"),
    // Every digit is one number, however many: the rest was once taken for a unit.
    Bad(text: "12345678901234시", reason: "시는 0~24여야 합니다"),
    Bad(text: "25시", reason: "시는 0~24여야 합니다"),
    Bad(text: "24시 30분", reason: "24시는 정각만 씁니다 (24시 또는 24:00)"),
    Bad(text: "123456789012345678901234567890년 1월 1일 9시", reason: "연도는 1900~2200이어야 합니다"),
    Bad(text: "+12345678901234m", reason: "일주일보다 깁니다"),
    Bad(text: "1234567890123", reason: "'1234567890123' 뒤에 단위가 없습니다. 예: '1234567890123시'"),
    Bad(text: "+", reason: "비어 있습니다"),
    Bad(text: "+5", reason: "단위가 없습니다. '5m'처럼 단위를 붙이세요"),
    Bad(text: "1800-01-01 10:00", reason: "연도는 1900~2200이어야 합니다"),
    Bad(text: "30분", reason: "'30분' 앞에 시가 없습니다"),
    Bad(text: "12월 9시", reason: "월 뒤에 일이 필요합니다. 예: '12월 1일'"),
    Bad(text: "오후 정오", reason: "'정오'/'자정'에는 오전/오후나 분을 붙이지 않습니다"),
    Bad(text: "2026-02-30 9:00", reason: "2026년 2월에는 30일이 없습니다"),
    Bad(text: "다음 달 오후 3시", reason: "'다음 달' 뒤에 일이 필요합니다. 예: '다음 달 3일', '다음 달 말일'"),
    Bad(text: "다음 달", reason: "'다음 달' 뒤에 일이 필요합니다. 예: '다음 달 3일', '다음 달 말일'"),
    Bad(text: "12월", reason: "월 뒤에 일이 필요합니다. 예: '12월 1일'"),
    Bad(text: "이번달 9시", reason: "'이번 달' 뒤에 일이 필요합니다. 예: '이번 달 3일', '이번 달 말일'"),
    Bad(text: "다음 달 12월 3일 9시", reason: "날짜가 두 번 있습니다"),
    Bad(text: "말일 3일 9시", reason: "날짜가 두 번 있습니다"),
    Bad(text: "말일 내일 9시", reason: "날짜가 두 번 있습니다"),
    Bad(text: "32일 9시", reason: "일은 1~31이어야 합니다"),
    Bad(text: "0일 9시", reason: "일은 1~31이어야 합니다"),
    Bad(text: "점심 7시", reason: "점심 뒤의 시는 11시, 12시, 1시, 2시 중 하나여야 합니다"),
    Bad(text: "낼 모레 9시", reason: "'모레': 날짜가 두 번 있습니다"),
    Bad(text: "담주 9시", reason: "'다음 주'/'이번 주' 뒤에는 요일이 와야 합니다. 예: '다음 주 월요일'"),
    Bad(text: "1시간 반", reason: "'1시간'은 시각이 아니라 길이입니다. 지금부터라면 '1시간 뒤'처럼 쓰세요"),
    // A particle once after a time or a day; a second one is a slip, not a word to skip.
    Bad(text: "내일 7시에에", reason: "'에'는 알아듣지 못했습니다"),
    Bad(text: "7시에 까지", reason: "'까지'는 알아듣지 못했습니다"),
    Bad(text: "금요일에 에 10시", reason: "'에'는 알아듣지 못했습니다"),
  ]

  /// Texts only resolving rejects: a month and day without a year wait for `now` to pick the
  /// year, which the reason names.
  static let calendarBadCases: [Bad] = [
    Bad(text: "2월 30일 9시", reason: "2026년 2월에는 30일이 없습니다"),
    Bad(text: "4월 31일 9시", reason: "2026년 4월에는 31일이 없습니다"),
    Bad(text: "이번 달 31일 9시", reason: "2026년 11월에는 31일이 없습니다"),
  ]

  @Test(arguments: badCases + calendarBadCases)
  func rejects(_ example: Bad) {
    #expect(throws: InputError.time(example.text, reason: example.reason)) {
      try TimeExpression.parse(example.text, now: mondayAfternoon, timeZone: seoul)
    }
  }

  @Test(arguments: badCases)
  func scanningAloneRejects(_ example: Bad) {
    #expect(throws: InputError.time(example.text, reason: example.reason)) {
      try TimeExpression.scan(example.text)
    }
  }

  @Test(arguments: calendarBadCases)
  func onlyResolvingRejectsADayTheYearLacks(_ example: Bad) throws {
    let scanned = try TimeExpression.scan(example.text)
    #expect(throws: InputError.time(example.text, reason: example.reason)) {
      try scanned.resolve(now: mondayAfternoon, timeZone: seoul)
    }
  }

  struct Range: Sendable, CustomTestStringConvertible {
    let text: String
    let now: String
    var zone = "UTC"
    let year: Int
    var testDescription: String { "'\(text)' at \(now) in \(zone)" }
  }

  /// A time read against a `now` near the last year lands outside 1900–2200.
  @Test(arguments: [
    Range(text: "+1h", now: "2200-12-31T23:30:00Z", year: 2201),
    Range(text: "+30m", now: "2200-12-31T23:30:00Z", zone: "Asia/Seoul", year: 2201),
    Range(text: "19:00", now: "2200-12-31T20:00:00Z", year: 2201),
    Range(text: "내일 9시", now: "2200-12-31T20:00:00Z", year: 2201),
    Range(text: "월요일 9시", now: "2200-12-31T20:00:00Z", year: 2201),
    Range(text: "1월 1일 9시", now: "2200-06-01T00:00:00Z", year: 2201),
  ])
  func aResultPastTheLastYearIsRefused(_ example: Range) {
    let reason = "\(example.year)년이 됩니다. 연도는 1900~2200이어야 합니다"
    #expect(throws: InputError.time(example.text, reason: reason)) {
      try TimeExpression.parse(
        example.text, now: instant(example.now), timeZone: zone(example.zone))
    }
  }

  @Test func theLastMinuteOfTheRangeIsKept() throws {
    let parsed = try TimeExpression.parse(
      "+29m", now: instant("2200-12-31T23:30:00Z"), timeZone: .gmt)
    #expect(parsed == instant("2200-12-31T23:59:00Z"))
  }

  @Test(arguments: [
    ("14:00", "ISO 8601 날짜와 시각이 필요합니다"),
    ("내일 9시", "ISO 8601 날짜와 시각이 필요합니다"),
    ("2026-11-30 25:00", "시는 0~24여야 합니다"),
    ("2026-11-30T14:00:00.5Z", "초에 소수는 쓸 수 없습니다. '7:30:15'처럼 쓰세요"),
  ])
  func instantsHaveTheirOwnExamples(text: String, reason: String) {
    #expect(throws: InputError.instant(text, reason: reason)) {
      try TimeExpression.parseInstant(text, timeZone: seoul)
    }
    let message = InputError.instant(text, reason: reason).description
    #expect(
      message
        == "잘못된 시각 '\(text)': \(reason) (예: '2026-11-30T14:00+09:00', '2026-11-30 14:00', "
        + "'2026-11-30T05:00Z')")
  }

  @Test func instantsForNowNeedADateAndTime() throws {
    #expect(
      try TimeExpression.parseInstant("2026-11-30T14:00:00+09:00", timeZone: .gmt)
        == mondayAfternoon)
    #expect(try TimeExpression.parseInstant("2026-11-30 14:00", timeZone: seoul) == mondayAfternoon)
    #expect(throws: InputError.self) { try TimeExpression.parseInstant("내일 9시", timeZone: seoul) }
    #expect(throws: InputError.self) { try TimeExpression.parseInstant("14:00", timeZone: seoul) }
  }

  @Test func instantsWithAnOffsetNeverAskForTheZone() throws {
    var asked = 0
    for text in ["2026-11-30T05:00:00Z", "2026-11-30T14:00+09:00", "2026-11-30T00:00-0500"] {
      let parsed = try TimeExpression.parseInstant(text) { () throws(InputError) in
        asked += 1
        return seoul
      }
      #expect(parsed == mondayAfternoon, "\(text)")
    }
    #expect(asked == 0)
    let local = try TimeExpression.parseInstant("2026-11-30 14:00") { () throws(InputError) in
      asked += 1
      return seoul
    }
    #expect(local == mondayAfternoon)
    #expect(asked == 1)
  }

  @Test func anUnknownZoneMattersOnlyToAnInstantWithoutOffset() throws {
    let unknown = { () throws(InputError) -> Zone in throw .timeZone("Mars/Olympus") }
    #expect(
      try TimeExpression.parseInstant("2026-11-30T05:00Z", timeZone: unknown) == mondayAfternoon)
    #expect(throws: InputError.timeZone("Mars/Olympus")) {
      try TimeExpression.parseInstant("2026-11-30 14:00", timeZone: unknown)
    }
    // The text is judged before the zone is asked for.
    #expect(throws: InputError.instant("2026-11-30 25:00", reason: "시는 0~24여야 합니다")) {
      try TimeExpression.parseInstant("2026-11-30 25:00", timeZone: unknown)
    }
  }
}

@Suite struct DurationExpressionTests {
  @Test(arguments: [
    ("35m", 2100), ("1h20m", 4800), ("1h 20m", 4800), ("90s", 90), ("1:20", 4800),
    ("0:05", 300), ("1시간 20분", 4800), ("1시간20분", 4800), ("20분", 1200), ("30초", 30),
    ("2h", 7200), ("0", 0), ("0m", 0), (" 10m ", 600), ("1h30m15s", 5415),
  ])
  func parses(text: String, seconds: Int) throws {
    #expect(try DurationExpression.parse(text) == seconds)
  }

  @Test(arguments: [
    ("", "비어 있습니다"),
    ("35", "단위가 없습니다. '35m'처럼 단위를 붙이세요"),
    ("-5m", "음수는 쓸 수 없습니다"),
    ("1.5h", "소수는 쓸 수 없습니다. '1h30m'처럼 단위를 나눠 쓰세요"),
    ("5x", "알 수 없는 단위 'x' (h, m, s, 시간, 분, 초)"),
    ("20m1h", "단위는 시간, 분, 초 순서로 한 번씩만 씁니다"),
    ("5m5m", "단위는 시간, 분, 초 순서로 한 번씩만 씁니다"),
    ("1:70", "분은 0~59여야 합니다"),
    ("1:5", "'시:분' 형식은 '1:20'처럼 씁니다"),
    ("200h", "일주일보다 깁니다"),
    ("12345678901234m", "일주일보다 깁니다"),
    ("1h12345678901234567890s", "일주일보다 깁니다"),
    ("12345678901234", "단위가 없습니다. '12345678901234m'처럼 단위를 붙이세요"),
    ("abc", "'abc'는 알아듣지 못했습니다"),
  ])
  func rejects(text: String, reason: String) {
    #expect(throws: InputError.duration(text, reason: reason)) {
      try DurationExpression.parse(text)
    }
  }

  @Test func alertListsAreDistinctWholeMinutesLargestFirst() throws {
    #expect(try AlertLeads.parse("30m,10m,0") == [1800, 600, 0])
    #expect(try AlertLeads.parse("0, 10m, 10분, 1h") == [3600, 600, 0])
    #expect(try AlertLeads.parse("none") == [])
    #expect(throws: InputError.alerts("10m,90s", reason: "'90s' — 알림은 분 단위로 씁니다")) {
      try AlertLeads.parse("10m,90s")
    }
    #expect(throws: InputError.alerts("10m,,5m", reason: "'' — 비어 있습니다")) {
      try AlertLeads.parse("10m,,5m")
    }
  }
}
