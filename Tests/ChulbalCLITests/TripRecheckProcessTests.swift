import ChulbalCore
import ChulbalStore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `chulbal watch` asking trips again as a real process: its child `chulbal trip check`
/// against a local OSRM on the real clock, and the runner that starts it.
@Suite(.tags(.process, .realTime)) struct TripRecheckProcessTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }
  var answerFile: String { folder.path + "/answer.json" }

  /// OSRM's answer from now on: a trip of `minutes`.
  func answer(minutes: Int) throws {
    try TripRecheckWatchTests.osrm(minutes: Double(minutes)).write(
      toFile: answerFile, atomically: true, encoding: .utf8)
  }

  /// Settings for the terminal backend and OSRM at `server`, and 저녁 약속 kept through the
  /// store as a command that asked OSRM would: starting at `start`, a trip of `minutes`, no
  /// buffer, alerts `leads`.
  func setUp(server: RouteServer, start: Date, minutes: Int, leads: [Int], timeout: String = "2s")
    throws
  {
    for (key, value) in [
      ("notify.backends", "terminal"), ("notify.repeat", "0"), ("route.car", "osrm"),
      ("osrm.url", server.url), ("route.timeout", timeout),
    ] {
      let set = try chulbal(["config", "set", key, value], database: database)
      try #require(set.status == 0, "\(set.standardError)")
    }
    let store = try #require(try Store.open(path: database, create: false, expander: .libical))
    _ = try store.insert(
      Appointment(
        title: "저녁 약속", start: start, timeZone: "Asia/Seoul",
        coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276),
        origin: Origin(name: "집", coordinate: Coordinate(latitude: 37.556, longitude: 126.91)),
        mode: .car, travelSeconds: minutes * 60, travelSource: .osrm, bufferSeconds: 0,
        alertLeads: leads),
      createdAt: Date())
  }

  /// The trip grows from 35 to 45 minutes: the watch's first check moves the departure 10
  /// minutes earlier and tells of it once; a second watch asks again and tells nothing.
  @Test func aChangeFoundByTheWatchsCheckIsToldOnceAcrossARestart() throws {
    try answer(minutes: 45)
    let server = try RouteServer(answerFile: answerFile, in: folder)
    try setUp(server: server, start: Date().addingTimeInterval(3600), minutes: 35, leads: [])
    let told = "보냄 출발 바뀜 #1 저녁 약속 (출발이 10분 당겨졌습니다) → terminal"
    let first = try WatchProcess(database: database, in: folder.path)
    #expect(first.waitFor(told), "\(first.standardError)")
    #expect(first.standardError.contains("[알림] 교통 상황 때문에 출발이 10분 당겨졌습니다 · 저녁 약속 — "))
    #expect(first.waitFor("길찾기를 다시 물음: #1 저녁 약속: 출발이 10분 당겨졌습니다 ("))
    #expect(first.stop() == 0)
    let second = try WatchProcess(database: database, in: folder.path)
    // Its own check at start, which finds the trip as it is.
    #expect(eventually { (try? server.requests().count) == 2 })
    #expect(second.stop() == 0)
    #expect(!second.standardError.contains("출발 바뀜"), "\(second.standardError)")
    let show = try chulbal(["show", "1", "--json"], database: database)
    #expect(show.standardOutput.contains("\"travel_minutes\": 45"), "\(show.standardOutput)")
  }

  /// OSRM never answers, and route.timeout (60s) holds the check the watch starts for a
  /// minute: the alert due meanwhile is sent all the same, while the request is unanswered.
  @Test func aHangingServerNeverMakesAnAlertLate() throws {
    try answer(minutes: 1)
    let server = try RouteServer(answerFile: answerFile, delay: 600, in: folder)
    // Started 5 to 25 seconds into a minute, the next whole minute, the departure, comes
    // 35 to 55 seconds later: within the minute the check waits.
    while !(5...25).contains(Int(Date().timeIntervalSince1970) % 60) { usleep(200_000) }
    let departure = (Date().timeIntervalSince1970 / 60).rounded(.up) * 60
    try setUp(
      server: server, start: Date(timeIntervalSince1970: departure + 60), minutes: 1,
      leads: [0], timeout: "60s")
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(eventually { (try? server.requests().count) == 1 }, "\(watch.standardError)")
    #expect(watch.waitFor("보냄 #1 저녁 약속 (지금 출발 알림) → terminal"), "\(watch.standardError)")
    // The check has not ended: it would have said that OSRM failed.
    #expect(!watch.standardError.contains("길찾기를 다시"), "\(watch.standardError)")
    #expect(try server.requests().count == 1)
    #expect(watch.stop() == 0)
  }

  /// A stand-in for chulbal that notes its arguments and, when `HANG` is set, hangs in a
  /// `sleep` whose pid it writes there.
  func program() throws -> String {
    let path = folder.path + "/chulbal"
    let text = """
      #!/bin/sh
      echo "$*" >> "\(folder.path)/runs"
      if [ -n "$HANG" ]; then sleep 300 & echo $! >> "$HANG"; wait; fi
      echo "#1 저녁 약속: 출발이 7분 당겨졌습니다 (오후 6:15 → 오후 6:08, OSRM 길찾기)"

      """
    try writeProgram(text, to: path)
    return path
  }

  func runs() -> [String] {
    ((try? String(contentsOfFile: folder.path + "/runs", encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init)
  }

  /// Steps `runner` until its check has ended, at most `hangGuard`.
  func finish(_ runner: inout TripCheckRunner, at now: Date, log: inout [String]) {
    eventually {
      guard runner.isRunning else { return true }
      runner.step(now: now, departures: []) { log.append($0) }
      return false
    }
  }

  @Test func noProviderTripStartsNoCheck() throws {
    var runner = TripCheckRunner(
      program: try program(), database: database, variables: [:], leads: [90 * 60, 20 * 60])
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    for minutes in [0, 30, 600] {
      runner.step(now: now.addingTimeInterval(Double(minutes * 60)), departures: []) { _ in
        Issue.record("nothing should be said")
      }
    }
    #expect(!runner.isRunning)
    #expect(runner.wake(now: now, departures: []) == nil)
    #expect(runs().isEmpty)
  }

  @Test func aCheckRunsAtEachLeadAndSaysWhatMoved() throws {
    var runner = TripCheckRunner(
      program: try program(), database: database, variables: [:], leads: [90 * 60, 20 * 60])
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    let departure = now.addingTimeInterval(60 * 60)
    var log: [String] = []
    runner.step(now: now, departures: [departure]) { log.append($0) }
    #expect(runner.isRunning)
    #expect(runner.wake(now: now, departures: [departure]) == now.addingTimeInterval(5))
    finish(&runner, at: now, log: &log)
    #expect(log == ["길찾기를 다시 물음: #1 저녁 약속: 출발이 7분 당겨졌습니다 (오후 6:15 → 오후 6:08, OSRM 길찾기)"])
    #expect(runs() == ["--db \(database) trip check --quiet"])
    #expect(
      runner.wake(now: now, departures: [departure]) == departure.addingTimeInterval(-20 * 60))
  }

  /// A check that hangs is killed with what it started once past its budget, in one line of
  /// the log.
  @Test func aCheckPastItsBudgetIsKilled() throws {
    let record = folder.path + "/child"
    var runner = TripCheckRunner(
      program: try program(), database: database, variables: ["HANG": record], leads: [20 * 60],
      budget: .seconds(1))
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    var log: [String] = []
    runner.step(now: now, departures: [now.addingTimeInterval(600)]) { log.append($0) }
    finish(&runner, at: now, log: &log)
    #expect(log == ["길찾기를 다시 묻는 일이 1초 안에 끝나지 않아 멈췄습니다"])
    #expect(eventually { FileManager.default.fileExists(atPath: record) })
    let text = try String(contentsOfFile: record, encoding: .utf8)
    let child = try #require(text.split(separator: "\n").first.flatMap { pid_t($0) })
    defer { if NotifyCommandProcessTests.isLiveSleep(child) { kill(child, SIGKILL) } }
    #expect(eventually { !NotifyCommandProcessTests.isLiveSleep(child) })
  }
}
