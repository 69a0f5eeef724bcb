import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `plan --from --to` asking the route chain the settings name, against local services.
@Suite struct PlanRouteTests {
  static let key = "kakao-rest-key-5d1e8b"
  /// 망원역 to 판교역 by car, at 7 p.m., seen at 5 p.m.: the departure is more than half an hour
  /// ahead, so Kakao's future directions are asked.
  static let plan = [
    "plan", "--at", "2027-01-12T19:00:00+09:00", "--from", "37.556,126.91", "--to",
    "37.3947,127.1112", "--mode", "car", "--now", "2027-01-12T17:00:00+09:00",
  ]

  /// A workspace whose car chain is Kakao at `url`, its key printed by a command.
  static func kakao(at url: String) -> Workspace {
    let workspace = Workspace()
    let keyFile = workspace.folder + "/kakao-key"
    _ = FileManager.default.createFile(atPath: keyFile, contents: Data((key + "\n").utf8))
    for (name, value) in [
      ("route.car", "kakao"), ("kakao.url", url), ("kakao.key-command", "cat '\(keyFile)'"),
      ("route.timeout", "1s"),
    ] {
      #expect(workspace.run(["config", "set", name, value]).exitCode == 0)
    }
    return workspace
  }

  @Test func kakaosAnswerIsTheTripAndTheSourceIsNamedInTextAndJSON() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakao, in: folder)
    let workspace = Self.kakao(at: server.url)
    let text = workspace.run(Self.plan)
    #expect(text.standardError == "")
    #expect(text.exitCode == 0)
    let departure = try #require(
      text.standardOutput.split(separator: "\n").first { $0.hasPrefix("출발") })
    // 19:00 − 38 min 6 s − 10 min, floored.
    #expect(departure.hasPrefix("출발  1월 12일 (화) 오후 6:11   이동 38분 6초 (카카오 길찾기, 오후 "))
    #expect(departure.hasSuffix(" 출발 기준) + 여유 10분"))
    let json = try ImportCommandTests.json(workspace.run(Self.plan + ["--json"]))
    #expect(json["travel_source"] as? String == "kakao")
    #expect(json["travel_estimated"] as? Bool == false)
    #expect(json["travel_minutes"] as? Double == 38.1)
    let request = try #require(try server.requests().first)
    #expect(request.path == "/v1/future/directions")
    #expect(request.parameter("origin") == "126.9100000,37.5560000")
    #expect(request.header("Authorization") == "KakaoAK \(Self.key)")
    // The departure asked about is the one the text names.
    let asked = try #require(request.parameter("departure_time"))
    let hour = Int(asked.dropFirst(8).prefix(2))! - 12
    #expect(departure.contains("(카카오 길찾기, 오후 \(hour):\(asked.suffix(2)) 출발 기준)"))
  }

  struct Failing: Sendable, CustomTestStringConvertible {
    var status: Int
    var body: String
    var reason: String
    var testDescription: String { "HTTP \(status)" }
  }

  @Test(arguments: [
    Failing(status: 401, body: DocumentedAnswers.kakaoRefused, reason: "키가 거절되었습니다 (HTTP 401)"),
    Failing(status: 429, body: "{}", reason: "호출 한도를 넘었습니다 (HTTP 429)"),
    Failing(status: 500, body: "", reason: "서버가 오류로 답했습니다 (HTTP 500)"),
    Failing(status: 200, body: "<html>", reason: "답을 읽을 수 없습니다: JSON이 아니거나 이동 시간이 없습니다"),
    Failing(
      status: 200, body: DocumentedAnswers.kakaoNoRoute,
      reason: "경로를 찾지 못했습니다: 출발지와 도착지가 5 m 이내로 설정된 경우 경로를 탐색할 수 없음"),
  ])
  func aFailingServiceIsPassedOverInOneLineAndTheEstimateIsUsed(_ example: Failing) throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(status: example.status, body: example.body, in: folder)
    let workspace = Self.kakao(at: server.url)
    let outcome = workspace.run(Self.plan + ["--json"])
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardError == "chulbal: 카카오 길찾기에 실패해 추정값을 씁니다: \(example.reason)\n")
    let json = try ImportCommandTests.json(outcome)
    #expect(json["travel_source"] as? String == "estimate")
    #expect(json["travel_estimated"] as? Bool == true)
  }

  @Test func aServiceThatNeverAnswersIsGivenUpAtTheTimeout() throws {
    let listener = try SilentListener()
    let workspace = Self.kakao(at: "http://127.0.0.1:\(listener.port)")
    let outcome = workspace.run(Self.plan)
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardError == "chulbal: 카카오 길찾기에 실패해 추정값을 씁니다: 1초 안에 답이 없었습니다\n")
    #expect(outcome.standardOutput.contains("(추정)"))
  }

  @Test func aFailingKeyCommandIsPassedOverAndNoRequestIsSent() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakao, in: folder)
    let workspace = Self.kakao(at: server.url)
    #expect(
      workspace.run(["config", "set", "kakao.key-command", "echo locked >&2; exit 4"]).exitCode == 0
    )
    let outcome = workspace.run(Self.plan)
    #expect(
      outcome.standardError
        == "chulbal: 카카오 길찾기에 실패해 추정값을 씁니다: 키 명령이 상태 4로 끝났습니다 ('echo locked >&2; exit 4'): locked\n"
    )
    #expect(try server.requests().isEmpty)
  }

  @Test func theKeyIsNeverShownNorStored() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(status: 401, body: DocumentedAnswers.kakaoRefused, in: folder)
    let workspace = Self.kakao(at: server.url)
    var outcomes = [
      workspace.run(Self.plan), workspace.run(Self.plan + ["--json"]),
      workspace.run(["config", "get"]), workspace.run(["config", "get", "--json"]),
      workspace.run(["config", "get", "kakao.key-command"]), workspace.run(["doctor"]),
      workspace.run(["doctor", "--json"]),
    ]
    outcomes.append(workspace.run(["config", "set", "route.car", "kakao,estimate"]))
    for outcome in outcomes {
      #expect(!outcome.standardOutput.contains(Self.key))
      #expect(!outcome.standardError.contains(Self.key))
    }
    #expect(
      workspace.run(["config", "get", "kakao.key-command"]).standardOutput.hasPrefix("cat '"))
    let bytes = try workspace.snapshot()
    #expect(bytes.range(of: Data(Self.key.utf8)) == nil)
    #expect(bytes.range(of: Data("kakao.key-command".utf8)) != nil)
  }

  @Test func withNothingSetNoServiceIsAskedAndTheEstimateIsUsedAsBefore() throws {
    let outcome = Workspace().run(Self.plan + ["--json"])
    #expect(outcome.standardError == "")
    let json = try ImportCommandTests.json(outcome)
    #expect(json["travel_source"] as? String == "estimate")
    #expect(json["travel_estimated"] as? Bool == true)
  }

  @Test func aGivenTravelTimeIsGiven() throws {
    let json = try ImportCommandTests.json(
      Workspace().run(["plan", "--at", "2027-01-12T19:00:00+09:00", "--travel", "30m", "--json"]))
    #expect(json["travel_source"] as? String == "given")
  }

  struct Setting: Sendable, CustomTestStringConvertible {
    var key: String
    var value: String
    var shown: String?
    var testDescription: String { "\(key) \(value)" }
  }

  @Test(arguments: [
    Setting(key: "route.car", value: "kakao, tmap", shown: "kakao,tmap,estimate"),
    Setting(key: "route.transit", value: "odsay,estimate", shown: "odsay,estimate"),
    Setting(key: "route.walk", value: "estimate", shown: "estimate"),
    Setting(key: "route.bike", value: "valhalla,osrm", shown: "valhalla,osrm,estimate"),
    Setting(key: "osrm.url", value: "http://127.0.0.1:5000/", shown: "http://127.0.0.1:5000"),
    Setting(key: "osrm.url", value: "none", shown: "none"),
    Setting(key: "route.timeout", value: "10초", shown: "10s"),
    Setting(key: "route.command", value: "/bin/echo 60", shown: "/bin/echo 60"),
    Setting(key: "route.car", value: "odsay", shown: nil),
    Setting(key: "route.car", value: "kakao,kakao", shown: nil),
    Setting(key: "route.car", value: "estimate,kakao", shown: nil),
    Setting(key: "route.walk", value: "naver", shown: nil),
    Setting(key: "route.car", value: "", shown: nil),
    Setting(key: "kakao.url", value: "ftp://example.com", shown: nil),
    Setting(key: "kakao.url", value: "https://user:pw@example.com", shown: nil),
    Setting(key: "kakao.url", value: "none", shown: nil),
    Setting(key: "route.timeout", value: "0", shown: nil),
    Setting(key: "route.timeout", value: "2m", shown: nil),
    Setting(key: "kakao.key-command", value: " ", shown: nil),
    Setting(key: "route.command", value: "/nonexistent/route", shown: nil),
    Setting(key: "route.recheck", value: "1h, 30m,15분", shown: "1h,30m,15m"),
    Setting(key: "route.recheck", value: "none", shown: "none"),
    Setting(key: "route.threshold", value: "10분", shown: "10m"),
    Setting(key: "route.recheck", value: "90m,soon", shown: nil),
    Setting(key: "route.recheck", value: "30m,0", shown: nil),
    Setting(key: "route.recheck", value: "90s", shown: nil),
    Setting(key: "route.threshold", value: "30s", shown: nil),
    Setting(key: "route.threshold", value: "2h", shown: nil),
    Setting(key: "route.threshold", value: "0", shown: nil),
  ])
  func routeSettingsAreCheckedAndKeptInTheirNormalForm(_ setting: Setting) throws {
    let workspace = Workspace()
    let outcome = workspace.run(["config", "set", setting.key, setting.value])
    if let shown = setting.shown {
      #expect(outcome == Outcome(standardOutput: "\(setting.key) = \(shown)\n"))
      #expect(workspace.run(["config", "get", setting.key]).standardOutput == shown + "\n")
    } else {
      #expect(outcome.exitCode == 2)
      #expect(outcome.standardError.split(separator: "\n").count == 1)
      #expect(outcome.standardError.contains(setting.key) || setting.key == "route.command")
      #expect(outcome.standardError.contains("'\(setting.value)'"), "\(outcome.standardError)")
      #expect(!FileManager.default.fileExists(atPath: workspace.database))
    }
  }

  @Test func theDefaultsAreTheEstimateAloneAndThePublicEndpoints() {
    let workspace = Workspace()
    let get = { (key: String) in workspace.run(["config", "get", key]).standardOutput }
    #expect(get("route.car") == "estimate\n")
    #expect(get("route.timeout") == "3s\n")
    #expect(get("route.recheck") == "90m,45m,20m\n")
    #expect(get("route.threshold") == "5m\n")
    #expect(get("kakao.url") == "https://apis-navi.kakaomobility.com\n")
    #expect(get("tmap.url") == "https://apis.openapi.sk.com\n")
    #expect(get("odsay.url") == "https://api.odsay.com/v1/api\n")
    #expect(get("osrm.url") == "none\n")
    #expect(get("kakao.key-command") == "none\n")
  }
}

/// The shipped binary asking a route service, with a home of its own.
@Suite(.tags(.process)) struct RouteSignInTests {
  /// A login kept in `~/.netrc` for the service's host is a calendar's, not the service's:
  /// it is never sent with a route request.
  @Test func aLoginInNetrcIsNeverSentToARouteService() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.osrm, in: folder)
    let workspace = Workspace()
    #expect(workspace.run(["config", "set", "route.car", "osrm"]).exitCode == 0)
    #expect(workspace.run(["config", "set", "osrm.url", server.url]).exitCode == 0)
    let host = try #require(URL(string: server.url)?.host)
    let netrc = workspace.folder + "/.netrc"
    try "machine \(host) login calendar password netrc-secret-71f\n"
      .write(toFile: netrc, atomically: true, encoding: .utf8)
    chmod(netrc, 0o600)
    let planned = try ChulbalProcess.run(
      ["--db", workspace.database] + PlanRouteTests.plan, environment: ["HOME": workspace.folder])
    #expect(planned.status == 0, "\(planned.standardError)")
    #expect(planned.standardOutput.contains("OSRM"), "\(planned.standardOutput)")
    let request = try #require(try server.requests().first)
    #expect(request.header("Authorization") == nil, "\(request.headers)")
  }
}
