import ChulbalCore
import ChulbalSystem
import ChulbalTerminal
import Foundation
import Synchronization
import Testing

@testable import ChulbalCLI

/// A wall clock that tests drive: each sleep lands on its deadline, unless the script says the
/// machine was suspended past it (a jump forward) or the clock was set back (a jump back).
/// Each scripted jump happens once.
final class ScriptedClock: WallClock {
  private let state: Mutex<(now: Date, sleeps: [Date], jumps: [Date: TimeInterval])>

  /// - Parameter jumps: for a sleep's deadline, how far from it the process wakes.
  init(now: Date, jumps: [Date: TimeInterval] = [:]) {
    state = Mutex((now, [], jumps))
  }

  func now() -> Date { state.withLock { $0.now } }

  func sleep(until deadline: Date) {
    state.withLock { state in
      #expect(deadline > state.now, "a sleep must always be forward")
      state.sleeps.append(deadline)
      state.now = deadline.addingTimeInterval(state.jumps.removeValue(forKey: deadline) ?? 0)
    }
  }

  var sleeps: [Date] { state.withLock { $0.sleeps } }
}

/// Records what a live display writes, as lines; a plain, non-terminal console by default.
final class RecordingConsole: Console {
  let isTerminal: Bool
  private let written = Mutex("")
  private let lineLimit: Int

  /// - Parameter lineLimit: after this many lines the reader "closes the pipe".
  init(isTerminal: Bool = false, lineLimit: Int = .max) {
    self.isTerminal = isTerminal
    self.lineLimit = lineLimit
  }

  func width() -> Int { 60 }

  func write(_ text: String) -> Bool {
    written.withLock { written in
      guard written.filter({ $0 == "\n" }).count < lineLimit else { return false }
      written += text
      return true
    }
  }

  func ignoreClosedPipe() {}
  func catchSignals(restoreOnExit restore: String) {}
  func takeResize() -> Bool { false }

  var text: String { written.withLock { $0 } }
  var lines: [String] { text.split(separator: "\n").map(String.init) }
}

@Suite struct CountdownTests {
  static let departure = Date(timeIntervalSince1970: 1_796_030_100)  // 2026-11-30T18:15+09:00

  static func run(
    _ arguments: [String], from now: Date, jumps: [Date: TimeInterval] = [:],
    isTerminal: Bool = false
  ) -> (Outcome, RecordingConsole, ScriptedClock) {
    let clock = ScriptedClock(now: now, jumps: jumps)
    let console = RecordingConsole(isTerminal: isTerminal)
    let environment = Environment(
      now: now, timeZone: TimeZone(identifier: "Asia/Seoul")!,
      variables: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], clock: clock,
      console: console)
    return (CLI.run(["countdown"] + arguments, environment: environment), console, clock)
  }

  /// The remaining seconds a line shows, from `출발까지 1시간 5분` or `출발까지 12분 34초`.
  static func seconds(_ line: String) -> Int? {
    guard line.hasPrefix("출발까지 ") else { return nil }
    var total = 0
    for part in line.dropFirst(5).split(separator: " ") {
      let number = Int(part.prefix { $0.isNumber }) ?? 0
      if part.hasSuffix("시간") {
        total += number * 3600
      } else if part.hasSuffix("분") {
        total += number * 60
      } else if part.hasSuffix("초") {
        total += number
      }
    }
    return total
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
    #expect(lines.last == "\u{07}지금 출발하세요!")
    let values = lines.dropLast().compactMap(Self.seconds)
    #expect(values.count == lines.count - 1)
    // From 30:00 on, each line is exactly one second less than the one before.
    let secondMode = Array(values.drop { $0 > 1800 })
    #expect(secondMode.first == 1800 && secondMode.last == 1)
    #expect(zip(secondMode, secondMode.dropFirst()).allSatisfy { $0 - $1 == 1 })
    // Woken only when the display changes: 3 minute ticks, then 1800 second ticks.
    #expect(clock.sleeps.count == 3 + 1800)
    // The switch to seconds happens exactly at 30:00, not up to a minute late.
    #expect(clock.sleeps[2] == Self.departure.addingTimeInterval(-1800))
  }

  @Test func acrossZeroItRingsOnceAndCountsTheOverdueTimeUntilTheStart() {
    // Departure 18:15, appointment 18:17 (2 minutes of travel, no buffer).
    let (outcome, console, _) = Self.run(
      ["--at", "2026-11-30T18:17+09:00", "--travel", "2m"],
      from: Self.departure.addingTimeInterval(-3))
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
    #expect(lines.last == "\u{07}지금 출발하세요!")
  }

  @Test func tenMinutesFarAwayWakeTenTimes() {
    let clock = ScriptedClock(now: Self.departure.addingTimeInterval(-3 * 3600 - 17))
    var wakes = 0
    let stop = clock.now().addingTimeInterval(600)
    Ticker.run(clock: clock) { now in
      guard now < stop else { return nil }
      wakes += 1
      return min(TickPolicy.nextTick(after: now, target: Self.departure), stop)
    }
    #expect(clock.sleeps.count <= 12)
    #expect(clock.sleeps.count == 11)  // 10 minute boundaries and the stop itself
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
    let environment = Environment(
      now: clock.now(), timeZone: TimeZone(identifier: "Asia/Seoul")!,
      variables: ["TERM": "xterm-256color", "NO_COLOR": "1"], clock: clock, console: console)
    _ = CLI.run(["countdown", "--at", "+2s"], environment: environment)
    #expect(console.text == "출발까지 2초\n출발까지 1초\n\u{07}지금 출발하세요!\n")
  }

  @Test func withNothingUpcomingItSaysWhatToDo() {
    let workspace = Workspace()
    var environment = workspace.environment()
    environment.clock = ScriptedClock(now: seoulAfternoon.now)
    let outcome = CLI.run(["countdown"], environment: environment)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError.contains("chulbal countdown --at +25m"))
    let bad = CLI.run(["countdown", "--until", "later", "--at", "+5m"], environment: environment)
    #expect(bad.exitCode == 2 && bad.standardError.contains("'later'"))
  }
}
