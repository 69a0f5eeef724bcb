import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// The watch's syncs run as real child processes: a script stands in for chulbal and says
/// what it was run with. One at a time, a sync asked for meanwhile started when it ends, and
/// what it says (its summary, or why it failed) one line in the log.
@Suite(.tags(.process)) struct SyncRunnerTests {
  let folder = TemporaryFolder()
  var runs: String { folder.path + "/runs" }

  /// A stand-in for chulbal: notes its arguments, hangs in a `sleep` whose pid it adds to the
  /// file `HANG` when that is set, takes `SLEEP` seconds, then fails with two lines on
  /// standard error when `MODE` is `fail`, else prints a summary.
  func program() throws -> String {
    let path = folder.path + "/chulbal"
    let text = """
      #!/bin/sh
      echo "$*" >> "\(runs)"
      if [ -n "$HANG" ]; then sleep 300 & echo $! >> "$HANG"; wait; fi
      sleep "${SLEEP:-0}"
      if [ "$MODE" = fail ]; then
        echo "chulbal: 캘린더 'cloud': 서버가 로그인을 거절했습니다 (HTTP 401, https://dav.example.org/)" >&2
        echo "chulbal: 캘린더 'work': 서버에 연결할 수 없습니다" >&2
        exit 1
      fi
      echo "새로 1 · 바뀜 0 · 건너뜀 0"
      if [ "$MODE" = departures ]; then
        echo "좌표가 없는 일정: 1개"
        echo "출발 캘린더: 새로 1 · 바뀜 0 · 지움 0"
      fi

      """
    try writeProgram(text, to: path)
    return path
  }

  func runner(_ variables: [String: String], budget: Duration = .seconds(300)) throws
    -> SyncRunner
  {
    SyncRunner(
      program: try program(), database: folder.path + "/c.db", variables: variables,
      interval: 900, budget: budget)
  }

  /// A sync that hangs is killed with what it started once it has run past its budget, in
  /// one line of the log, and the sync asked for meanwhile starts.
  @Test func aSyncPastItsBudgetIsKilledWithItsChildren() throws {
    let record = folder.path + "/child"
    var runner = try runner(["HANG": record], budget: .seconds(1))
    let start = Date(timeIntervalSince1970: 1_796_000_000)
    var log: [String] = []
    runner.hasSources(true, now: start, starting: true)
    runner.step(now: start) { log.append($0) }
    runner.ask(now: start)
    finish(&runner, at: start, log: &log, lines: 1)
    #expect(log == ["동기화가 1초 안에 끝나지 않아 멈췄습니다"])
    // The first run's; the second adds its own line.
    let text = try String(contentsOfFile: record, encoding: .utf8)
    let child = try #require(text.split(separator: "\n").first.flatMap { pid_t($0) })
    defer { if NotifyCommandProcessTests.isLiveSleep(child) { kill(child, SIGKILL) } }
    // SIGKILL takes a moment to land.
    eventually { !NotifyCommandProcessTests.isLiveSleep(child) }
    #expect(
      !NotifyCommandProcessTests.isLiveSleep(child), "the sync's child \(child) is still running")
    // The sync asked for while it hung has started.
    #expect(runner.isRunning)
    #expect(eventually { ranLines().count == 2 })
    // It hangs too, and goes the same way.
    finish(&runner, at: start, log: &log, lines: 2)
    #expect(!runner.isRunning)
  }

  /// What the departures calendar got joins the summary on its line; the import's notes do
  /// not.
  @Test func theDeparturesCalendarsCountsJoinTheSummary() throws {
    var runner = try runner(["MODE": "departures"])
    let start = Date(timeIntervalSince1970: 1_796_000_000)
    var log: [String] = []
    runner.hasSources(true, now: start, starting: true)
    runner.step(now: start) { log.append($0) }
    finish(&runner, at: start, log: &log, lines: 1)
    #expect(log == ["동기화: 새로 1 · 바뀜 0 · 건너뜀 0; 출발 캘린더: 새로 1 · 바뀜 0 · 지움 0"])
  }

  /// Steps the runner until its sync has ended (the log has `lines` lines, or it is not
  /// running), at most `hangGuard`.
  func finish(_ runner: inout SyncRunner, at now: Date, log: inout [String], lines: Int? = nil) {
    eventually {
      guard runner.isRunning, log.count != lines else { return true }
      runner.step(now: now) { log.append($0) }
      return false
    }
  }

  func ranLines() -> [String] {
    ((try? String(contentsOfFile: runs, encoding: .utf8)) ?? "").split(separator: "\n").map(
      String.init)
  }

  @Test func aSyncAtStartThenOneAtATimeWithItsSummaryLogged() throws {
    var runner = try runner(["SLEEP": "0.3"])
    let start = Date(timeIntervalSince1970: 1_796_000_000)
    var log: [String] = []
    runner.hasSources(true, now: start, starting: true)
    runner.step(now: start) { log.append($0) }
    #expect(runner.isRunning)
    // Due again while it runs (a resume): not a second child, but one more after it.
    runner.ask(now: start)
    runner.step(now: start) { log.append($0) }
    finish(&runner, at: start, log: &log, lines: 1)
    #expect(log == ["동기화: 새로 1 · 바뀜 0 · 건너뜀 0"])
    #expect(runner.isRunning)
    finish(&runner, at: start, log: &log)
    #expect(log.count == 2)
    #expect(ranLines() == Array(repeating: "--db \(folder.path)/c.db sync --quiet", count: 2))
    #expect(runner.wake(now: start) == start.addingTimeInterval(900))
    // Not due yet: nothing starts.
    runner.step(now: start.addingTimeInterval(899)) { log.append($0) }
    #expect(!runner.isRunning)
    runner.step(now: start.addingTimeInterval(900)) { log.append($0) }
    #expect(runner.isRunning)
    finish(&runner, at: start, log: &log)
    #expect(ranLines().count == 3)
  }

  @Test func aFailedSyncIsOneLineOfTheLog() throws {
    var runner = try runner(["MODE": "fail"])
    let start = Date(timeIntervalSince1970: 1_796_000_000)
    var log: [String] = []
    runner.hasSources(true, now: start, starting: true)
    runner.step(now: start) { log.append($0) }
    finish(&runner, at: start, log: &log)
    #expect(
      log == [
        "동기화하지 못했습니다 (상태 1): 캘린더 'cloud': 서버가 로그인을 거절했습니다 (HTTP 401, "
          + "https://dav.example.org/); 캘린더 'work': 서버에 연결할 수 없습니다"
      ])
  }

  /// No CalDAV source: nothing runs; the first one added is synced after an interval, since
  /// `source add` has just synced it.
  @Test func withoutSourcesNothingRuns() throws {
    var runner = try runner([:])
    let start = Date(timeIntervalSince1970: 1_796_000_000)
    runner.hasSources(false, now: start, starting: true)
    runner.step(now: start) { _ in Issue.record("nothing should be said") }
    #expect(!runner.isRunning)
    #expect(runner.wake(now: start) == nil)
    runner.ask(now: start)
    #expect(runner.wake(now: start) == nil)
    runner.hasSources(true, now: start, starting: false)
    #expect(runner.wake(now: start) == start.addingTimeInterval(900))
    #expect(ranLines().isEmpty)
  }
}
