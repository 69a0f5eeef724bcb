import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalTerminal

@Suite struct CountdownScreenTests {
  static let departure = instant("2026-11-30T18:15:00+09:00")

  /// A departure at 18:15 for an appointment at 18:25.
  static func reading(_ remaining: TimeInterval, prepSeconds: Int = 0) -> CountdownReading {
    let plan = DeparturePlan(
      start: departure.addingTimeInterval(600), travelSeconds: 600, bufferSeconds: 0,
      prepSeconds: prepSeconds, alertLeads: [])
    return CountdownReading(plan: plan, now: departure.addingTimeInterval(-remaining))
  }

  @Test(arguments: [
    (5000.0, "출발까지 1시간 24분", DepartureStatus.upcoming(remaining: 5000)),
    (1801.0, "출발까지 31분", .upcoming(remaining: 1801)),
    (1800.0, "출발까지 30분", .upcoming(remaining: 1800)),
    (754.25, "출발까지 12분 35초", .upcoming(remaining: 754.25)),
    (0.0, "지금 출발하세요!", .leaveNow),
    (-59.5, "출발 59초 지남", .leaveNow),
    (-180.0, "출발 3분 지남 (3분 늦음)", .late(by: 180)),
    (-600.0, "약속 시각입니다", .started(since: 0)),
    (-601.0, "약속 시각입니다", .started(since: 1)),
    (-665.0, "약속 시각 1분 5초 지남", .started(since: 65)),
  ])
  func readings(remaining: TimeInterval, text: String, status: DepartureStatus) {
    let reading = Self.reading(remaining)
    #expect(reading.text == text)
    #expect(reading.status == status)
  }

  @Test(arguments: [
    (0.0, "지금 출발하세요!"), (-1.0, "지금 출발하세요! (1초 지남)"),
    (-300.0, "지금 출발하세요! (5분 지남 · 5분 늦음)"), (754.0, "출발까지 12분 34초"), (-600.0, "약속 시각입니다"),
  ])
  func headlines(remaining: TimeInterval, headline: String) {
    #expect(CountdownScreen.headline(Self.reading(remaining)) == headline)
  }

  /// Twelve minutes of prep: ready at 18:03, departure at 18:15.
  @Test(arguments: [
    (3600.0, "준비 시작까지 48분", CountdownReading.Phase.prepare, "2026-11-30T18:03:00+09:00"),
    (1200.0, "준비 시작까지 8분", .prepare, "2026-11-30T18:03:00+09:00"),
    (720.5, "준비 시작까지 1초", .prepare, "2026-11-30T18:03:00+09:00"),
    (720.0, "출발까지 12분", .depart, "2026-11-30T18:15:00+09:00"),
    (719.0, "출발까지 11분 59초", .depart, "2026-11-30T18:15:00+09:00"),
  ])
  func withPrepTimeItCountsToReadyFirst(
    remaining: TimeInterval, text: String, phase: CountdownReading.Phase, target: String
  ) {
    let reading = Self.reading(remaining, prepSeconds: 720)
    #expect(reading.text == text)
    #expect(reading.phase == phase)
    #expect(reading.target == instant(target))
  }

  @Test func aKitchenTimerAtZeroSaysLeaveAsThePlanDoes() {
    // Neither travel nor buffer: departure is the start itself.
    let plan = DeparturePlan(
      start: Self.departure, travelSeconds: 0, bufferSeconds: 0, alertLeads: [0])
    let reading = CountdownReading(plan: plan, now: Self.departure)
    #expect(plan.status(at: Self.departure) == .leaveNow)
    #expect(reading.status == .leaveNow)
    #expect(reading.text == "지금 출발하세요!")
    #expect(plan.status(at: Self.departure.addingTimeInterval(1)) == .started(since: 1))
    // A wake a moment late finds it started, and it is still the moment to leave.
    let late = CountdownReading(plan: plan, now: Self.departure.addingTimeInterval(0.002))
    guard case .started = late.status else {
      Issue.record("a moment after a timer's start it has started, not \(late.status)")
      return
    }
    #expect(late.text == "지금 출발하세요!")
  }

  @Test func urgencyTurnsFromPurpleToPinkOverTheLastHalfHour() {
    #expect(Self.reading(3600).urgency == 0)
    #expect(Self.reading(1800).urgency == 0)
    #expect(Self.reading(300).urgency == 1)
    #expect(abs(Self.reading(1050).urgency - 0.5) < 1e-9)
    #expect(Palette.color(urgency: 0).hex == "#8B7CF6")
    #expect(Palette.color(urgency: 1).hex == "#FF3E8A")
    #expect(Palette.color(urgency: 0.5).hex == "#C55DC0")
    #expect(Palette.color(urgency: 2) == Palette.urgent)
  }

  @Test(arguments: [
    (3600.0, 0.0), (1800.0, 0.0), (1350.0, 0.25), (900.0, 0.5), (0.0, 1.0), (-60.0, 1.0),
  ])
  func theBarIsTheShareOfTheLastHalfHourThatHasPassed(remaining: TimeInterval, progress: Double) {
    #expect(Self.reading(remaining).progress == progress)
  }

  @Test func theBarIsFilledByTheTimeLeftNotByWhenTheCountdownBegan() {
    // 1분 49초 left: the text is urgent pink, and so is a bar nearly full.
    let screen = CountdownScreen(title: "t", place: nil, timesLine: "d", colors: .none)
    let lines = Self.shownLines(screen.frame(Self.reading(109), width: 62))
    #expect(
      lines.last == " " + String(repeating: "█", count: 56) + String(repeating: "░", count: 4))
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
      timesLine: "출발 오후 6:15 · 약속 오후 6:25", colors: .trueColor)
    let lines = Self.shownLines(screen.frame(Self.reading(754), width: width))
    #expect(lines.count == 8)
    #expect(lines.allSatisfy { TerminalText.width($0) <= width }, "\(lines)")
    // The bar is two columns narrower than the screen, between 10 and 60 columns.
    let bar = lines.last { $0.contains("░") } ?? ""
    #expect(TerminalText.width(bar) == 1 + max(10, min(width - 2, 60)))
  }

  @Test func framesKeepUserTextHarmless() {
    let screen = CountdownScreen(
      title: "저녁\u{1B}]0;x\u{07}", place: "강남역", timesLine: "출발 오후 6:15", colors: .ansi256)
    let wide = screen.frame(Self.reading(754), width: 100)
    #expect(wide.contains("\u{1B}[38;5;"))
    #expect(!wide.contains("\u{1B}]0;x"))
    #expect(wide.contains("저녁\\x1B]0;x\\x07"))
    let plain = CountdownScreen(title: "t", place: nil, timesLine: "d", colors: .none)
      .frame(Self.reading(754), width: 80)
    #expect(!plain.contains("\u{1B}[38"))
  }
}
