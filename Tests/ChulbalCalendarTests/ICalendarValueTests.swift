import ChulbalCore
import Testing

@testable import ChulbalCalendar

/// RFC 5545's value texts as ChulbalCalendar reads and writes them.
@Suite struct ICalendarValueTests {
  @Test(arguments: [
    ("PT45M", 2700), ("-PT15M", -900), ("+PT1H", 3600), ("P1D", 86_400), ("P1W", 604_800),
    ("P1DT2H", 93_600), ("PT1H30M5S", 5405), ("PT0S", 0), ("P2DT0H", 172_800),
  ])
  func aDurationIsReadInSeconds(_ text: String, _ seconds: Int) {
    #expect(ICalendarValue.duration(Substring(text)) == seconds)
  }

  @Test(arguments: [
    "", "P", "PT", "45M", "P1H", "PT1D", "PT1H2", "PT30M1H", "P1DT", "P1D1W", "PTXM",
  ])
  func aDurationThatIsNoneIsRefused(_ text: String) {
    #expect(ICalendarValue.duration(Substring(text)) == nil)
  }

  @Test(arguments: [
    (2700, "PT45M"), (-2700, "-PT45M"), (0, "PT0S"), (5405, "PT1H30M5S"), (86_400, "PT24H"),
  ])
  func aDurationIsWrittenSoItReadsBack(_ seconds: Int, _ text: String) {
    #expect(ICalendarValue.durationText(seconds: seconds) == text)
    #expect(ICalendarValue.duration(Substring(text)) == seconds)
  }

  @Test(arguments: [
    ("a,b;c\\d\ne", "a\\,b\\;c\\\\d\\ne"), ("줄\r\n바꿈", "줄\\n바꿈"), ("plain", "plain"),
  ])
  func textIsEscapedAndReadBack(_ text: String, _ escaped: String) {
    #expect(ICalendarValue.escaped(text) == escaped)
    #expect(ICalendarValue.unescaped(escaped) == text.replacingOccurrences(of: "\r\n", with: "\n"))
  }

  @Test func datesAndTimesAreReadStrictly() {
    #expect(ICalendarValue.date("20270228") == CivilDate(year: 2027, month: 2, day: 28))
    #expect(ICalendarValue.date("20270229") == nil)
    #expect(ICalendarValue.date("2027-02-28") == nil)
    #expect(ICalendarValue.dateTime("20270105T090000Z")?.isUTC == true)
    #expect(
      ICalendarValue.dateTime("20270105T090000")?.time
        == WallTime(year: 2027, month: 1, day: 5, hour: 9, minute: 0))
    for bad in [
      "20270105T240000", "20270105T096000", "20270105 090000", "20270105T0900", "20270105T09000Z",
    ] {
      #expect(ICalendarValue.dateTime(Substring(bad)) == nil, "\(bad)")
    }
  }
}
