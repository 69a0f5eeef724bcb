import ChulbalCore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// The real `watch` command in-process, its waits scripted on a ``ScriptedClock`` as in
/// ``ScriptedWatchTests``, sending through libnotify to dunst in the private session of
/// contrib/notify-session.sh: what stays on screen as the appointment is edited and starts.
///
/// Serialized and holding the server: libnotify's state is the whole process's.
@Suite(
  .serialized, .notificationServer,
  .enabled(if: NotifySession.shouldRun, "needs the session of contrib/notify-session.sh"))
struct ScriptedDesktopWatchTests {
  let workspace = Workspace()

  init() throws {
    try NotifySession.require()
    try Dunst.closeAll()
    for (key, value) in [("notify.backends", "libnotify"), ("notify.repeat", "0")] {
      ScriptedWatchTests.run(
        ["config", "set", key, value], in: workspace, at: "2027-01-12T09:00:00+09:00")
    }
    // 회의 at 10:30, 20 minutes away: alerts at 09:40, 10:00 and 10:10.
    ScriptedWatchTests.run(
      [
        "add", "회의", "--at", ScriptedWatchTests.start, "--travel", "20m", "--buffer", "0",
        "--alerts", "30m,10m,0",
      ], in: workspace, at: "2027-01-12T09:00:00+09:00")
  }

  static func at(_ time: String) -> Date { ScriptedWatchTests.at(time) }

  /// One notification from the first alert to the start: each alert and the edit between
  /// them word it again in place, and the start takes it off the screen, the watch having
  /// woken for it.
  @Test func oneNotificationFollowsTheAppointmentUntilItStarts() throws {
    let before = try Dunst.lastClosedID()
    let clock = ScriptedClock(now: instant("2027-01-12T09:30:00+09:00"))
    let workspace = workspace
    let wakes = ScriptedWakes(
      clock: clock,
      [
        .write(at: Self.at("09:45")) {
          ScriptedWatchTests.run(
            ["edit", "1", "--place", "회의실 B"], in: workspace, at: "2027-01-12T09:45:00+09:00")
        },
        .signal(SIGTERM, at: Self.at("10:40")),
      ], takesSources: true)
    let console = RecordingConsole()
    var environment = workspace.environment()
    environment.variables.merge(
      NotifySession.variables.filter { $0.key == "DBUS_SESSION_BUS_ADDRESS" }
    ) { $1 }
    environment.clock = clock
    environment.console = console
    environment.watchWakes = { _ in wakes }
    let outcome = CLI.run(["watch"], environment: environment)
    let displayed = try Dunst.displayed()
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(wakes.isDone)
    let prefix = "chulbal watch: 1월 12일 (화) "
    let log = console.errorText.split(separator: "\n").map {
      $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : String($0)
    }
    #expect(
      log.filter { !$0.contains("시작: ") && !$0.contains("설정을 다시 읽었습니다") } == [
        "오전 9:40 보냄 #1 회의 (30분 전 알림) → libnotify",
        "오전 9:45 고침 #1 회의 (30분 전 알림): 약속이 바뀌어 화면의 알림을 새로 씁니다",
        "오전 10:00 보냄 #1 회의 (10분 전 알림) → libnotify",
        "오전 10:10 보냄 #1 회의 (지금 출발 알림) → libnotify",
        "오전 10:30 거둠 #1 회의: 약속이 시작되어 화면의 알림을 닫습니다",
        "오전 10:40 SIGTERM을 받아 끝냅니다",
      ], "\(console.errorText)")
    #expect(wakes.waits.contains(Self.at("10:30")))
    #expect(displayed == 0)
    let closed = try Dunst.closedSince(before)
    try #require(closed.count == 1, "\(closed)")
    #expect(closed[0].summary == "지금 출발하세요 · 회의")
    #expect(closed[0].body == "오전 10:30 회의실 B · 오전 10:10 출발 · 이동 20분")
  }
}
