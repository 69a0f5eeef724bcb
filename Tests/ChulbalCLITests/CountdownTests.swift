import ChulbalCore
import ChulbalSystem
import ChulbalTerminal
import ChulbalTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChulbalCLI

@Suite struct CountdownTests {
  static let departure = instant("2026-11-30T18:15:00+09:00")

  static func run(
    _ arguments: [String], from now: Date, jumps: [Date: TimeInterval] = [:],
    isTerminal: Bool = false
  ) -> (Outcome, RecordingConsole, ScriptedClock) {
    let clock = ScriptedClock(now: now, jumps: jumps)
    let console = RecordingConsole(isTerminal: isTerminal)
    let environment = Environment.test(
      clock: clock, console: console,
      variables: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
    return (CLI.run(["countdown"] + arguments, environment: environment), console, clock)
  }

  @Test func acrossTheThirtyMinuteSwitchEveryValueAppearsOnce() throws {
    // 32:30 before departure: minutes until 30:00, then every second down to zero.
    let (outcome, console, clock) = Self.run(
      ["--at", "2026-11-30T18:15+09:00", "--until", "depart"],
      from: Self.departure.addingTimeInterval(-1950))
    #expect(outcome.exitCode == 0)
    let lines = console.lines
    #expect(
      Array(lines.prefix(5)) == [
        "남은 시간 33분", "남은 시간 32분", "남은 시간 31분", "남은 시간 30분", "남은 시간 29분 59초",
      ])
    // Not a terminal, so no bell: in a pipe or a file it would be a stray control byte.
    #expect(lines.suffix(3) == ["남은 시간 2초", "남은 시간 1초", "지금 출발하세요!"])
    // One line per wake, none repeated: the start, 3 minute ticks, then 1800 second ticks.
    #expect(lines.count == 1 + 3 + 1800)
    #expect(Set(lines).count == lines.count)
    // Woken only when the display changes: at 32:00, 31:00 and exactly 30:00 (not up to a
    // minute late), then at every whole second down to departure.
    let remaining = clock.sleeps.map { Int(Self.departure.timeIntervalSince($0)) }
    #expect(remaining == [1920, 1860] + Array((0...1800).reversed()))
  }

  @Test func acrossZeroItRingsOnceAndCountsTheOverdueTimeUntilTheStart() {
    // Departure 18:15, appointment 18:17 (2 minutes of travel, no buffer).
    let (outcome, console, _) = Self.run(
      ["--at", "2026-11-30T18:17+09:00", "--travel", "2m", "--plain"],
      from: Self.departure.addingTimeInterval(-3), isTerminal: true)
    #expect(outcome.exitCode == 0)
    let lines = console.lines
    #expect(
      Array(lines.prefix(5)) == ["출발까지 3초", "출발까지 2초", "출발까지 1초", "\u{07}지금 출발하세요!", "출발 1초 지남"])
    #expect(lines.filter { $0.contains("\u{07}") }.count == 1)
    // From a whole minute past departure, leaving arrives that late (no buffer to absorb it).
    #expect(lines[62] == "출발 59초 지남" && lines[63] == "출발 1분 지남 (1분 늦음)")
    #expect(lines[64] == "출발 1분 1초 지남 (1분 늦음)")
    #expect(lines.last == "약속 시각입니다")
    #expect(lines.count == 3 + 1 + 120)
  }

  @Test func aSuspendOfTenMinutesShowsTheTrueRemainingTimeAtTheNextWake() {
    let suspendAt = Self.departure.addingTimeInterval(-1195)
    let (_, console, clock) = Self.run(
      ["--at", "2026-11-30T18:15+09:00", "--until", "depart"],
      from: Self.departure.addingTimeInterval(-1200),
      jumps: [suspendAt: 600])
    let lines = console.lines
    #expect(
      Array(lines.prefix(7)) == [
        "남은 시간 20분", "남은 시간 19분 59초", "남은 시간 19분 58초", "남은 시간 19분 57초",
        "남은 시간 19분 56초", "남은 시간 9분 55초", "남은 시간 9분 54초",
      ])
    // Nothing was slept twice: after the wake the next deadline is a second after it.
    #expect(clock.sleeps[5] == Self.departure.addingTimeInterval(-594))
  }

  @Test func aClockSetBackFiveMinutesCountsFromTheTrueTime() {
    let setBackAt = Self.departure.addingTimeInterval(-598)
    let (_, console, clock) = Self.run(
      ["--at", "2026-11-30T18:15+09:00", "--until", "depart"],
      from: Self.departure.addingTimeInterval(-600),
      jumps: [setBackAt: -300])
    let lines = console.lines
    #expect(
      Array(lines.prefix(5)) == [
        "남은 시간 10분", "남은 시간 9분 59초", "남은 시간 14분 58초", "남은 시간 14분 57초",
        "남은 시간 14분 56초",
      ])
    #expect(clock.sleeps[2] == Self.departure.addingTimeInterval(-897))
    #expect(lines.last == "지금 출발하세요!")
  }

  @Test func tenMinutesFarAwayWakeTenTimes() {
    let start = Self.departure.addingTimeInterval(-3 * 3600 - 17)
    let (_, _, clock) = Self.run(
      ["--at", "2026-11-30T18:15+09:00", "--until", "depart"], from: start)
    // In minute mode the countdown wakes once a minute, on the minute before departure.
    let firstTen = clock.sleeps.filter { $0 <= start.addingTimeInterval(600) }
    let remaining: [TimeInterval] = firstTen.map { Self.departure.timeIntervalSince($0) }
    let expected: [TimeInterval] = (0..<10).map { TimeInterval(3 * 3600 - 60 * $0) }
    #expect(remaining == expected)
  }

  @Test func onATerminalItDrawsFramesAndLeavesTheScreenAsItFoundIt() throws {
    let (outcome, console, _) = Self.run(
      ["--at", "+2s"], from: Self.departure.addingTimeInterval(-2), isTerminal: true)
    let text = console.text
    #expect(text.hasPrefix(CountdownScreen.enter))
    #expect(text.hasSuffix(CountdownScreen.leave))
    #expect(text.contains("\u{1B}]0;남은 시간 2초 · 약속 11월 30일 (월) 오후 6:15\u{07}"))
    #expect(text.contains("\u{1B}[38;2;"))  // 24-bit colour
    #expect(text.filter { $0 == "\u{07}" }.count == 3 + 1)  // window titles + one bell
    #expect(outcome.standardOutput == "지금 출발하세요! — 약속 11월 30일 (월) 오후 6:15 (출발 오후 6:15)\n")
  }

  @Test func runToTheStartItsLastLineSaysItIsTime() {
    let (outcome, console, _) = Self.run(
      ["--at", "2026-11-30T18:17+09:00", "--travel", "2m"],
      from: Self.departure.addingTimeInterval(-1), isTerminal: true)
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput == "약속 시각입니다 — 약속 11월 30일 (월) 오후 6:17\n")
    // While late the headline says by how much the departure has passed, after one space.
    let shown = console.text.replacingOccurrences(
      of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    let headlines = shown.components(separatedBy: "\r\n").filter { $0.hasPrefix(" 지금") }
    #expect(headlines.first == " 지금 출발하세요!")
    #expect(headlines.dropFirst().first == " 지금 출발하세요! (1초 지남)")
  }

  /// An appointment at 18:25 with 10 minutes of travel and 5 of prep, reminded 10 minutes
  /// before and at departure: ready 18:10, departure 18:15.
  static func preparedWorkspace() -> Workspace {
    let workspace = Workspace()
    let added = workspace.run([
      "add", "카페 미팅", "--at", "2026-11-30T18:25+09:00", "--travel", "10m", "--buffer", "0",
      "--prep", "5m",
      "--alerts", "10m,0",
    ])
    #expect(added.exitCode == 0, "\(added.standardError)")
    return workspace
  }

  static func runStored(
    _ workspace: Workspace, from now: Date, console: RecordingConsole, big: Bool = false
  ) -> (Outcome, ScriptedClock) {
    let clock = ScriptedClock(now: now)
    var environment = workspace.environment()
    environment.clock = clock
    environment.console = console
    environment.variables["TERM"] = "xterm-256color"
    let arguments = ["countdown", "--until", "depart"] + (big ? ["--big"] : ["--plain"])
    return (CLI.run(arguments, environment: environment), clock)
  }

  @Test func withPrepTimeItCountsToReadyThenToDeparture() {
    let workspace = Self.preparedWorkspace()
    let console = RecordingConsole(isTerminal: true)
    let (outcome, _) = Self.runStored(
      workspace, from: Self.departure.addingTimeInterval(-3 - 300), console: console)
    #expect(outcome.exitCode == 0)
    let lines = console.lines.map { $0.replacingOccurrences(of: "\u{07}", with: "") }
    #expect(
      Array(lines.prefix(5)) == [
        "준비 시작까지 3초", "준비 시작까지 2초", "준비 시작까지 1초", "출발까지 5분", "출발까지 4분 59초",
      ])
    #expect(lines.last == "지금 출발하세요!")
  }

  @Test func itRingsAtEachAlertTimeOfTheAppointment() {
    let workspace = Self.preparedWorkspace()
    let console = RecordingConsole(isTerminal: true)
    // From 18:04:58: the 10-minute reminder at 18:05, getting ready at 18:10, leaving at 18:15.
    let (_, clock) = Self.runStored(
      workspace, from: Self.departure.addingTimeInterval(-602), console: console)
    #expect(
      console.lines.filter { $0.contains("\u{07}") } == [
        "\u{07}준비 시작까지 5분", "\u{07}출발까지 5분", "\u{07}지금 출발하세요!",
      ])
    // Every second from the start: no wake more than a second apart, none skipped.
    #expect(clock.sleeps.count == 602)
  }

  @Test func anAlertThatPassedBeforeTheCountdownBeganDoesNotRing() {
    let workspace = Self.preparedWorkspace()
    let console = RecordingConsole(isTerminal: true)
    _ = Self.runStored(workspace, from: Self.departure.addingTimeInterval(-599), console: console)
    #expect(
      console.lines.filter { $0.contains("\u{07}") } == ["\u{07}출발까지 5분", "\u{07}지금 출발하세요!"])
  }

  @Test func onATerminalTheWindowTitleShowsTheBellAtAnAlertTime() throws {
    let workspace = Self.preparedWorkspace()
    let console = RecordingConsole(isTerminal: true)
    _ = Self.runStored(
      workspace, from: Self.departure.addingTimeInterval(-601), console: console, big: true)
    let titles = console.writes.compactMap { write -> String? in
      guard let start = write.range(of: "\u{1B}]0;"), let end = write.range(of: "\u{07}")
      else { return nil }
      return String(write[start.upperBound..<end.lowerBound])
    }
    #expect(
      Array(titles.prefix(3)) == [
        "준비 시작까지 5분 1초 · 카페 미팅", "🔔 준비 시작까지 5분 · 카페 미팅", "준비 시작까지 4분 59초 · 카페 미팅",
      ])
    #expect(titles.last == "🔔 지금 출발하세요! · 카페 미팅")
    // 60 × 24 is enough for the big digits at their smallest: 18:05 shows 05:00 in blocks.
    let digits = BlockDigits.lines("05:00") ?? []
    try #require(!digits.isEmpty && console.writes.count > 2)
    #expect(console.writes[2].contains(digits[0]))
  }

  struct TimesCase: Sendable, CustomTestStringConvertible {
    let start: String
    let travel: Int
    let prep: Int
    let now: String
    let line: String
    /// The appointment's own zone; the reader is in Seoul.
    var own = "Asia/Seoul"
    var testDescription: String { line }
  }

  @Test(arguments: [
    TimesCase(
      start: "2026-11-30T19:00", travel: 2100, prep: 0, now: "2026-11-30T14:00",
      line: "출발 오후 6:25 · 약속 오후 7:00"),
    TimesCase(
      start: "2026-12-04T07:00", travel: 3000, prep: 0, now: "2026-12-01T21:00",
      line: "출발 12월 4일 (금) 오전 6:10 · 약속 오전 7:00"),
    TimesCase(
      start: "2026-11-30T19:00", travel: 2100, prep: 720, now: "2026-11-30T14:00",
      line: "준비 오후 6:13 · 출발 오후 6:25 · 약속 오후 7:00"),
    TimesCase(
      start: "2026-12-01T00:10", travel: 2400, prep: 0, now: "2026-11-30T20:00",
      line: "출발 오후 11:30 · 약속 12월 1일 (화) 오전 12:10"),
    TimesCase(
      start: "2027-01-02T10:00", travel: 3600, prep: 0, now: "2026-12-30T09:00",
      line: "출발 2027년 1월 2일 (토) 오전 9:00 · 약속 오전 10:00"),
    TimesCase(
      start: "2026-11-30T18:15", travel: 0, prep: 0, now: "2026-11-30T14:00",
      line: "출발 오후 6:15"),
    // Kept in New York: the reader's clock, New York's beside the appointment's time.
    TimesCase(
      start: "2026-11-30T23:00", travel: 600, prep: 0, now: "2026-11-30T14:00",
      line: "출발 오후 10:50 · 약속 오후 11:00 (뉴욕 오전 9:00)", own: "America/New_York"),
    TimesCase(
      start: "2026-11-30T23:00", travel: 0, prep: 0, now: "2026-11-30T14:00",
      line: "출발 오후 11:00 (뉴욕 오전 9:00)", own: "America/New_York"),
  ])
  func theTimesLineShowsTheStartAndADateWhenNotToday(_ example: TimesCase) throws {
    let zone = try #require(Zone(identifier: "Asia/Seoul"))
    let own = try #require(Zone(identifier: example.own))
    let target = CountdownTarget(
      title: "t", place: nil,
      plan: DeparturePlan(
        start: instant(example.start + ":00+09:00"), travelSeconds: example.travel,
        bufferSeconds: 0, prepSeconds: example.prep, alertLeads: []),
      times: ReaderTimes(reader: zone, own: own))
    #expect(target.timesLine(now: instant(example.now + ":00+09:00")) == example.line)
  }

  @Test func noColorOnATerminalGivesPlainLines() {
    let clock = ScriptedClock(now: Self.departure.addingTimeInterval(-2))
    let console = RecordingConsole(isTerminal: true)
    let environment = Environment.test(
      clock: clock, console: console, variables: ["TERM": "xterm-256color", "NO_COLOR": "1"])
    _ = CLI.run(["countdown", "--at", "+2s"], environment: environment)
    #expect(console.text == "남은 시간 2초\n남은 시간 1초\n\u{07}지금 출발하세요!\n")
  }

  @Test func withNothingUpcomingItSaysWhatToDo() {
    let workspace = Workspace()
    var environment = workspace.environment()
    environment.clock = ScriptedClock(now: mondayAfternoon)
    let outcome = CLI.run(["countdown"], environment: environment)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError.contains("chulbal countdown --at +25m"))
    let bad = CLI.run(["countdown", "--until", "later", "--at", "+5m"], environment: environment)
    #expect(bad.exitCode == 2 && bad.standardError.contains("'later'"))
  }

  @Test(arguments: [[:], ["TERM": "dumb"], ["TERM": ""]])
  func countdownOnATerminalWithoutACapableTERMWritesNoEscapes(_ variables: [String: String]) {
    let console = RecordingConsole(isTerminal: true)
    var environment = Environment.test(
      clock: ScriptedClock(now: mondayAfternoon), console: console, variables: variables)
    environment.console = console
    let outcome = CLI.run(
      ["countdown", "--at", "2026-11-30T14:00:03+09:00"], environment: environment)
    #expect(outcome.exitCode == 0)
    #expect(console.lines == ["남은 시간 3초", "남은 시간 2초", "남은 시간 1초", "\u{07}지금 출발하세요!"])
    #expect(!console.text.contains("\u{1B}"))
  }
}
