import ChulbalCore
import ChulbalStore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `trip check` against a local OSRM whose answer the test changes, run in-process, and the
/// watch around it with its waits scripted (``ScriptedWakes``): one notice for a change, the
/// alerts at their new times, nothing sent twice, and no wake-up without a provider trip.
@Suite struct TripRecheckWatchTests {
  let workspace = Workspace()
  let folder = TemporaryFolder()
  let server: RouteServer
  var answerFile: String { folder.path + "/answer.json" }

  /// 저녁 약속 at 19:00 by car, OSRM's 35 minutes and 10 of buffer: leave at 18:15, alerts at
  /// 17:45, 18:05 and 18:15.
  static let dinner = Appointment(
    title: "저녁 약속", start: at("19:00"), timeZone: "Asia/Seoul",
    coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276),
    origin: Origin(name: "집", coordinate: Coordinate(latitude: 37.556, longitude: 126.91)),
    mode: .car, travelSeconds: 35 * 60, travelSource: .osrm, bufferSeconds: 600,
    alertLeads: [30 * 60, 10 * 60, 0])

  init() throws {
    server = try RouteServer(answerFile: folder.path + "/answer.json", in: folder)
    try answer(minutes: 35)
    for (key, value) in [
      ("notify.backends", "terminal"), ("notify.repeat", "0"), ("route.car", "osrm"),
      ("osrm.url", server.url), ("route.timeout", "2s"),
    ] {
      try #require(run(["config", "set", key, value], at: "09:00").exitCode == 0)
    }
  }

  /// Keeps `appointment` as a command that asked a provider would, through the store.
  @discardableResult
  func keep(_ appointment: Appointment = dinner) throws -> Appointment {
    let store = try #require(
      try Store.open(path: workspace.database, create: false, expander: .libical))
    return try store.insert(appointment, createdAt: Self.at("09:00"))
  }

  /// OSRM's answer from now on: a trip of `minutes`.
  func answer(minutes: Double) throws {
    try Self.osrm(minutes: minutes).write(toFile: answerFile, atomically: true, encoding: .utf8)
  }

  /// What OSRM answers for a trip of `minutes` (the fields chulbal reads).
  static func osrm(minutes: Double) -> String {
    #"{"code":"Ok","routes":[{"duration":\#(minutes * 60),"distance":27104.2}]}"#
  }

  static func at(_ time: String) -> Date { instant("2027-01-12T\(time):00+09:00") }

  func run(_ arguments: [String], at time: String) -> Outcome {
    ScriptedWatchTests.run(arguments, in: workspace, at: "2027-01-12T\(time):00+09:00")
  }

  /// `trip check --quiet` run by another process at `time`, after OSRM's answer becomes
  /// `minutes`.
  func check(_ minutes: Double, at time: String) -> ScriptedWakes.Happening {
    let workspace = workspace
    let file = answerFile
    return .write(at: Self.at(time)) {
      try? Self.osrm(minutes: minutes).write(toFile: file, atomically: true, encoding: .utf8)
      ScriptedWatchTests.run(
        ["trip", "check", "--quiet"], in: workspace, at: "2027-01-12T\(time):00+09:00")
    }
  }

  func watch(from time: String, _ script: [ScriptedWakes.Happening]) -> ScriptedWatchTests.Run {
    let run = ScriptedWatchTests.watch(
      in: workspace, from: "2027-01-12T\(time):00+09:00", script)
    #expect(run.outcome.exitCode == 0, "\(run.outcome.standardError)")
    return run
  }

  @Test func aTripCheckSaysWhatMovedAndAsksTheProviderAgain() throws {
    let dinner = try keep()
    #expect(
      run(["trip", "check"], at: "17:00").standardOutput == "다시 물은 약속 1개: 출발이 5분 이상 바뀐 약속이 없습니다\n")
    try answer(minutes: 42)
    let moved = run(["trip", "check"], at: "17:30")
    #expect(
      moved.standardOutput
        == "#\(dinner.id) 저녁 약속: 출발이 7분 당겨졌습니다 (오후 6:15 → 오후 6:08, OSRM 길찾기)\n")
    // Asked twice, fresh each time, for the trip at the planned departure.
    let requests = try server.requests()
    #expect(requests.count == 2)
    #expect(requests.first?.path == "/route/v1/car/126.9100000,37.5560000;127.0276000,37.4979000")
    let show = run(["show", "\(dinner.id)", "--json"], at: "17:31").standardOutput
    #expect(show.contains("\"travel_source\": \"osrm\""), "\(show)")
    #expect(show.contains("\"departure\": \"2027-01-12T18:08:00+09:00\""), "\(show)")
    // Asked again with the same answer: nothing more moves.
    #expect(run(["trip", "check", "--quiet"], at: "17:40").standardOutput == "")
  }

  @Test func aFailingProviderLeavesTheTripAsItWas() throws {
    let dinner = try keep()
    try "not json".write(toFile: answerFile, atomically: true, encoding: .utf8)
    let outcome = run(["trip", "check", "--quiet"], at: "17:30")
    #expect(outcome.standardOutput == "")
    #expect(
      outcome.standardError.hasPrefix(
        "chulbal: #\(dinner.id) 저녁 약속: OSRM 길찾기에 실패해 전의 이동 시간을 그대로 둡니다: 답을 읽을 수 없습니다"),
      "\(outcome.standardError)")
    let store = try #require(
      try Store.open(path: workspace.database, create: false, expander: .libical))
    #expect(try store.appointment(id: dinner.id) == dinner)
  }

  /// At 17:30 the trip takes 42 minutes: leave at 18:08, 7 minutes sooner. One notice says
  /// so; the alerts come at 17:38, 17:58 and 18:08 and never at the old times; a restart
  /// tells nothing again.
  @Test func anEarlierDepartureIsToldOnceAndItsAlertsComeAtTheNewTimes() throws {
    try keep()
    let run = watch(
      from: "17:00", [check(42, at: "17:30"), .signal(SIGTERM, at: Self.at("18:20"))])
    let body = "오후 7:00 · 오후 6:08 출발 · 이동 42분"
    #expect(
      run.alerts.map { $0.components(separatedBy: " — ")[0] } == [
        "교통 상황 때문에 출발이 7분 당겨졌습니다 · 저녁 약속", "30분 뒤 출발 · 저녁 약속",
        "10분 뒤 출발 · 저녁 약속", "지금 출발하세요 · 저녁 약속",
      ], "\(run.alerts)")
    #expect(run.alerts.first == "교통 상황 때문에 출발이 7분 당겨졌습니다 · 저녁 약속 — 오후 6:08 출발")
    #expect(run.alerts.last?.hasSuffix(body) == true, "\(run.alerts.last ?? "")")
    #expect(run.log.contains("오후 5:30 보냄 출발 바뀜 #1 저녁 약속 (출발이 7분 당겨졌습니다) → terminal"), "\(run.log)")
    // Woken for the checks at 90 minutes (16:45, passed: at once) and 45 minutes before
    // leaving, for the change, then for the alerts of the new plan and the 20-minute check.
    let waits = run.wakes.waits.compactMap { $0 }
    #expect(waits.contains(Self.at("17:30")))
    #expect(waits.contains(Self.at("17:38")))
    let again = watch(from: "17:50", [.signal(SIGTERM, at: Self.at("17:55"))])
    #expect(again.alerts.isEmpty, "\(again.alerts)")
  }

  /// Moved 10 minutes later at 17:50, after the 30-minute alert of 17:45: that alert is not
  /// sent again at its new time (17:55), the others come at theirs, and a delay under 15
  /// minutes brings no notice.
  @Test func aLaterDepartureUnderFifteenMinutesIsPlannedWithoutANotice() throws {
    try keep()
    let run = watch(
      from: "17:40", [check(25, at: "17:50"), .signal(SIGTERM, at: Self.at("18:30"))])
    #expect(
      run.alerts.map { $0.components(separatedBy: " — ")[0] } == [
        "30분 뒤 출발 · 저녁 약속", "10분 뒤 출발 · 저녁 약속", "지금 출발하세요 · 저녁 약속",
      ], "\(run.alerts)")
    #expect(
      run.alerts.last?.hasSuffix("오후 6:25 출발 · 이동 25분") == true,
      "\(run.alerts.last ?? "")")
    #expect(!run.log.contains { $0.contains("출발 바뀜") }, "\(run.log)")
  }

  /// Moved 7 minutes earlier at 17:50, after the 30-minute alert of 17:45: the new plan's
  /// 30-minute alert (17:38) has passed and is not sent late on top of the notice.
  @Test func anAlertAlreadySentIsNotSentAgainAfterTheChange() throws {
    try keep()
    let run = watch(
      from: "17:40", [check(42, at: "17:50"), .signal(SIGTERM, at: Self.at("18:20"))])
    #expect(
      run.alerts.map { $0.components(separatedBy: " — ")[0] } == [
        "30분 뒤 출발 · 저녁 약속", "교통 상황 때문에 출발이 7분 당겨졌습니다 · 저녁 약속",
        "10분 뒤 출발 · 저녁 약속", "지금 출발하세요 · 저녁 약속",
      ], "\(run.alerts)")
  }

  /// No trip came from a provider: the watch wakes only for the alerts, never to ask again.
  @Test func withoutAProviderTripTheWatchNeverWakesToAskAgain() throws {
    var estimated = Self.dinner
    estimated.travelSource = .estimate
    try keep(estimated)
    let run = watch(from: "16:00", [.signal(SIGTERM, at: Self.at("18:20"))])
    #expect(
      run.wakes.waits == [
        Self.at("17:45"), Self.at("18:05"), Self.at("18:15"), Self.at("18:15") + 86_400,
      ])
    #expect(try server.requests().isEmpty)
  }

  /// With a provider trip the watch also wakes at each `route.recheck` lead before leaving.
  @Test func withAProviderTripTheWatchWakesAtEachRecheckLead() throws {
    try keep()
    let run = watch(from: "16:00", [.signal(SIGTERM, at: Self.at("18:20"))])
    #expect(
      run.wakes.waits == [
        Self.at("16:45"), Self.at("17:30"), Self.at("17:45"), Self.at("17:55"), Self.at("18:05"),
        Self.at("18:15"), Self.at("18:15") + 86_400,
      ])
  }

}
