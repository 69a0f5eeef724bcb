import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCore

/// Repeating times typed in Korean: read into a rule, said back, and resolved to the first
/// start after `now`; refused with one line naming what was typed.
@Suite struct RepeatingTimeTests {
  struct Series: Sendable, CustomTestStringConvertible {
    let text: String
    /// The rule as RFC 5545 text.
    let rule: String
    /// What ``RecurrenceRule/koreanText(timeZone:currentYear:)`` says.
    let korean: String
    /// The first start, on the wall clock of `zone`.
    let first: String
    /// Wednesday 2026-12-02, 10:00 in Seoul unless given.
    var now = "2026-12-02T10:00:00+09:00"
    var zone = "Asia/Seoul"
    var testDescription: String { "'\(text)' at \(now) in \(zone)" }
  }

  static let weekly = "FREQ=WEEKLY"
  static let weekdays = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
  static let weekend = "FREQ=WEEKLY;BYDAY=SA,SU"

  /// Hand-counted from a calendar: 2026-12-02 is a Wednesday, 2026-12-31 a Thursday.
  static let series: [Series] = [
    // 평일 and 주말: today's 09:00 has gone at 10:00, is ahead at 08:00.
    Series(text: "평일 오전 9시", rule: weekdays, korean: "평일", first: "2026-12-03T09:00:00"),
    Series(
      text: "평일 오전 9시", rule: weekdays, korean: "평일", first: "2026-12-02T09:00:00",
      now: "2026-12-02T08:00:00+09:00"),
    Series(
      text: "평일 9시", rule: weekdays, korean: "평일", first: "2026-12-07T09:00:00",
      now: "2026-12-04T10:00:00+09:00"),
    Series(text: "매주 평일 8시 반", rule: weekdays, korean: "평일", first: "2026-12-03T08:30:00"),
    Series(text: "주말 10시", rule: weekend, korean: "주말", first: "2026-12-05T10:00:00"),
    // `에` after the days, as a sentence puts it.
    Series(text: "평일에 오전 9시", rule: weekdays, korean: "평일", first: "2026-12-03T09:00:00"),
    Series(text: "주말에 10시", rule: weekend, korean: "주말", first: "2026-12-05T10:00:00"),
    Series(text: "매주말 10시", rule: weekend, korean: "주말", first: "2026-12-05T10:00:00"),
    Series(text: "주말마다 오후 3시", rule: weekend, korean: "주말", first: "2026-12-05T15:00:00"),
    Series(text: "매주 토일 10시", rule: weekend, korean: "주말", first: "2026-12-05T10:00:00"),
    Series(
      text: "격주 주말 10시", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU", korean: "2주마다 주말",
      first: "2026-12-05T10:00:00"),
    Series(
      text: "격주 평일 9시", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR", korean: "2주마다 평일",
      first: "2026-12-03T09:00:00"),
    // Every day; a bare hour is the morning one whenever it is typed (7–11), 1–6 the afternoon.
    Series(text: "매일 7시 반", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-03T07:30:00"),
    Series(
      text: "매일 7시 반", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-02T07:30:00",
      now: "2026-12-02T07:29:59+09:00"),
    Series(
      text: "매일 7시", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-03T07:00:00",
      now: "2026-12-02T07:00:00+09:00"),
    Series(
      text: "매일 7시", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-03T07:00:00",
      now: "2026-12-02T18:00:00+09:00"),
    Series(text: "매일 3시", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-02T15:00:00"),
    Series(text: "매일 12시", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-02T12:00:00"),
    Series(text: "매일 아침 7시", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-03T07:00:00"),
    Series(text: "매일 저녁 7시", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-02T19:00:00"),
    Series(text: "매일 19:00", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-02T19:00:00"),
    Series(text: "매 일 정오", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-02T12:00:00"),
    Series(text: "매일 자정", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-03T00:00:00"),
    Series(
      text: "매일 밤 1시", rule: "FREQ=DAILY", korean: "매일", first: "2026-12-02T01:00:00",
      now: "2026-12-02T00:30:00+09:00"),
    Series(
      text: "3일마다 9시", rule: "FREQ=DAILY;INTERVAL=3", korean: "3일마다",
      first: "2026-12-03T09:00:00"),
    Series(
      text: "격일 오후 8시", rule: "FREQ=DAILY;INTERVAL=2", korean: "2일마다",
      first: "2026-12-02T20:00:00"),
    // Weekdays, one or several.
    Series(
      text: "매주 화요일 저녁 7시", rule: "FREQ=WEEKLY;BYDAY=TU", korean: "매주 화요일",
      first: "2026-12-08T19:00:00"),
    Series(
      text: "매주 화요일마다 저녁 7시", rule: "FREQ=WEEKLY;BYDAY=TU", korean: "매주 화요일",
      first: "2026-12-08T19:00:00"),
    Series(
      text: "화요일마다 7시", rule: "FREQ=WEEKLY;BYDAY=TU", korean: "매주 화요일",
      first: "2026-12-08T07:00:00"),
    Series(
      text: "매 화요일 7시", rule: "FREQ=WEEKLY;BYDAY=TU", korean: "매주 화요일",
      first: "2026-12-08T07:00:00"),
    Series(
      text: "매 주 금 6시", rule: "FREQ=WEEKLY;BYDAY=FR", korean: "매주 금요일",
      first: "2026-12-04T18:00:00"),
    Series(
      text: "매주 수요일 11시", rule: "FREQ=WEEKLY;BYDAY=WE", korean: "매주 수요일",
      first: "2026-12-02T11:00:00"),
    Series(
      text: "매주 수요일 9시", rule: "FREQ=WEEKLY;BYDAY=WE", korean: "매주 수요일",
      first: "2026-12-09T09:00:00"),
    Series(
      text: "매주 월수금 8시", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", korean: "매주 월·수·금요일",
      first: "2026-12-04T08:00:00"),
    Series(
      text: "매주 월·수·금 8시", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", korean: "매주 월·수·금요일",
      first: "2026-12-04T08:00:00"),
    Series(
      text: "매주 월ㆍ수ㆍ금요일 8시", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", korean: "매주 월·수·금요일",
      first: "2026-12-04T08:00:00"),
    Series(
      text: "매주 월, 수, 금 8시", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", korean: "매주 월·수·금요일",
      first: "2026-12-04T08:00:00"),
    Series(
      text: "월수금마다 8시", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", korean: "매주 월·수·금요일",
      first: "2026-12-04T08:00:00"),
    Series(
      text: "매주 금 수 월 8시", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", korean: "매주 월·수·금요일",
      first: "2026-12-04T08:00:00"),
    Series(
      text: "매주 월요일 수요일 8시", rule: "FREQ=WEEKLY;BYDAY=MO,WE", korean: "매주 월·수요일",
      first: "2026-12-07T08:00:00"),
    Series(
      text: "매주 월요일과 목요일 오전 8시", rule: "FREQ=WEEKLY;BYDAY=MO,TH", korean: "매주 월·목요일",
      first: "2026-12-03T08:00:00"),
    Series(
      text: "매주 화목요일 19:30", rule: "FREQ=WEEKLY;BYDAY=TU,TH", korean: "매주 화·목요일",
      first: "2026-12-03T19:30:00"),
    Series(
      text: "2주마다 토요일 10시", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA", korean: "2주마다 토요일",
      first: "2026-12-05T10:00:00"),
    Series(
      text: "격주 토요일 10시", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA", korean: "2주마다 토요일",
      first: "2026-12-05T10:00:00"),
    Series(
      text: "격주로 토요일 오전 10시", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA", korean: "2주마다 토요일",
      first: "2026-12-05T10:00:00"),
    Series(
      text: "3 주 마다 수요일 10시", rule: "FREQ=WEEKLY;INTERVAL=3;BYDAY=WE", korean: "3주마다 수요일",
      first: "2026-12-09T10:00:00"),
    // Days of the month.
    Series(
      text: "매월 3일 오후 2시", rule: "FREQ=MONTHLY;BYMONTHDAY=3", korean: "매월 3일",
      first: "2026-12-03T14:00:00"),
    Series(
      text: "매달 2일 11시", rule: "FREQ=MONTHLY;BYMONTHDAY=2", korean: "매월 2일",
      first: "2026-12-02T11:00:00"),
    Series(
      text: "매달 2일 9시", rule: "FREQ=MONTHLY;BYMONTHDAY=2", korean: "매월 2일",
      first: "2027-01-02T09:00:00"),
    Series(
      text: "매달 말일 저녁 7시", rule: "FREQ=MONTHLY;BYMONTHDAY=-1", korean: "매월 마지막 날",
      first: "2026-12-31T19:00:00"),
    Series(
      text: "매월 마지막 날 9시", rule: "FREQ=MONTHLY;BYMONTHDAY=-1", korean: "매월 마지막 날",
      first: "2027-02-28T09:00:00", now: "2027-01-31T10:00:00+09:00"),
    // A month without a 31st is skipped, as RFC 5545 skips it.
    Series(
      text: "매월 31일 9시", rule: "FREQ=MONTHLY;BYMONTHDAY=31", korean: "매월 31일",
      first: "2027-03-31T09:00:00", now: "2027-01-31T10:00:00+09:00"),
    Series(
      text: "매월 1일 9시", rule: "FREQ=MONTHLY;BYMONTHDAY=1", korean: "매월 1일",
      first: "2027-01-01T09:00:00", now: "2026-12-15T10:00:00+09:00"),
    Series(
      text: "격월 15일 9시", rule: "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15", korean: "2개월마다 15일",
      first: "2026-12-15T09:00:00"),
    Series(
      text: "3개월마다 10일 9시", rule: "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=10", korean: "3개월마다 10일",
      first: "2026-12-10T09:00:00"),
    // Which of the month's weekdays: Fridays of December 2026 are the 4th, 11th, 18th and 25th.
    Series(
      text: "매월 첫째 월요일 9시", rule: "FREQ=MONTHLY;BYDAY=1MO", korean: "매월 첫째 월요일",
      first: "2026-12-07T09:00:00"),
    Series(
      text: "매달 첫째 주 수요일 9시", rule: "FREQ=MONTHLY;BYDAY=1WE", korean: "매월 첫째 수요일",
      first: "2027-01-06T09:00:00"),
    Series(
      text: "매달 마지막 금요일 저녁 7시", rule: "FREQ=MONTHLY;BYDAY=-1FR", korean: "매월 마지막 금요일",
      first: "2026-12-25T19:00:00"),
    Series(
      text: "매월 마지막 주 금요일 7시", rule: "FREQ=MONTHLY;BYDAY=-1FR", korean: "매월 마지막 금요일",
      first: "2027-01-29T07:00:00", now: "2026-12-25T08:00:00+09:00"),
    Series(
      text: "매월 둘째, 넷째 토요일 10시", rule: "FREQ=MONTHLY;BYDAY=2SA,4SA", korean: "매월 둘째·넷째 토요일",
      first: "2026-12-12T10:00:00"),
    Series(
      text: "매월 세 번째 화·목요일 10시", rule: "FREQ=MONTHLY;BYDAY=3TU,3TH",
      korean: "매월 셋째 화·목요일", first: "2026-12-15T10:00:00"),
    // A fifth Friday is not in every month: after January 2027's 29th, April's 30th.
    Series(
      text: "매월 다섯째 금요일 9시", rule: "FREQ=MONTHLY;BYDAY=5FR", korean: "매월 다섯째 금요일",
      first: "2027-04-30T09:00:00", now: "2027-01-29T10:00:00+09:00"),
    // 1 November 2027 is a Monday.
    Series(
      text: "매년 11월 넷째 목요일 6시", rule: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
      korean: "매년 11월 넷째 목요일", first: "2027-11-25T18:00:00"),
    // A run of weekdays, Monday to Sunday.
    Series(text: "매주 월~금 오전 9시", rule: weekdays, korean: "평일", first: "2026-12-03T09:00:00"),
    Series(
      text: "매주 화요일-목요일 8시", rule: "FREQ=WEEKLY;BYDAY=TU,WE,TH", korean: "매주 화·수·목요일",
      first: "2026-12-03T08:00:00"),
    Series(text: "매주 토 ~ 일 10시", rule: weekend, korean: "주말", first: "2026-12-05T10:00:00"),
    // Days of the year, over the year's end and to the next leap day.
    Series(
      text: "매년 12월 24일 저녁 7시", rule: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24",
      korean: "매년 12월 24일", first: "2026-12-24T19:00:00"),
    Series(
      text: "매해 12월 24일 19:00", rule: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24",
      korean: "매년 12월 24일", first: "2027-12-24T19:00:00", now: "2026-12-24T19:00:00+09:00"),
    Series(
      text: "매년 1월 1일 0시", rule: "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", korean: "매년 1월 1일",
      first: "2027-01-01T00:00:00", now: "2026-12-31T23:59:00+09:00"),
    Series(
      text: "매년 2월 29일 9시", rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", korean: "매년 2월 29일",
      first: "2028-02-29T09:00:00"),
    Series(
      text: "매년 2월 말일 9시", rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1",
      korean: "매년 2월 마지막 날", first: "2028-02-29T09:00:00", now: "2027-03-01T10:00:00+09:00"),
    Series(
      text: "2년마다 3월 1일 9시", rule: "FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYMONTHDAY=1",
      korean: "2년마다 3월 1일", first: "2027-03-01T09:00:00"),
    Series(
      text: "매일 9시", rule: "FREQ=DAILY", korean: "매일", first: "2027-01-01T09:00:00",
      now: "2026-12-31T10:00:00+09:00"),
    // New York: the wall clock of the zone, across both daylight-saving changes.
    Series(
      text: "매주 화요일 저녁 7시", rule: "FREQ=WEEKLY;BYDAY=TU", korean: "매주 화요일",
      first: "2026-12-08T19:00:00", now: "2026-12-02T10:00:00-05:00", zone: "America/New_York"),
    Series(
      text: "평일 오전 9시", rule: weekdays, korean: "평일", first: "2026-12-02T09:00:00",
      now: "2026-12-02T08:59:00-05:00", zone: "America/New_York"),
    Series(
      text: "매일 새벽 2시 30분", rule: "FREQ=DAILY", korean: "매일", first: "2026-03-08T02:30:00",
      now: "2026-03-07T10:00:00-05:00", zone: "America/New_York"),
    Series(
      text: "매일 새벽 1시 30분", rule: "FREQ=DAILY", korean: "매일", first: "2026-11-01T01:30:00",
      now: "2026-11-01T01:00:00-04:00", zone: "America/New_York"),
    // The first 01:30 of the fall-back night is now: the next is tomorrow's.
    Series(
      text: "매일 새벽 1시 30분", rule: "FREQ=DAILY", korean: "매일", first: "2026-11-02T01:30:00",
      now: "2026-11-01T01:30:00-04:00", zone: "America/New_York"),
    Series(
      text: "매월 31일 오후 6시", rule: "FREQ=MONTHLY;BYMONTHDAY=31", korean: "매월 31일",
      first: "2026-12-31T18:00:00", now: "2026-11-30T19:00:00-05:00", zone: "America/New_York"),
  ]

  @Test(arguments: series)
  func aSeriesIsReadSaidAndStartsAtTheNextDayItNames(_ example: Series) throws {
    let scanned = try TimeExpression.scan(example.text)
    #expect(scanned.repeats)
    let resolved = try scanned.resolveRepeating(
      now: instant(example.now), timeZone: zone(example.zone))
    #expect(resolved.rule.text == example.rule)
    #expect(try RecurrenceRule.parse(example.rule) == resolved.rule)
    #expect(resolved.rule.koreanText(timeZone: zone(example.zone)) == example.korean)
    #expect(resolved.firstStart.description == example.first)
  }

  struct Refused: Sendable, CustomTestStringConvertible {
    let text: String
    let reason: String
    var testDescription: String { "'\(text)'" }
  }

  /// Scanning alone refuses these, naming what was typed.
  static let refused: [Refused] = [
    Refused(text: "매주 팔요일 7시", reason: "'팔요일'은 요일이 아닙니다 (월요일~일요일, 줄여서 월~일)"),
    Refused(text: "팔욜 9시", reason: "'팔욜'은 요일이 아닙니다 (월요일~일요일, 줄여서 월~일)"),
    Refused(
      text: "내일 매주 화요일 7시",
      reason: "반복('매주')에는 '내일' 같은 날짜를 쓸 수 없습니다. 첫날은 규칙에 맞는 다음 날입니다"),
    Refused(
      text: "3일 후 매일 7시",
      reason: "반복('매일')에는 '3일 후' 같은 날짜를 쓸 수 없습니다. 첫날은 규칙에 맞는 다음 날입니다"),
    Refused(
      text: "다음 주 화요일마다 7시",
      reason: "반복('화요일마다')에는 '다음 주' 같은 날짜를 쓸 수 없습니다. 첫날은 규칙에 맞는 다음 날입니다"),
    Refused(
      text: "매주 12월 24일 7시",
      reason: "반복('매주')에는 '12월 24일' 같은 날짜를 쓸 수 없습니다. 첫날은 규칙에 맞는 다음 날입니다"),
    Refused(
      text: "매월 12월 3일 7시",
      reason: "반복('매월')에는 '12월' 같은 날짜를 쓸 수 없습니다. 첫날은 규칙에 맞는 다음 날입니다"),
    Refused(
      text: "2027년 12월 24일 매년 7시",
      reason: "반복('매년')에는 '2027년' 같은 날짜를 쓸 수 없습니다. 첫날은 규칙에 맞는 다음 날입니다"),
    Refused(
      text: "다음 달 3일 평일 9시",
      reason: "반복('평일')에는 '다음 달' 같은 날짜를 쓸 수 없습니다. 첫날은 규칙에 맞는 다음 날입니다"),
    Refused(text: "0주마다 토요일 10시", reason: "'0주마다': 간격은 1~1000주여야 합니다"),
    Refused(text: "1001일마다 9시", reason: "'1001일마다': 간격은 1~1000일이어야 합니다"),
    Refused(text: "매월 32일 9시", reason: "'32일': 일은 1~31이어야 합니다"),
    Refused(text: "매달 0일 9시", reason: "'0일': 일은 1~31이어야 합니다"),
    Refused(text: "매년 2월 30일 9시", reason: "2월 30일은 어느 해에도 없습니다"),
    Refused(text: "매년 13월 1일 9시", reason: "월은 1~12여야 합니다"),
    Refused(text: "매주 7시", reason: "'매주' 뒤에 요일이 필요합니다. 예: '매주 화요일 저녁 7시'"),
    Refused(text: "격주 10시", reason: "'격주' 뒤에 요일이 필요합니다. 예: '격주 화요일 저녁 7시'"),
    Refused(text: "매월 9시", reason: "'매월' 뒤에 일이 필요합니다. 예: '매월 3일 오후 2시', '매월 말일'"),
    Refused(text: "매년 12월 9시", reason: "'매년' 뒤에 월과 일이 필요합니다. 예: '매년 12월 24일 저녁 7시'"),
    Refused(text: "매일 화요일 7시", reason: "'매일'에는 요일을 쓸 수 없습니다. 요일마다라면 '매주 화요일'처럼 씁니다"),
    Refused(text: "매월 화요일 7시", reason: "'매월'에는 요일만 쓸 수 없습니다. '매월 3일'이나 '매월 첫째 월요일'처럼 씁니다"),
    Refused(text: "매주 매일 7시", reason: "'매일': 반복이 두 번 있습니다"),
    Refused(text: "격주 2주마다 토요일 7시", reason: "'2주마다': 반복이 두 번 있습니다"),
    Refused(text: "매주 화요일 화 7시", reason: "'화요일'이 두 번 있습니다"),
    Refused(text: "평일 화요일 9시", reason: "'화요일': '평일'이 이미 요일입니다"),
    Refused(text: "금요일 주말 9시", reason: "'주말': '금요일'이 이미 요일입니다"),
    Refused(text: "매월 3일 말일 9시", reason: "날짜가 두 번 있습니다"),
    Refused(
      text: "매주 금요일 밤 1시",
      reason: "자정을 넘긴 시각(자정, 24시, 밤 12시~5시)은 날짜가 바뀌므로 '매일'에만 씁니다. 다음 날의 '0시'나 '새벽 1시'로 쓰세요"),
    Refused(
      text: "월요일 수요일 9시",
      reason: "요일이 두 번 있습니다 (요일마다 반복하려면 '매주 월·수·금 8시'처럼 씁니다)"),
    Refused(text: "매일마다 9시", reason: "'마다'는 알아듣지 못했습니다"),
    Refused(text: "일마다 9시", reason: "'일마다'는 알아듣지 못했습니다. '3일마다'처럼 써 주세요"),
    Refused(
      text: "매주 금~월 9시", reason: "'금요일~월요일': 요일 범위는 '월~금'처럼 월요일에서 일요일 쪽으로 씁니다"),
    Refused(
      text: "첫째 월요일 9시",
      reason: "'첫째' 같은 순서는 '매월 첫째 월요일'처럼 '매월'이나 '매년'과 씁니다"),
    Refused(
      text: "매주 마지막 금요일 9시",
      reason: "'마지막' 같은 순서는 '매월 첫째 월요일'처럼 '매월'이나 '매년'과 씁니다"),
    Refused(text: "매월 둘째 9시", reason: "'둘째' 뒤에 요일이 필요합니다. 예: '매월 둘째 월요일'"),
    Refused(text: "매월 첫째 평일 9시", reason: "'첫째' 뒤에 요일이 필요합니다. 예: '매월 첫째 월요일'"),
    Refused(text: "매월 첫째 월요일 3일 9시", reason: "날짜가 두 번 있습니다"),
    Refused(text: "매월 첫째 첫 번째 월요일 9시", reason: "'첫 번째': 순서가 두 번 있습니다"),
    Refused(text: "매 9시", reason: "'매'는 알아듣지 못했습니다. '매일'처럼 써 주세요"),
    // Without a series, `금일` (today, in writing) is not two weekdays run together.
    Refused(text: "금일 9시", reason: "'금일'은 알아듣지 못했습니다. '오늘'처럼 써 주세요"),
  ]

  @Test(arguments: refused)
  func badSeriesAreRefusedByScanning(_ example: Refused) {
    #expect(throws: InputError.time(example.text, reason: example.reason)) {
      try TimeExpression.scan(example.text)
    }
  }

  @Test func aSeriesWithoutAClockTimeSaysTheTimeIsMissing() {
    #expect(throws: InputError.missingClock("매주 화요일")) {
      try TimeExpression.scan("매주 화요일")
    }
    #expect(
      InputError.missingClock("매주 화요일").description
        == "'매주 화요일'에 시각이 빠졌습니다. 예: '매주 화요일 오후 7시', '매주 화요일 19:00'")
    #expect(throws: InputError.missingClock("평일 아침")) { try TimeExpression.scan("평일 아침") }
  }

  @Test func aSeriesIsNotCutToOneTime() throws {
    let reason = "'매주 화요일'처럼 반복하는 시각은 여기에 쓸 수 없습니다. 한 번만 오는 시각을 쓰세요"
    #expect(throws: InputError.time("매주 화요일 저녁 7시", reason: reason)) {
      try TimeExpression.parse("매주 화요일 저녁 7시", now: mondayAfternoon, timeZone: seoul)
    }
    #expect(throws: InputError.instant("매일 2026-12-01T09:00", reason: "ISO 8601 날짜와 시각이 필요합니다")) {
      try TimeExpression.parseInstant("매일 2026-12-01T09:00", timeZone: seoul)
    }
  }

  @Test(arguments: TimeExpressionTests.seoulCases.map(\.text))
  func aOneOffTimeIsNoSeries(_ text: String) throws {
    let scanned = try TimeExpression.scan(text)
    #expect(!scanned.repeats)
    #expect(
      throws: InputError.time(
        text, reason: "반복하는 말이 없습니다. 예: '매주 화요일 저녁 7시', '평일 오전 9시'")
    ) {
      try scanned.resolveRepeating(now: mondayAfternoon, timeZone: seoul)
    }
  }

  @Test func aFirstStartPastTheLastYearIsRefused() throws {
    let scanned = try TimeExpression.scan("매일 9시")
    #expect(throws: InputError.time("매일 9시", reason: "2201년이 됩니다. 연도는 1900~2200이어야 합니다")) {
      try scanned.resolveRepeating(now: instant("2200-12-31T10:00:00Z"), timeZone: .gmt)
    }
  }
}

/// First starts checked against Python's `dateutil.rrule`, an RFC 5545 expansion written apart
/// from chulbal: the first start is the first time the rule, counted every week (month, …)
/// rather than every `INTERVAL`, names after `now`, and is itself the series' first
/// occurrence.
@Suite(.tags(.oracle)) struct RepeatingTimeOracleTests {
  struct Query: Codable {
    let rule: String
    /// `07:30:00`: the time of day, as the hand tables read it.
    let clock: String
    let zone: String
    let now: Int
    /// `2026-12-03T07:30:00`: chulbal's first start.
    let firstStart: String
  }

  struct Answer: Codable, Equatable {
    /// The first time after `now` of the rule without `INTERVAL`, on the zone's wall clock.
    let after: String
    /// The first occurrence of the rule started at `firstStart`.
    let first: String
  }

  static let script = """
    import json, sys, datetime, re, zoneinfo
    from dateutil import rrule
    out = []
    for q in json.load(sys.stdin):
        zone = zoneinfo.ZoneInfo(q["zone"])
        now = datetime.datetime.fromtimestamp(q["now"], zone)
        h, m, s = (int(x) for x in q["clock"].split(":"))
        every = re.sub(r";INTERVAL=\\d+", "", q["rule"])
        every += ";BYHOUR=%d;BYMINUTE=%d;BYSECOND=%d" % (h, m, s)
        midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
        after = rrule.rrulestr(every, dtstart=midnight).after(now, inc=False)
        start = datetime.datetime.fromisoformat(q["firstStart"]).replace(tzinfo=zone)
        first = rrule.rrulestr(q["rule"], dtstart=start)[0]
        fmt = "%Y-%m-%dT%H:%M:%S"
        out.append({"after": after.strftime(fmt), "first": first.strftime(fmt)})
    json.dump(out, sys.stdout)
    """

  struct Case: Sendable, CustomTestStringConvertible {
    let text: String
    let clock: String
    let now: String
    var zone = "Asia/Seoul"
    var testDescription: String { "'\(text)' at \(now) in \(zone)" }
  }

  static let cases: [Case] = [
    Case(text: "평일 오전 9시", clock: "09:00:00", now: "2026-12-04T09:00:00+09:00"),
    Case(text: "주말 10시", clock: "10:00:00", now: "2026-12-06T09:59:59+09:00"),
    Case(text: "매일 7시 반", clock: "07:30:00", now: "2026-12-31T08:00:00+09:00"),
    Case(text: "3일마다 9시", clock: "09:00:00", now: "2026-12-02T08:00:00+09:00"),
    Case(text: "매주 화요일 저녁 7시", clock: "19:00:00", now: "2026-12-08T19:00:01+09:00"),
    Case(text: "매주 월수금 8시", clock: "08:00:00", now: "2026-12-05T10:00:00+09:00"),
    Case(text: "2주마다 토요일 10시", clock: "10:00:00", now: "2026-12-02T10:00:00+09:00"),
    Case(text: "격주 월·수·금 8시", clock: "08:00:00", now: "2026-12-02T10:00:00+09:00"),
    Case(text: "매월 3일 오후 2시", clock: "14:00:00", now: "2026-12-03T14:00:00+09:00"),
    Case(text: "매월 31일 9시", clock: "09:00:00", now: "2027-03-31T10:00:00+09:00"),
    Case(text: "매달 말일 저녁 7시", clock: "19:00:00", now: "2028-02-01T10:00:00+09:00"),
    Case(text: "3개월마다 30일 9시", clock: "09:00:00", now: "2027-01-30T10:00:00+09:00"),
    Case(text: "매년 12월 24일 저녁 7시", clock: "19:00:00", now: "2026-12-25T10:00:00+09:00"),
    Case(text: "매년 2월 29일 9시", clock: "09:00:00", now: "2028-02-29T10:00:00+09:00"),
    Case(text: "매달 마지막 금요일 저녁 7시", clock: "19:00:00", now: "2026-12-25T20:00:00+09:00"),
    Case(text: "매월 다섯째 금요일 9시", clock: "09:00:00", now: "2027-01-29T10:00:00+09:00"),
    Case(text: "격월 둘째·넷째 토요일 10시", clock: "10:00:00", now: "2026-12-12T10:00:00+09:00"),
    Case(text: "매년 11월 넷째 목요일 6시", clock: "18:00:00", now: "2026-11-26T18:00:00+09:00"),
    Case(text: "매주 화~목 8시", clock: "08:00:00", now: "2026-12-03T08:00:00+09:00"),
    Case(
      text: "매주 일요일 새벽 2시 30분", clock: "02:30:00", now: "2026-03-01T10:00:00-05:00",
      zone: "America/New_York"),
    Case(
      text: "매일 새벽 1시 30분", clock: "01:30:00", now: "2026-11-01T01:30:00-04:00",
      zone: "America/New_York"),
    Case(
      text: "평일 오후 6시", clock: "18:00:00", now: "2026-12-31T18:30:00-05:00",
      zone: "America/New_York"),
  ]

  @Test func firstStartsAgreeWithDateutil() throws {
    var queries: [Query] = []
    var starts: [String] = []
    for example in Self.cases {
      let now = instant(example.now)
      let series = try TimeExpression.scan(example.text).resolveRepeating(
        now: now, timeZone: zone(example.zone))
      let first = series.firstStart.description
      starts.append(first)
      queries.append(
        Query(
          rule: series.rule.text, clock: example.clock, zone: example.zone,
          now: Int(now.timeIntervalSince1970), firstStart: first))
    }
    let output = try ProgramOutput.read(
      ["python3", "-c", Self.script], input: JSONEncoder().encode(queries))
    let answers = try JSONDecoder().decode([Answer].self, from: output)
    try #require(answers.count == Self.cases.count)
    for (index, example) in Self.cases.enumerated() {
      #expect(
        answers[index] == Answer(after: starts[index], first: starts[index]),
        "\(example.testDescription)")
    }
  }
}
