import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalTerminal

@Suite struct BlockDigitsTests {
  @Test func digitsAndAColonAreFiveRowsOfTwoColumnPixels() {
    #expect(
      BlockDigits.lines("1:0")
        == [
          "  ██        ██████",
          "████    ██  ██  ██",
          "  ██        ██  ██",
          "  ██    ██  ██  ██",
          "██████      ██████",
        ])
  }

  /// Every digit drawn, as the font's pictures show them.
  @Test func everyDigitHasItsShape() {
    #expect(
      BlockDigits.lines("2345")
        == [
          "██████  ██████  ██  ██  ██████",
          "    ██      ██  ██  ██  ██    ",
          "██████  ██████  ██████  ██████",
          "██          ██      ██      ██",
          "██████  ██████      ██  ██████",
        ])
    #expect(
      BlockDigits.lines("6789")
        == [
          "██████  ██████  ██████  ██████",
          "██          ██  ██  ██  ██  ██",
          "██████      ██  ██████  ██████",
          "██  ██      ██  ██  ██      ██",
          "██████      ██  ██████  ██████",
        ])
  }

  @Test func aScaleOfTwoDoublesEachPixelBothWays() throws {
    let lines = try #require(BlockDigits.lines("7", scale: 2))
    #expect(lines.count == 10)
    #expect(lines[0] == "████████████" && lines[1] == "████████████")
    #expect(lines[2] == "        ████" && lines[9] == "        ████")
  }

  @Test func aCharacterTheFontLacksGivesNothing() {
    #expect(BlockDigits.lines("1분") == nil)
  }

  @Test(arguments: [
    (754, "12:34"), (5, "00:05"), (0, "00:00"), (-65, "01:05"), (3600, "1:00:00"),
    (5040, "1:24:00"), (36_061, "10:01:01"),
  ])
  func clockText(seconds: Int, clock: String) {
    #expect(BlockDigits.clock(seconds: seconds) == clock)
  }

  static let departure = instant("2026-11-30T18:15:00+09:00")
  static let screen = CountdownScreen(
    title: "카페 미팅", place: "강남역", timesLine: "출발 오후 6:15 · 약속 오후 6:25", colors: .none)

  static func reading(_ remaining: TimeInterval) -> CountdownReading {
    let plan = DeparturePlan(
      start: departure.addingTimeInterval(600), travelSeconds: 600, bufferSeconds: 0,
      alertLeads: [])
    return CountdownReading(plan: plan, now: departure.addingTimeInterval(-remaining))
  }

  @Test func theBigFrameCentresTheDigitsUnderTheTitle() throws {
    let lines = CountdownScreenTests.shownLines(
      Self.screen.frame(Self.reading(754), width: 80, height: 24, big: true))
    // "12:34" at scale 3 is 17 pixels of 6 columns, 102 in all: too wide; at scale 2 it is 68
    // columns and 10 rows, which with the 7 other rows leaves 7 to share, 3 above.
    try #require(lines.count == 20)
    #expect(lines[0...2] == ["", "", ""])
    #expect(lines[3] == String(repeating: " ", count: 35) + "카페 미팅")
    #expect(lines[4] == String(repeating: " ", count: 24) + "출발 오후 6:15 · 약속 오후 6:25")
    let digits = try #require(BlockDigits.lines("12:34", scale: 2))
    #expect(lines[6] == String(repeating: " ", count: 6) + digits[0])
    #expect(lines[15] == String(repeating: " ", count: 6) + digits[9])
    #expect(lines[17] == String(repeating: " ", count: 31) + "출발까지 12분 34초")
    // 754 seconds left of the last 1800: 34 of the bar's 60 columns.
    let bar = String(repeating: "█", count: 34) + String(repeating: "░", count: 26)
    #expect(lines[19] == String(repeating: " ", count: 10) + bar)
  }

  @Test(arguments: [(33, 24), (80, 11)])
  func aTerminalTooSmallForTheDigitsGetsTheOrdinaryFrame(width: Int, height: Int) {
    let big = Self.screen.frame(Self.reading(754), width: width, height: height, big: true)
    let ordinary = Self.screen.frame(Self.reading(754), width: width, height: height)
    #expect(big == ordinary)
    #expect(CountdownScreenTests.shownLines(big).count == 8)
  }

  @Test func theSmallestBigFrameFitsExactly() throws {
    // "12:34" at scale 1 is 34 columns and 5 rows; with 7 other rows, 36 × 12 is enough.
    let lines = CountdownScreenTests.shownLines(
      Self.screen.frame(Self.reading(754), width: 36, height: 12, big: true))
    try #require(lines.count == 12)
    #expect(lines[3] == " " + (BlockDigits.lines("12:34")?[0] ?? "missing"))
  }
}
