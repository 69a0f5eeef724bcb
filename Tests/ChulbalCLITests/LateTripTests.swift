import ChulbalCore
import ChulbalTestSupport
import Testing

@testable import ChulbalCLI

/// An appointment whose departure has passed but which has not started: every command that
/// shows it says how late leaving now arrives (the workspace's clock reads Monday 14:00).
@Suite struct LateTripTests {
  @Test func addSaysWhenLeavingNowArrivesAndHowLate() {
    let workspace = Workspace()
    let late = workspace.run([
      "add", "치과", "--at", "오후 2시 20분", "--travel", "25m", "--buffer", "5m",
    ])
    #expect(late.standardError.isEmpty)
    #expect(
      late.standardOutput == """
        #1 치과 — 11월 30일 (월) 오후 2:20 · 오후 1:50 출발 · 이동 25분 + 여유 5분
        출발 시각이 10분 지났습니다: 지금 바로 출발하면 오후 2:25 도착 (5분 늦음)

        """)
    #expect(
      workspace.run(["next"]).standardOutput
        == "#1 치과 — 오후 1:50 출발 (출발 10분 지남 · 5분 늦음) · 11월 30일 (월) 오후 2:20\n")
    #expect(workspace.run(["status"]).standardOutput == "출발 10분 지남 (5분 늦음) · 치과\n")
    // Past its departure, but the buffer still brings the person in on time.
    let onTime = workspace.run([
      "add", "회의", "--at", "오후 2시 30분", "--travel", "25m", "--buffer", "10m",
    ])
    #expect(onTime.standardOutput.hasSuffix("\n출발 시각이 5분 지났습니다: 지금 바로 출발하면 오후 2:25 도착 (늦지 않음)\n"))
  }

  @Test func anAppointmentStillAheadGetsNoSecondLine() {
    let workspace = Workspace()
    let ahead = workspace.run(["add", "저녁", "--at", "오후 7시", "--travel", "25m"])
    #expect(ahead.standardOutput.split(separator: "\n").count == 1)
  }
}
