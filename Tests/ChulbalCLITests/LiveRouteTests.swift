import ChulbalCore
import ChulbalStore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// Kept appointments asking the route chain (`add`, `edit`, `import`, `sync`) against routing
/// services on 127.0.0.1, with the answers cached in the database.
@Suite struct LiveRouteTests {
  static let key = "kakao-rest-key-live-77c1"
  static let now = "2027-01-12T17:00:00+09:00"
  /// 망원역, the default place, and 판교역.
  static let home = "37.556,126.91"
  static let pangyo = "37.3947,127.1112"
  /// 판교 by car at 7 p.m., seen at 5 p.m.
  static let add = [
    "add", "저녁", "--at", "2027-01-12T19:00:00+09:00", "--coord", pangyo, "--mode", "car",
  ]

  /// A workspace whose default place is 망원 and whose settings are `settings`.
  static func workspace(_ settings: [(String, String)]) -> Workspace {
    let workspace = Workspace()
    #expect(
      workspace.run(["place", "add", "집", "--coord", home, "--default"]).exitCode == 0)
    for (name, value) in settings {
      #expect(workspace.run(["config", "set", name, value]).exitCode == 0)
    }
    return workspace
  }

  /// Kakao at `url` for cars, its key printed by a command.
  static func kakao(at url: String, _ more: [(String, String)] = []) -> Workspace {
    let workspace = workspace([])
    let keyFile = workspace.folder + "/kakao-key"
    _ = FileManager.default.createFile(atPath: keyFile, contents: Data((key + "\n").utf8))
    for (name, value) in [
      ("route.car", "kakao"), ("kakao.url", url), ("kakao.key-command", "cat '\(keyFile)'"),
      ("route.timeout", "2s"),
    ] + more {
      #expect(workspace.run(["config", "set", name, value]).exitCode == 0)
    }
    return workspace
  }

  /// OSRM at `url` for cars, the default mode.
  static func osrm(at url: String, _ more: [(String, String)] = []) -> Workspace {
    workspace([("route.car", "osrm"), ("osrm.url", url), ("mode", "car")] + more)
  }

  /// `show N --json` of the appointment numbered `id`.
  static func shown(_ workspace: Workspace, _ id: Int, now: String = now) throws -> [String: Any] {
    try ImportCommandTests.json(workspace.run(["show", "\(id)", "--json", "--now", now]))
  }

  /// `오후 6:13`: Kakao's `departure_time` (`yyyyMMddHHmm`, an afternoon) as text says it.
  static func afternoon(_ asked: String) -> String {
    "오후 \(Int(asked.dropFirst(8).prefix(2))! - 12):\(asked.suffix(2))"
  }

  @Test func addKeepsKakaosTripNamingTheDepartureItWasAskedFor() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakao, in: folder)
    let workspace = Self.kakao(at: server.url)
    let outcome = workspace.run(Self.add + ["--now", Self.now])
    #expect(outcome.standardError == "")
    #expect(outcome.exitCode == 0)
    let requests = try server.requests()
    try #require(requests.count == 1)
    #expect(requests[0].path == "/v1/future/directions")
    #expect(requests[0].parameter("destination") == "127.1112000,37.3947000")
    let asked = Self.afternoon(try #require(requests[0].parameter("departure_time")))
    // 19:00 less Kakao's 38 min 6 s and the buffer, floored.
    #expect(
      outcome.standardOutput
        == "#1 저녁 — 1월 12일 (화) 오후 7:00 · 오후 6:11 출발 · 이동 38분 6초 (카카오 길찾기, \(asked) 출발 기준) + 여유 10분\n"
    )
    let json = try Self.shown(workspace, 1)
    #expect(json["travel_source"] as? String == "kakao")
    #expect(json["travel_estimated"] as? Bool == false)
    let list = try #require(
      try JSONSerialization.jsonObject(
        with: Data(workspace.run(["list", "--json", "--now", Self.now]).standardOutput.utf8))
        as? [[String: Any]])
    #expect(list.first?["travel_source"] as? String == "kakao")
    #expect(list.first?["travel_estimated"] as? Bool == false)
    let show = workspace.run(["show", "1", "--now", Self.now]).standardOutput
    #expect(show.contains("자동차 · 38분 6초 (카카오 길찾기, \(asked) 출발 기준)"))
    // The key went in the header and nowhere else: not into the database.
    #expect(requests[0].header("Authorization") == "KakaoAK \(Self.key)")
    let bytes = try workspace.snapshot()
    #expect(bytes.range(of: Data(Self.key.utf8)) == nil)
    #expect(
      try Store.open(path: workspace.database, access: .reading, expander: .libical)?
        .cachedRoutes(
          now: instant(Self.now), settings: RouteSettings.defaults
        ).routes.map(\.answer.seconds) == [2286])
  }

  @Test func aSecondAddInTheSameSlotAsksNothingAndOneAfterRouteCacheAsksAgain() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakao, in: folder)
    let workspace = Self.kakao(at: server.url)
    #expect(workspace.run(Self.add + ["--now", Self.now]).exitCode == 0)
    #expect(workspace.run(Self.add + ["--now", Self.now, "--yes"]).exitCode == 0)
    #expect(try server.requests().count == 1)
    #expect(try Self.shown(workspace, 2)["travel_source"] as? String == "kakao")
    // Past the 30 minutes of `route.cache`.
    let later = "2027-01-12T17:31:00+09:00"
    #expect(workspace.run(Self.add + ["--now", later, "--yes"]).exitCode == 0)
    #expect(try server.requests().count == 2)
    #expect(try Self.shown(workspace, 3, now: later)["travel_source"] as? String == "kakao")
  }

  @Test func aFailingProviderLeavesTheEstimateWithOneLineAndTheAddSucceeds() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(status: 500, body: "", in: folder)
    let workspace = Self.kakao(at: server.url)
    let outcome = workspace.run(Self.add + ["--now", Self.now])
    #expect(outcome.exitCode == 0)
    #expect(
      outcome.standardError == "chulbal: 카카오 길찾기에 실패해 추정값을 씁니다: 서버가 오류로 답했습니다 (HTTP 500)\n")
    #expect(outcome.standardOutput.contains("(추정)"))
    #expect(try Self.shown(workspace, 1)["travel_source"] as? String == "estimate")
  }

  @Test func editingThePlaceAsksForTheNewTrip() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.osrm, in: folder)
    let workspace = Self.osrm(at: server.url)
    #expect(workspace.run(Self.add + ["--travel", "20m", "--now", Self.now]).exitCode == 0)
    #expect(try server.requests().isEmpty)
    let edit = workspace.run(["edit", "1", "--coord", "37.4979,127.0276", "--now", Self.now])
    #expect(edit.exitCode == 0)
    #expect(edit.standardError == "")
    let requests = try server.requests()
    try #require(requests.count == 1)
    #expect(requests[0].path == "/route/v1/car/126.9100000,37.5560000;127.0276000,37.4979000")
    let json = try Self.shown(workspace, 1)
    #expect(json["travel_source"] as? String == "osrm")
    // OSRM's 1725.3 seconds, rounded up.
    #expect((json["travel_minutes"] as? Double).map { ($0 * 60).rounded() } == 1726)
  }

  @Test func planningTheDayAgainKeepsAProviderTripWhoseAnswerHasLeftTheCache() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakao, in: folder)
    let workspace = Self.kakao(at: server.url)
    #expect(workspace.run(Self.add + ["--now", Self.now]).exitCode == 0)
    // An hour later, past `route.cache`: another appointment that evening plans the day again.
    let later = "2027-01-12T18:00:00+09:00"
    let second = workspace.run([
      "add", "야식", "--at", "2027-01-12T21:30:00+09:00", "--coord", "37.4979,127.0276", "--mode",
      "car", "--now", later,
    ])
    #expect(second.exitCode == 0)
    // Only the new trip was asked (from 판교, where 저녁 is).
    let requests = try server.requests()
    #expect(requests.count == 2)
    #expect(requests.last?.parameter("origin") == "127.1112000,37.3947000")
    let first = try Self.shown(workspace, 1, now: later)
    #expect(first["travel_source"] as? String == "kakao")
    #expect(first["travel_minutes"] as? Double == 38.1)
  }

  @Test func anEditThatLeavesTheTripAloneKeepsItWithoutAsking() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakao, in: folder)
    let workspace = Self.kakao(at: server.url)
    #expect(workspace.run(Self.add + ["--now", Self.now]).exitCode == 0)
    // Past `route.cache`: only the held trip can keep Kakao's time.
    let later = "2027-01-12T18:00:00+09:00"
    let edit = workspace.run(["edit", "1", "--note", "창가 자리", "--now", later])
    #expect(edit.exitCode == 0)
    #expect(edit.standardError == "")
    #expect(try server.requests().count == 1)
    let json = try Self.shown(workspace, 1, now: later)
    #expect(json["travel_source"] as? String == "kakao")
    #expect(json["travel_minutes"] as? Double == 38.1)
  }

  @Test func aTripThePersonCorrectsWinsOverAProvidersBetweenTheSamePlaces() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakao, in: folder)
    let workspace = Self.kakao(at: server.url)
    #expect(workspace.run(Self.add + ["--now", Self.now]).exitCode == 0)
    let friday = [
      "add", "금요일 저녁", "--at", "2027-01-15T19:00:00+09:00", "--coord", Self.pangyo, "--mode",
      "car", "--now", Self.now,
    ]
    #expect(workspace.run(friday).exitCode == 0)
    #expect(try Self.shown(workspace, 2)["travel_source"] as? String == "kakao")
    let edit = workspace.run(["edit", "1", "--travel", "1h", "--now", Self.now])
    #expect(edit.exitCode == 0)
    let json = try Self.shown(workspace, 2)
    #expect(json["travel_source"] as? String == "remembered")
    #expect(json["travel_minutes"] as? Double == 60)
  }

  /// A calendar of `count` events with coordinates, one a day at 7 p.m. from 13 January 2027.
  static func calendar(_ count: Int) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//chulbal tests//EN"]
    let format = DateFormatter()
    format.dateFormat = "yyyyMMdd"
    format.timeZone = TimeZone(identifier: "UTC")
    for day in 0..<count {
      let stamp = format.string(
        from: Date(timeIntervalSince1970: 1_799_798_400 + Double(day) * 86_400))
      lines += [
        "BEGIN:VEVENT", "UID:event-\(day)", "DTSTAMP:20270101T000000Z",
        "DTSTART:\(stamp)T100000Z", "DURATION:PT1H", "SUMMARY:약속 \(day)",
        "GEO:37.3947;127.1112", "END:VEVENT",
      ]
    }
    return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
  }

  /// Writes `calendar(count)` into the workspace and imports it.
  static func importing(_ count: Int, into workspace: Workspace) -> Outcome {
    let path = workspace.folder + "/calendar.ics"
    _ = FileManager.default.createFile(atPath: path, contents: Data(calendar(count).utf8))
    return workspace.run(["import", path, "--now", now])
  }

  static func sources(_ workspace: Workspace) throws -> [String] {
    try ImportCommandTests.stored(workspace).values.sorted { $0.start < $1.start }
      .map(\.travelSource.rawValue)
  }

  @Test func anImportSendsNoMoreThanRouteLimitAndSaysHowManyKeptTheEstimate() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.osrm, in: folder)
    let workspace = Self.osrm(at: server.url, [("route.limit", "5")])
    let outcome = Self.importing(30, into: workspace)
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardError == "")
    #expect(try server.requests().count == 5)
    #expect(outcome.standardOutput.contains("\n길찾기 요청 한도(5)에 닿아 25개는 추정값을 씁니다\n"))
    let sources = try Self.sources(workspace)
    #expect(sources.filter { $0 == "osrm" }.count == 5)
    #expect(sources.filter { $0 == "estimate" }.count == 25)
  }

  @Test func anImportAsksAtMostFourAtOnceAndTheNextOneAsksNothingAgain() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.osrm, delay: 0.2, in: folder)
    let workspace = Self.osrm(at: server.url)
    #expect(Self.importing(12, into: workspace).exitCode == 0)
    let requests = try server.requests()
    #expect(requests.count == 12)
    #expect(requests.map(\.inFlight).max() ?? 0 <= 4)
    #expect(try Self.sources(workspace) == Array(repeating: "osrm", count: 12))
    // The same calendar again changes nothing, and asks nothing.
    #expect(Self.importing(12, into: workspace).exitCode == 0)
    #expect(try server.requests().count == 12)
    #expect(try Self.sources(workspace) == Array(repeating: "osrm", count: 12))
  }

  @Test func aProviderFailingThroughAnImportIsSaidOnce() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(status: 429, body: "{}", in: folder)
    let workspace = Self.osrm(at: server.url)
    let outcome = Self.importing(6, into: workspace)
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardError == "chulbal: OSRM 길찾기에 실패해 추정값을 씁니다: 호출 한도를 넘었습니다 (HTTP 429)\n")
    #expect(try server.requests().count == 6)
    #expect(try Self.sources(workspace) == Array(repeating: "estimate", count: 6))
  }

  @Test func aSyncAsksForTheTripsOfTheEventsItBrings() throws {
    let folder = TemporaryFolder()
    let routes = try RouteServer(body: DocumentedAnswers.osrm, in: folder)
    let setup = try FeedSourceTests.Setup(FeedSourceTests.served(Self.calendar(0)))
    for (name, value) in [
      ("route.car", "osrm"), ("osrm.url", routes.url), ("mode", "car"),
    ] {
      #expect(setup.run(["config", "set", name, value]).exitCode == 0)
    }
    #expect(setup.run(["place", "add", "집", "--coord", Self.home, "--default"]).exitCode == 0)
    #expect(setup.run(["source", "add", setup.address, "--now", Self.now]).exitCode == 0)
    try setup.serve(FeedSourceTests.served(Self.calendar(3), etag: "\"v2\""))
    let sync = setup.run(["sync", "--now", "2027-01-12T18:30:00+09:00"])
    #expect(sync.standardError == "")
    #expect(sync.exitCode == 0)
    #expect(try routes.requests().count == 3)
    #expect(try Self.sources(setup.workspace) == ["osrm", "osrm", "osrm"])
  }
}

/// A provider trip from the default place, asked again before leaving, and the day planned
/// again afterwards: the trip the check found stands.
@Suite struct RecheckedTripTests {
  @Test func aTripTheCheckFoundSurvivesTheDayBeingPlannedAgain() throws {
    let folder = TemporaryFolder()
    let answer = folder.path + "/answer.json"
    try TripRecheckWatchTests.osrm(minutes: 35).write(
      toFile: answer, atomically: true, encoding: .utf8)
    let server = try RouteServer(answerFile: answer, in: folder)
    let workspace = LiveRouteTests.osrm(at: server.url)
    let now = ["--now", LiveRouteTests.now]
    #expect(workspace.run(LiveRouteTests.add + now).exitCode == 0)
    #expect(try LiveRouteTests.shown(workspace, 1)["travel_minutes"] as? Double == 35)
    try TripRecheckWatchTests.osrm(minutes: 45).write(
      toFile: answer, atomically: true, encoding: .utf8)
    let checked = workspace.run(["trip", "check"] + now)
    #expect(checked.exitCode == 0, "\(checked.standardError)")
    #expect(checked.standardOutput.contains("출발이 10분 당겨졌습니다"), "\(checked.standardOutput)")
    #expect(try LiveRouteTests.shown(workspace, 1)["travel_minutes"] as? Double == 45)
    // Another appointment that day plans its trips again, from the cache and what is kept.
    #expect(
      workspace.run(
        ["add", "아침", "--at", "2027-01-12T21:30:00+09:00", "--coord", "37.5665,126.978"] + now
      ).exitCode == 0)
    let shown = try LiveRouteTests.shown(workspace, 1)
    #expect(shown["travel_minutes"] as? Double == 45, "\(shown)")
    #expect(shown["travel_source"] as? String == "osrm")
  }
}

/// Which answer a trip check may put in place of a provider's trip.
@Suite struct TripCheckReplacementTests {
  static func trip(_ source: RouteSource) -> Appointment {
    Appointment(
      title: "저녁", start: instant("2027-01-12T19:00:00+09:00"), timeZone: "Asia/Seoul",
      mode: .car, travelSeconds: 2100, travelSource: TravelSource(source), bufferSeconds: 0,
      alertLeads: [])
  }

  @Test(arguments: [
    (RouteSource.kakao, RouteSource.kakao, [RouteSource.kakao, .osrm, .estimate], true),
    (.kakao, .osrm, [.kakao, .osrm, .estimate], false),
    (.kakao, .estimate, [.kakao, .osrm, .estimate], false),
    (.osrm, .kakao, [.kakao, .osrm, .estimate], true),
    // The chain was changed since: its first answer stands, never the estimate.
    (.tmap, .osrm, [.osrm, .estimate], true),
    (.tmap, .estimate, [.osrm, .estimate], false),
  ])
  func onlyItsOwnProviderOrAnEarlierOneReplacesATrip(
    held: RouteSource, answered: RouteSource, chain: [RouteSource], replaces: Bool
  ) {
    #expect(TripCheckCommand.mayReplace(Self.trip(held), with: answered, chain: chain) == replaces)
  }
}

/// A change of the default place asks the route providers for the trips it plans again.
@Suite struct DefaultPlaceRouteTests {
  @Test func movingTheDefaultPlaceAsksTheProviderForTheTripsAhead() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: TripRecheckWatchTests.osrm(minutes: 41), in: folder)
    let workspace = LiveRouteTests.osrm(at: server.url)
    let now = ["--now", LiveRouteTests.now]
    #expect(workspace.run(LiveRouteTests.add + now).exitCode == 0)
    let before = try server.requests().count
    let moved = workspace.run(["place", "edit", "집", "--coord", "37.5547,126.9707"])
    #expect(moved.exitCode == 0, "\(moved.standardError)")
    #expect(try server.requests().count == before + 1)
    let shown = try LiveRouteTests.shown(workspace, 1)
    #expect(shown["travel_source"] as? String == "osrm", "\(shown)")
    #expect(shown["travel_minutes"] as? Double == 41)
  }
}
