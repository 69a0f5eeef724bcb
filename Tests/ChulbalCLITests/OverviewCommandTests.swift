import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// Bare `chulbal`: what matters now, or how to start; `chulbal help` is the full help.
@Suite struct OverviewCommandTests {
  @Test func withAppointmentsItShowsTheNextDepartureAndToday() {
    let workspace = ScreenWidthTests.longTextWorkspace()
    #expect(
      workspace.run([]).standardOutput == """
        다음: #2 팀 회의 — 오후 2:30 출발 (30분 남음) · 11월 30일 (월) 오후 3:00 · 본사 3층 대회의실

        11월 30일 (월) · 오늘
          오후 3:00  #2  팀 회의  본사 3층 대회의실  출발 오후 2:30

        더 보기: chulbal help

        """)
    // The database before the command, as for any other command.
    #expect(
      run(["--db", workspace.database]).standardOutput
        == workspace.run([]).standardOutput)
  }

  /// On a terminal the next departure's line is cut to its width, as the agenda is.
  @Test func onATerminalTheNextLineFits() {
    let workspace = ScreenWidthTests.longTextWorkspace()
    let outcome = ScreenWidthTests.run([], in: workspace, terminal: true, width: 60)
    #expect(
      outcome.standardOutput.hasPrefix(
        "다음: #2 팀 회의 — 오후 2:30 출발 (30분 남음) · 11월 30일 (…\n\n"),
      "\(outcome.standardOutput)")
  }

  @Test func nothingTodaySaysSoUnderTheNextDeparture() {
    let workspace = Workspace()
    workspace.run(["add", "송년회", "--at", "12월 2일 오후 7시", "--travel", "40m"])
    #expect(
      workspace.run([]).standardOutput == """
        다음: #1 송년회 — 오후 6:10 출발 (2일 4시간 남음) · 12월 2일 (수) 오후 7:00

        오늘은 약속이 없습니다.

        더 보기: chulbal help

        """)
  }

  @Test func withNoAppointmentItShowsTheShortStartNotTheHelp() {
    let workspace = Workspace()
    let outcome = workspace.run([])
    #expect(outcome.exitCode == 0)
    #expect(
      outcome.standardOutput == """
        chulbal — 약속 시각에서 거꾸로 계산해 언제 출발해야 하는지 알려 줍니다
        첫 약속을 추가하려면: chulbal add "저녁 약속" --at "내일 오후 7시" --travel 30m
        더 보기: chulbal help

        """)
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
    #expect(workspace.run(["help"]).standardOutput == CLI.help)
    #expect(workspace.run(["--help"]).standardOutput == CLI.help)
  }

  /// Only past appointments: nothing ahead, so how to add one, without the "first".
  @Test func withOnlyPastAppointmentsItSaysNothingIsAhead() {
    let workspace = Workspace()
    workspace.run([
      "add", "아침 회의", "--at", "2026-11-27T09:00:00+09:00", "--travel", "10m", "--past",
    ])
    #expect(
      workspace.run([]).standardOutput == """
        chulbal — 약속 시각에서 거꾸로 계산해 언제 출발해야 하는지 알려 줍니다
        다가오는 약속이 없습니다. 추가하려면: chulbal add "저녁 약속" --at "내일 오후 7시" --travel 30m
        더 보기: chulbal help

        """)
  }
}
