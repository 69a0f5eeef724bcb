import ChulbalCore
import Foundation
import Testing

@testable import ChulbalTerminal

@Suite struct CountdownScreenTests {
  static func reading(_ remaining: TimeInterval) -> CountdownReading {
    let departure = Date(timeIntervalSince1970: 1_796_030_100)
    return CountdownReading(
      departure: departure, start: departure.addingTimeInterval(600),
      now: departure.addingTimeInterval(-remaining),
      countdownStart: departure.addingTimeInterval(-3600))
  }

  @Test(arguments: [
    (5000.0, "출발까지 1시간 24분", CountdownReading.Phase.counting),
    (1801.0, "출발까지 31분", .counting),
    (1800.0, "출발까지 30분", .counting),
    (754.3, "출발까지 12분 35초", .counting),
    (0.0, "지금 출발하세요!", .leaveNow),
    (-59.5, "59초 늦음", .leaveNow),
    (-180.0, "3분 늦음", .late),
    (-601.0, "10분 1초 늦음", .started),
  ])
  func readings(remaining: TimeInterval, text: String, phase: CountdownReading.Phase) {
    let reading = Self.reading(remaining)
    #expect(reading.text == text)
    #expect(reading.phase == phase)
  }

  @Test func urgencyTurnsFromPurpleToPinkOverTheLastHalfHour() {
    #expect(Self.reading(3600).urgency == 0)
    #expect(Self.reading(1800).urgency == 0)
    #expect(Self.reading(300).urgency == 1)
    #expect(abs(Self.reading(1050).urgency - 0.5) < 1e-9)
    #expect(CountdownScreen.gradient(0) == (0x8B, 0x7C, 0xF6))
    #expect(CountdownScreen.gradient(1) == (0xFF, 0x3E, 0x8A))
    #expect(abs(Self.reading(1800).progress - 0.5) < 1e-9)
  }

  @Test(arguments: [
    (["TERM": "xterm-256color", "COLORTERM": "truecolor"], true, ColorMode.trueColor),
    (["TERM": "xterm-256color"], true, .ansi256),
    (["TERM": "xterm"], true, .none),
    (["TERM": "xterm-256color", "NO_COLOR": ""], true, .none),
    (["TERM": "dumb", "COLORTERM": "truecolor"], true, .none),
    (["TERM": "xterm-256color", "COLORTERM": "24bit"], false, .none),
  ])
  func colorModeFollowsTheEnvironment(variables: [String: String], tty: Bool, mode: ColorMode) {
    #expect(ColorMode.detect(variables, isTerminal: tty) == mode)
  }

  @Test func framesFitTheWidthAndKeepUserTextHarmless() {
    let screen = CountdownScreen(
      title: "저녁\u{1B}]0;x\u{07}", place: "강남역", departureLine: "출발 오후 6:15", colors: .ansi256)
    let narrow = screen.frame(Self.reading(754), width: 20)
    let wide = screen.frame(Self.reading(754), width: 100)
    #expect(narrow.contains(String(repeating: "░", count: 10)) || narrow.contains("█"))
    #expect(wide.contains("\u{1B}[38;5;"))
    #expect(!wide.contains("\u{1B}]0;x"))
    #expect(wide.contains("저녁\\x1B]0;x\\x07"))
    let plain = CountdownScreen(title: "t", place: nil, departureLine: "d", colors: .none)
      .frame(Self.reading(754), width: 80)
    #expect(!plain.contains("\u{1B}[38"))
  }
}
