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
      Array(lines.prefix(5)) == ["출발까지 33분", "출발까지 32분", "출발까지 31분", "출발까지 30분", "출발까지 29분 59초"])
    // Not a terminal, so no bell: in a pipe or a file it would be a stray control byte.
    #expect(lines.suffix(3) == ["출발까지 2초", "출발까지 1초", "지금 출발하세요!"])
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
      Array(lines.prefix(5)) == ["출발까지 3초", "출발까지 2초", "출발까지 1초", "\u{07}지금 출발하세요!", "1초 늦음"])
    #expect(lines.filter { $0.contains("\u{07}") }.count == 1)
    #expect(lines[62] == "59초 늦음" && lines[63] == "1분 늦음" && lines[64] == "1분 1초 늦음")
    #expect(lines.last == "2분 늦음")
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
        "출발까지 20분", "출발까지 19분 59초", "출발까지 19분 58초", "출발까지 19분 57초",
        "출발까지 19분 56초", "출발까지 9분 55초", "출발까지 9분 54초",
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
        "출발까지 10분", "출발까지 9분 59초", "출발까지 14분 58초", "출발까지 14분 57초",
        "출발까지 14분 56초",
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
    #expect(text.contains("\u{1B}]0;출발까지 2초 · 약속 11월 30일 (월) 오후 6:15\u{07}"))
    #expect(text.contains("\u{1B}[38;2;"))  // 24-bit colour
    #expect(text.filter { $0 == "\u{07}" }.count == 3 + 1)  // window titles + one bell
    #expect(outcome.standardOutput == "지금 출발하세요! — 약속 11월 30일 (월) 오후 6:15 (출발 오후 6:15)\n")
  }

  @Test func noColorOnATerminalGivesPlainLines() {
    let clock = ScriptedClock(now: Self.departure.addingTimeInterval(-2))
    let console = RecordingConsole(isTerminal: true)
    let environment = Environment.test(
      clock: clock, console: console, variables: ["TERM": "xterm-256color", "NO_COLOR": "1"])
    _ = CLI.run(["countdown", "--at", "+2s"], environment: environment)
    #expect(console.text == "출발까지 2초\n출발까지 1초\n\u{07}지금 출발하세요!\n")
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
    #expect(console.lines == ["출발까지 3초", "출발까지 2초", "출발까지 1초", "\u{07}지금 출발하세요!"])
    #expect(!console.text.contains("\u{1B}"))
  }
}
