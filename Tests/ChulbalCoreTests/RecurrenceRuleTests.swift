import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

/// RFC 5545 rules read, written back and said in Korean; bad ones refused with one line.
@Suite struct RecurrenceRuleTests {
  struct Said: Sendable, CustomTestStringConvertible {
    let input: String
    /// The normal text the rule writes back.
    let text: String
    let korean: String
    var testDescription: String { input }
  }

  static let said: [Said] = [
    Said(input: "FREQ=DAILY", text: "FREQ=DAILY", korean: "매일"),
    Said(input: "RRULE:FREQ=DAILY;INTERVAL=3", text: "FREQ=DAILY;INTERVAL=3", korean: "3일마다"),
    Said(
      input: "FREQ=WEEKLY;BYDAY=FR,TH,WE,TU,MO", text: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      korean: "평일"),
    Said(
      input: "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", text: "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
      korean: "평일"),
    Said(input: "FREQ=WEEKLY;BYDAY=SU,SA", text: "FREQ=WEEKLY;BYDAY=SA,SU", korean: "주말"),
    Said(input: "freq=weekly;byday=tu", text: "FREQ=WEEKLY;BYDAY=TU", korean: "매주 화요일"),
    Said(input: "FREQ=WEEKLY", text: "FREQ=WEEKLY", korean: "매주"),
    Said(
      input: "FREQ=WEEKLY;BYDAY=MO,WE,FR", text: "FREQ=WEEKLY;BYDAY=MO,WE,FR", korean: "매주 월·수·금요일"),
    Said(
      input: "FREQ=WEEKLY;BYDAY=SA;INTERVAL=2", text: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA",
      korean: "2주마다 토요일"),
    Said(
      input: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR",
      text: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR", korean: "2주마다 평일"),
    Said(
      input: "FREQ=WEEKLY;INTERVAL=3;BYDAY=SU,SA", text: "FREQ=WEEKLY;INTERVAL=3;BYDAY=SA,SU",
      korean: "3주마다 주말"),
    Said(input: "FREQ=MONTHLY;BYMONTHDAY=3", text: "FREQ=MONTHLY;BYMONTHDAY=3", korean: "매월 3일"),
    Said(
      input: "FREQ=MONTHLY;BYMONTHDAY=15,1", text: "FREQ=MONTHLY;BYMONTHDAY=1,15",
      korean: "매월 1·15일"),
    Said(
      input: "FREQ=MONTHLY;BYMONTHDAY=-1", text: "FREQ=MONTHLY;BYMONTHDAY=-1",
      korean: "매월 마지막 날"),
    Said(
      input: "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=10",
      text: "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=10", korean: "3개월마다 10일"),
    Said(input: "FREQ=MONTHLY;BYDAY=1MO", text: "FREQ=MONTHLY;BYDAY=1MO", korean: "매월 첫째 월요일"),
    Said(input: "FREQ=MONTHLY;BYDAY=-1FR", text: "FREQ=MONTHLY;BYDAY=-1FR", korean: "매월 마지막 금요일"),
    Said(
      input: "FREQ=MONTHLY;BYDAY=4TU,+2TU", text: "FREQ=MONTHLY;BYDAY=2TU,4TU",
      korean: "매월 둘째·넷째 화요일"),
    Said(
      input: "FREQ=MONTHLY;BYDAY=1MO,1TH", text: "FREQ=MONTHLY;BYDAY=1MO,1TH",
      korean: "매월 첫째 월·목요일"),
    Said(
      input: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24", text: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24",
      korean: "매년 12월 24일"),
    Said(
      input: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", text: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
      korean: "매년 11월 넷째 목요일"),
    Said(
      input: "FREQ=WEEKLY;BYDAY=TU;UNTIL=20261231", text: "FREQ=WEEKLY;BYDAY=TU;UNTIL=20261231",
      korean: "매주 화요일 (12월 31일까지)"),
    Said(
      input: "FREQ=WEEKLY;BYDAY=TU;UNTIL=20270131", text: "FREQ=WEEKLY;BYDAY=TU;UNTIL=20270131",
      korean: "매주 화요일 (2027년 1월 31일까지)"),
    // 15:00Z on 31 December is already 1 January in Seoul.
    Said(
      input: "FREQ=DAILY;UNTIL=20261231T150000Z", text: "FREQ=DAILY;UNTIL=20261231T150000Z",
      korean: "매일 (2027년 1월 1일까지)"),
    Said(
      input: "FREQ=DAILY;COUNT=10", text: "FREQ=DAILY;COUNT=10", korean: "매일 (10회)"),
    Said(
      input: "FREQ=WEEKLY;WKST=SU;BYDAY=TU;INTERVAL=2",
      text: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;WKST=SU", korean: "2주마다 화요일"),
  ]

  @Test(arguments: said)
  func rulesAreReadWrittenBackAndSaidInKorean(_ example: Said) throws {
    let rule = try RecurrenceRule.parse(example.input)
    #expect(rule.text == example.text)
    #expect(try RecurrenceRule.parse(rule.text) == rule)
    #expect(rule.koreanText(timeZone: seoul, currentYear: 2026) == example.korean)
  }

  struct Refused: Sendable, CustomTestStringConvertible {
    let input: String
    let message: String
    var testDescription: String { input }
  }

  static let refused: [Refused] = [
    Refused(
      input: "FREQ=HOURLY",
      message: "잘못된 반복 'FREQ=HOURLY': FREQ=HOURLY는 받지 않습니다: 출발 시각은 하루에 한 번보다 자주 반복할 수 "
        + "없습니다 (DAILY, WEEKLY, MONTHLY, YEARLY 중 하나)"),
    Refused(
      input: "RRULE:FREQ=MINUTELY;INTERVAL=15",
      message: "잘못된 반복 'RRULE:FREQ=MINUTELY;INTERVAL=15': FREQ=MINUTELY는 받지 않습니다: 출발 시각은 "
        + "하루에 한 번보다 자주 반복할 수 없습니다 (DAILY, WEEKLY, MONTHLY, YEARLY 중 하나)"),
    Refused(
      input: "FREQ=FORTNIGHTLY",
      message: "잘못된 반복 'FREQ=FORTNIGHTLY': FREQ=FORTNIGHTLY는 받지 않습니다: 알 수 없는 반복 단위입니다 "
        + "(DAILY, WEEKLY, MONTHLY, YEARLY 중 하나)"),
    Refused(
      input: "BYDAY=TU",
      message: "잘못된 반복 'BYDAY=TU': FREQ가 없습니다 (DAILY, WEEKLY, MONTHLY, YEARLY 중 하나)"),
    Refused(
      input: "FREQ=DAILY;COUNT=0",
      message: "잘못된 반복 'FREQ=DAILY;COUNT=0': COUNT=0: 횟수는 1부터 1000까지입니다 (더 길면 UNTIL을 쓰세요)"),
    Refused(
      input: "FREQ=DAILY;COUNT=ten",
      message: "잘못된 반복 'FREQ=DAILY;COUNT=ten': COUNT=ten: 횟수는 1부터 1000까지입니다 (더 길면 UNTIL을 쓰세요)"),
    Refused(
      input: "FREQ=WEEKLY;UNTIL=2026-12-31",
      message: "잘못된 반복 'FREQ=WEEKLY;UNTIL=2026-12-31': UNTIL=2026-12-31: 날짜는 '20261231', 시각은 UTC로 "
        + "'20261231T150000Z' 꼴입니다"),
    Refused(
      input: "FREQ=WEEKLY;UNTIL=20261231T150000",
      message: "잘못된 반복 'FREQ=WEEKLY;UNTIL=20261231T150000': UNTIL=20261231T150000: 날짜는 '20261231', "
        + "시각은 UTC로 '20261231T150000Z' 꼴입니다"),
    Refused(
      input: "FREQ=WEEKLY;UNTIL=20260230",
      message: "잘못된 반복 'FREQ=WEEKLY;UNTIL=20260230': UNTIL=20260230: 날짜는 '20261231', 시각은 UTC로 "
        + "'20261231T150000Z' 꼴입니다"),
    // Past the years a file keeps, as `--until 2300-01-01` is: the series' last start would
    // be written where every reader after refuses it.
    Refused(
      input: "FREQ=DAILY;UNTIL=99991231",
      message: "잘못된 반복 'FREQ=DAILY;UNTIL=99991231': UNTIL=99991231: 연도는 1970~2200이어야 합니다"),
    Refused(
      input: "FREQ=DAILY;UNTIL=22010101T000000Z",
      message: "잘못된 반복 'FREQ=DAILY;UNTIL=22010101T000000Z': UNTIL=22010101T000000Z: "
        + "연도는 1970~2200이어야 합니다"),
    Refused(
      input: "FREQ=DAILY;UNTIL=19691231",
      message: "잘못된 반복 'FREQ=DAILY;UNTIL=19691231': UNTIL=19691231: 연도는 1970~2200이어야 합니다"),
    Refused(
      input: "FREQ=DAILY;UNTIL=20261231;COUNT=3",
      message: "잘못된 반복 'FREQ=DAILY;UNTIL=20261231;COUNT=3': UNTIL과 COUNT는 함께 쓸 수 없습니다 "
        + "(RFC 5545: 둘 중 하나만)"),
    Refused(
      input: "FREQ=WEEKLY;BYHOUR=9",
      message: "잘못된 반복 'FREQ=WEEKLY;BYHOUR=9': 알 수 없는 부분 'BYHOUR=9' (FREQ, INTERVAL, BYDAY, "
        + "BYMONTHDAY, BYMONTH, UNTIL, COUNT, WKST 중에서 'NAME=값'을 ';'로 이어 쓰세요)"),
    Refused(
      input: "FREQ=WEEKLY;;BYDAY=TU",
      message: "잘못된 반복 'FREQ=WEEKLY;;BYDAY=TU': 알 수 없는 부분 '' (FREQ, INTERVAL, BYDAY, "
        + "BYMONTHDAY, BYMONTH, UNTIL, COUNT, WKST 중에서 'NAME=값'을 ';'로 이어 쓰세요)"),
    Refused(
      input: "FREQ=WEEKLY;BYDAY=XX",
      message: "잘못된 반복 'FREQ=WEEKLY;BYDAY=XX': BYDAY의 'XX'는 요일이 아닙니다 (MO, TU, WE, TH, FR, SA, "
        + "SU를 쉼표로, 달마다의 몇째 요일은 1MO, -1FR처럼)"),
    Refused(
      input: "FREQ=MONTHLY;BYDAY=6MO",
      message: "잘못된 반복 'FREQ=MONTHLY;BYDAY=6MO': BYDAY의 '6MO'는 요일이 아닙니다 (MO, TU, WE, TH, FR, SA, "
        + "SU를 쉼표로, 달마다의 몇째 요일은 1MO, -1FR처럼)"),
    Refused(
      input: "FREQ=WEEKLY;BYDAY=TU,TU",
      message: "잘못된 반복 'FREQ=WEEKLY;BYDAY=TU,TU': BYDAY에 'TU'가 두 번 있습니다"),
    Refused(
      input: "FREQ=WEEKLY;FREQ=DAILY",
      message: "잘못된 반복 'FREQ=WEEKLY;FREQ=DAILY': FREQ가 두 번 있습니다"),
    Refused(
      input: "FREQ=WEEKLY;INTERVAL=0",
      message: "잘못된 반복 'FREQ=WEEKLY;INTERVAL=0': INTERVAL=0: 간격은 1부터 1000까지의 정수입니다"),
    Refused(
      input: "FREQ=MONTHLY;BYMONTHDAY=32",
      message: "잘못된 반복 'FREQ=MONTHLY;BYMONTHDAY=32': BYMONTHDAY의 '32'는 받지 않습니다 (1~31, 끝에서 셀 "
        + "때는 -1~-31을 쉼표로)"),
    Refused(
      input: "FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=1",
      message: "잘못된 반복 'FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=1': BYMONTH의 '13'은 받지 않습니다 (1~12를 쉼표로)"),
    Refused(
      input: "FREQ=WEEKLY;BYDAY=1MO",
      message: "잘못된 반복 'FREQ=WEEKLY;BYDAY=1MO': WEEKLY의 BYDAY에는 순서를 붙일 수 없습니다 (1MO, -1FR은 "
        + "MONTHLY, YEARLY에서)"),
    Refused(
      input: "FREQ=MONTHLY;BYDAY=MO",
      message: "잘못된 반복 'FREQ=MONTHLY;BYDAY=MO': MONTHLY의 BYDAY에는 순서를 붙이세요 (첫째 월요일은 1MO, "
        + "마지막 금요일은 -1FR)"),
    Refused(
      input: "FREQ=WEEKLY;BYMONTHDAY=3",
      message: "잘못된 반복 'FREQ=WEEKLY;BYMONTHDAY=3': BYMONTHDAY는 MONTHLY, YEARLY에서만 씁니다"),
    Refused(
      input: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
      message: "잘못된 반복 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30': 2월 30일은 어느 해에도 없습니다"),
    Refused(
      input: "FREQ=DAILY;INTERVAL=2;BYDAY=MO",
      message: "잘못된 반복 'FREQ=DAILY;INTERVAL=2;BYDAY=MO': INTERVAL이 있는 DAILY에는 BYDAY를 쓸 수 없습니다 "
        + "(FREQ=WEEKLY;INTERVAL=2;BYDAY=… 처럼)"),
    Refused(
      input: "FREQ=YEARLY;BYMONTHDAY=24",
      message: "잘못된 반복 'FREQ=YEARLY;BYMONTHDAY=24': YEARLY의 BYMONTHDAY, BYDAY에는 BYMONTH가 있어야 "
        + "합니다 (예: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24')"),
    Refused(
      input: "FREQ=MONTHLY;BYDAY=-1FR;BYMONTHDAY=13",
      message: "잘못된 반복 'FREQ=MONTHLY;BYDAY=-1FR;BYMONTHDAY=13': BYDAY와 BYMONTHDAY는 함께 쓸 수 없습니다"),
    Refused(
      input: "FREQ=MONTHLY;BYMONTH=3;BYMONTHDAY=1",
      message: "잘못된 반복 'FREQ=MONTHLY;BYMONTH=3;BYMONTHDAY=1': BYMONTH는 YEARLY에서만 씁니다"),
    Refused(
      input: "FREQ=DAILY;COUNT=1001",
      message: "잘못된 반복 'FREQ=DAILY;COUNT=1001': COUNT=1001: 횟수는 1부터 1000까지입니다 (더 길면 UNTIL을 쓰세요)"),
    Refused(
      input: "FREQ=WEEKLY;WKST=XX",
      message: "잘못된 반복 'FREQ=WEEKLY;WKST=XX': WKST=XX: 요일은 MO, TU, WE, TH, FR, SA, SU 중 하나입니다"),
    Refused(input: "", message: "잘못된 반복 '': 규칙이 비어 있습니다 (예: 'FREQ=WEEKLY;BYDAY=TU')"),
  ]

  @Test(arguments: refused)
  func badRulesAreRefusedWithOneLine(_ example: Refused) {
    #expect(
      Self.message { () throws(InputError) in try RecurrenceRule.parse(example.input) }
        == example.message)
  }

  /// The description of the error `body` throws, nil if it throws none.
  static func message(_ body: () throws(InputError) -> RecurrenceRule) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      return error.description
    }
  }

  struct Preset: Sendable, CustomTestStringConvertible {
    let word: String
    let firstDay: CivilDate
    let text: String
    let korean: String
    var testDescription: String { "\(word) from \(firstDay)" }
  }

  /// 2026-12-01 is a Tuesday; 2027-01-31 a Sunday.
  static let presets: [Preset] = [
    Preset(
      word: "daily", firstDay: .init(year: 2026, month: 12, day: 1), text: "FREQ=DAILY",
      korean: "매일"),
    Preset(
      word: "weekdays", firstDay: .init(year: 2026, month: 12, day: 1),
      text: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", korean: "평일"),
    Preset(
      word: "Weekly", firstDay: .init(year: 2026, month: 12, day: 1),
      text: "FREQ=WEEKLY;BYDAY=TU", korean: "매주 화요일"),
    Preset(
      word: "biweekly", firstDay: .init(year: 2027, month: 1, day: 31),
      text: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU", korean: "2주마다 일요일"),
    Preset(
      word: "monthly", firstDay: .init(year: 2027, month: 1, day: 31),
      text: "FREQ=MONTHLY;BYMONTHDAY=31", korean: "매월 31일"),
    Preset(
      word: "yearly", firstDay: .init(year: 2026, month: 12, day: 24),
      text: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24", korean: "매년 12월 24일"),
    Preset(
      word: "RRULE:FREQ=WEEKLY;BYDAY=TU,TH", firstDay: .init(year: 2026, month: 12, day: 1),
      text: "FREQ=WEEKLY;BYDAY=TU,TH", korean: "매주 화·목요일"),
  ]

  @Test(arguments: presets)
  func presetsTakeTheirDayFromTheFirstStart(_ example: Preset) throws {
    let rule = try RecurrenceRule.repeatOption(example.word, firstDay: example.firstDay)
    #expect(rule.text == example.text)
    #expect(rule.koreanText(timeZone: seoul) == example.korean)
  }

  @Test(arguments: [
    (
      "hourly",
      "잘못된 반복 'hourly': 출발 시각은 하루에 한 번보다 자주 반복할 수 없습니다 (daily, weekdays, weekly, biweekly, "
        + "monthly, yearly 또는 'RRULE:FREQ=…')"
    ),
    (
      "fortnightly",
      "잘못된 반복 'fortnightly': 알 수 없는 반복입니다 (daily, weekdays, weekly, biweekly, monthly, yearly 또는 "
        + "'RRULE:FREQ=…')"
    ),
  ])
  func unknownPresetsAreRefused(_ word: String, _ message: String) {
    let firstDay = CivilDate(year: 2026, month: 12, day: 1)
    #expect(
      Self.message { () throws(InputError) in
        try RecurrenceRule.repeatOption(word, firstDay: firstDay)
      } == message)
  }
}
