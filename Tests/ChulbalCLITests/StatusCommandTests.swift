import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

@Suite struct StatusCommandTests {
  /// A database with one appointment: 저녁 약속 at 19:00, departure 18:15 (Seoul).
  static func workspace() -> Workspace {
    let workspace = Workspace()
    workspace.run([
      "add", "저녁 #약속", "--at", "2026-11-30T19:00+09:00", "--travel", "35m", "--place", "강남역",
    ])
    return workspace
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let clock: String
    let text: String
    let urgency: String
    /// Progress over the hour before the 18:15 departure, floored.
    let percentage: Int
    var testDescription: String { clock }
  }

  /// A call kept in New York shows the reader's clock in the tooltip, New York's beside it.
  @Test func theTooltipGivesTheReadersClockAndTheOwnOne() throws {
    let workspace = Workspace()
    workspace.run([
      "add", "뉴욕 통화", "--tz", "America/New_York", "--at", "2026-12-01 09:00", "--travel", "0",
      "--buffer", "0", "--now", "2026-11-30T14:00+09:00",
    ])
    let waybar = workspace.run([
      "status", "--format", "waybar", "--now", "2026-11-30T14:00+09:00",
    ]).standardOutput
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any])
    #expect(
      object["tooltip"] as? String
        == "뉴욕 통화\n약속 12월 1일 (화) 오후 11:00 (뉴욕 오전 9:00)\n출발 12월 1일 (화) 오후 11:00")
  }

  @Test(arguments: [
    Case(clock: "16:00:00", text: "출발까지 2시간 15분 · 저녁 #약속", urgency: "far", percentage: 0),
    Case(clock: "17:44:30", text: "출발까지 31분 · 저녁 #약속", urgency: "far", percentage: 49),
    Case(clock: "17:45:00", text: "출발까지 30:00 · 저녁 #약속", urgency: "soon", percentage: 50),
    Case(clock: "18:02:26", text: "출발까지 12:34 · 저녁 #약속", urgency: "soon", percentage: 79),
    Case(clock: "18:05:23", text: "출발까지 09:37 · 저녁 #약속", urgency: "soon", percentage: 83),
    Case(clock: "18:14:55", text: "출발까지 00:05 · 저녁 #약속", urgency: "soon", percentage: 99),
    Case(clock: "18:15:20", text: "지금 출발 · 저녁 #약속", urgency: "now", percentage: 100),
    Case(clock: "18:18:00", text: "출발 3분 지남 · 저녁 #약속", urgency: "late", percentage: 100),
    Case(clock: "18:18:59", text: "출발 3분 지남 · 저녁 #약속", urgency: "late", percentage: 100),
  ])
  func textClassAndPercentageFollowTheRemainingTime(_ example: Case) throws {
    let (clock, text, urgency) = (example.clock, example.text, example.urgency)
    let workspace = Self.workspace()
    let now = ["--now", "2026-11-30T\(clock)+09:00"]
    #expect(workspace.run(["status"] + now).standardOutput == text + "\n")
    let waybar = workspace.run(["status", "--format", "waybar"] + now).standardOutput
    #expect(waybar.hasSuffix("}\n") && waybar.filter { $0 == "\n" }.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any])
    #expect(object["text"] as? String == text)
    #expect(object["class"] as? String == urgency)
    #expect((object["tooltip"] as? String)?.contains("강남역") == true)
    #expect(object["percentage"] as? Int == example.percentage)
  }

  @Test func barFormats() {
    let workspace = Self.workspace()
    let now = ["--now", "2026-11-30T18:02:26+09:00"]
    #expect(
      workspace.run(["status", "--format", "tmux"] + now).standardOutput
        == "#[fg=#dc51ab,bg=#1e1b2e]출발까지 12:34 · 저녁 ##약속#[default]\n")
    #expect(
      workspace.run(["status", "--format", "i3blocks"] + now).standardOutput
        == "출발까지 12:34 · 저녁 #약속\n출발까지 12:34\n#DC51AB\n")
    let json = workspace.run(["status", "--format", "json"] + now).standardOutput
    #expect(json.contains("\"remaining_seconds\":754"))
    #expect(json.contains("\"departure\":\"2026-11-30T18:15:00+09:00\""))
    // An hour before departure the percentage starts at 0; at departure it is 100.
    let early = workspace.run(["status", "--format", "waybar", "--now", "2026-11-30T17:15+09:00"])
    #expect(early.standardOutput.contains("\"percentage\":0"))
    let due = workspace.run(["status", "--format", "waybar", "--now", "2026-11-30T18:15+09:00"])
    #expect(due.standardOutput.contains("\"percentage\":100"))
  }

  /// The countdown screen's gradient: purple far away, halfway at 17:30 left, pink from 5:00.
  @Test(arguments: [
    ("16:00:00", "#8b7cf6"), ("17:45:00", "#8b7cf6"), ("17:57:30", "#c55dc0"),
    ("18:10:00", "#ff3e8a"), ("18:16:00", "#ff3e8a"),
  ])
  func statusColoursAreTheCountdownsPalette(clock: String, color: String) {
    let workspace = Self.workspace()
    let tmux = workspace.run(["status", "--format", "tmux", "--now", "2026-11-30T\(clock)+09:00"])
    #expect(tmux.standardOutput.hasPrefix("#[fg=\(color),bg=#1e1b2e]"), "\(tmux.standardOutput)")
    let i3blocks = workspace.run([
      "status", "--format", "i3blocks", "--now", "2026-11-30T\(clock)+09:00",
    ])
    #expect(i3blocks.standardOutput.hasSuffix("\n\(color.uppercased())\n"))
  }

  @Test func nothingUpcomingIsAnEmptyLineAndExitZero() {
    let workspace = Workspace()
    let text = workspace.run(["status"])
    #expect(text.exitCode == 0 && text.standardOutput == "\n")
    #expect(workspace.run(["status", "--format", "json"]).standardOutput == "null\n")
    #expect(
      workspace.run(["status", "--format", "waybar"]).standardOutput.contains("\"text\":\"\""))
    #expect(workspace.run(["status", "--format", "xml"]).exitCode == 2)
  }

  /// `status --follow` against the workspace, on these doubles.
  static func follow(in workspace: Workspace, clock: any WallClock, console: RecordingConsole)
    -> Outcome
  {
    var environment = workspace.environment()
    environment.clock = clock
    environment.console = console
    return CLI.run(["status", "--follow"], environment: environment)
  }

  @Test func followPrintsOneLinePerTickFromTheAdaptiveTicker() throws {
    let workspace = Self.workspace()
    // 30:02 before departure; the reader closes the pipe after six lines.
    let start = try TimeExpression.parseInstant("2026-11-30T17:44:58+09:00", timeZone: .gmt)
    let clock = ScriptedClock(now: start)
    let console = RecordingConsole(lineLimit: 6)
    let outcome = Self.follow(in: workspace, clock: clock, console: console)
    #expect(outcome.exitCode == 0)
    #expect(
      console.lines == [
        "출발까지 31분 · 저녁 #약속", "출발까지 30:00 · 저녁 #약속", "출발까지 29:59 · 저녁 #약속",
        "출발까지 29:58 · 저녁 #약속", "출발까지 29:57 · 저녁 #약속", "출발까지 29:56 · 저녁 #약속",
      ])
    #expect(clock.sleeps.first == start.addingTimeInterval(2))  // exactly at 30:00
  }

  @Test func pastDepartureFollowingWakesOnceAMinute() throws {
    let workspace = Self.workspace()
    let clock = ScriptedClock(now: instant("2026-11-30T18:15:30+09:00"))
    let console = RecordingConsole(lineLimit: 4)
    _ = Self.follow(in: workspace, clock: clock, console: console)
    #expect(
      console.lines == [
        "지금 출발 · 저녁 #약속", "출발 1분 지남 · 저녁 #약속", "출발 2분 지남 · 저녁 #약속", "출발 3분 지남 · 저녁 #약속",
      ])
    #expect(
      Array(clock.sleeps.prefix(3)) == [
        instant("2026-11-30T18:16:00+09:00"), instant("2026-11-30T18:17:00+09:00"),
        instant("2026-11-30T18:18:00+09:00"),
      ])
  }

  @Test func aStoreFailureWhileFollowingEndsWithExitOne() throws {
    // No database at the start; before the second tick a damaged file appears.
    let workspace = Workspace()
    let clock = ActionClock(now: mondayAfternoon) {
      try? Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: workspace.database))
    }
    let console = RecordingConsole()
    let outcome = Self.follow(in: workspace, clock: clock, console: console)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardError.hasPrefix("chulbal: 데이터베이스 '\(workspace.database)' 파일이 손상되었습니다 ("),
      "\(outcome.standardError)")
    #expect(console.writes == ["\n"])
  }
}

/// A clock that runs `action` at each sleep, then lands on the deadline.
final class ActionClock: WallClock, @unchecked Sendable {
  private var current: Date
  private let action: () -> Void

  init(now: Date, action: @escaping () -> Void) {
    current = now
    self.action = action
  }

  func now() -> Date { current }

  func sleep(until deadline: Date) {
    action()
    current = deadline
  }
}
