import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalTerminal

@Suite struct CountdownScreenTests {
  static let departure = instant("2026-11-30T18:15:00+09:00")

  /// A departure at 18:15 for an appointment at 18:25; the countdown began an hour before.
  static func reading(_ remaining: TimeInterval) -> CountdownReading {
    let plan = DeparturePlan(
      start: departure.addingTimeInterval(600), travelSeconds: 600, bufferSeconds: 0,
      alertLeads: [])
    return CountdownReading(
      plan: plan, now: departure.addingTimeInterval(-remaining),
      countdownStart: departure.addingTimeInterval(-3600))
  }

  @Test(arguments: [
    (5000.0, "출발까지 1시간 24분", DepartureStatus.upcoming(remaining: 5000)),
    (1801.0, "출발까지 31분", .upcoming(remaining: 1801)),
    (1800.0, "출발까지 30분", .upcoming(remaining: 1800)),
    (754.25, "출발까지 12분 35초", .upcoming(remaining: 754.25)),
    (0.0, "지금 출발하세요!", .leaveNow),
    (-59.5, "59초 늦음", .leaveNow),
    (-180.0, "3분 늦음", .late(by: 180)),
    (-600.0, "10분 늦음", .started(since: 0)),
    (-601.0, "10분 1초 늦음", .started(since: 1)),
  ])
  func readings(remaining: TimeInterval, text: String, status: DepartureStatus) {
    let reading = Self.reading(remaining)
    #expect(reading.text == text)
    #expect(reading.status == status)
  }

  @Test func aKitchenTimerAtZeroSaysLeaveAsThePlanDoes() {
    // Neither travel nor buffer: departure is the start itself.
    let plan = DeparturePlan(
      start: Self.departure, travelSeconds: 0, bufferSeconds: 0, alertLeads: [0])
    let reading = CountdownReading(plan: plan, now: Self.departure, countdownStart: Self.departure)
    #expect(plan.status(at: Self.departure) == .leaveNow)
    #expect(reading.status == .leaveNow)
    #expect(reading.text == "지금 출발하세요!")
    #expect(plan.status(at: Self.departure.addingTimeInterval(1)) == .started(since: 1))
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

  /// The frame's lines as a terminal shows them: escapes and the window title removed.
  static func shownLines(_ frame: String) -> [String] {
    let withoutTitle = frame.replacingOccurrences(
      of: "\u{1B}\\][^\u{07}]*\u{07}", with: "", options: .regularExpression)
    let plain = withoutTitle.replacingOccurrences(
      of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    return plain.components(separatedBy: "\r\n")
  }

  @Test(arguments: [20, 40, 80, 100])
  func framesFitTheWidth(width: Int) {
    let screen = CountdownScreen(
      title: "아주 긴 약속 제목이 화면 폭을 넘어갈 만큼 깁니다 정말로 아주 깁니다", place: "강남역 2번 출구",
      departureLine: "출발 오후 6:15", colors: .trueColor)
    let lines = Self.shownLines(screen.frame(Self.reading(754), width: width))
    #expect(lines.count == 8)
    #expect(lines.allSatisfy { TerminalText.width($0) <= width }, "\(lines)")
    // The bar is two columns narrower than the screen, between 10 and 60 columns.
    let bar = lines.last { $0.contains("░") } ?? ""
    #expect(TerminalText.width(bar) == 1 + max(10, min(width - 2, 60)))
  }

  @Test func framesKeepUserTextHarmless() {
    let screen = CountdownScreen(
      title: "저녁\u{1B}]0;x\u{07}", place: "강남역", departureLine: "출발 오후 6:15", colors: .ansi256)
    let wide = screen.frame(Self.reading(754), width: 100)
    #expect(wide.contains("\u{1B}[38;5;"))
    #expect(!wide.contains("\u{1B}]0;x"))
    #expect(wide.contains("저녁\\x1B]0;x\\x07"))
    let plain = CountdownScreen(title: "t", place: nil, departureLine: "d", colors: .none)
      .frame(Self.reading(754), width: 80)
    #expect(!plain.contains("\u{1B}[38"))
  }
}
