import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `place search`, `place add --search` and `add --place --search` against local place
/// services answering as their documentation shows.
@Suite struct PlaceSearchCommandTests {
  static let key = "kakao-local-key-93be"

  /// A workspace whose Kakao key is printed by a command and whose Kakao host is `url`.
  static func kakao(at url: String) -> Workspace {
    let workspace = Workspace()
    let keyFile = workspace.folder + "/kakao-key"
    _ = FileManager.default.createFile(atPath: keyFile, contents: Data((key + "\n").utf8))
    for (name, value) in [
      ("kakao.url", url), ("kakao.key-command", "cat '\(keyFile)'"), ("route.timeout", "1s"),
    ] {
      #expect(workspace.run(["config", "set", name, value]).exitCode == 0)
    }
    return workspace
  }

  /// The documented example's first two places, as the table shows them.
  static let table = """
    번호  이름                              주소                      좌표
    1     카카오프렌즈 코엑스점             서울 강남구 영동대로 513  37.51207412593136,127.05902969025047
    2     카카오프렌즈 스타필드 코엑스몰점  서울 강남구 삼성동 159    37.5115032,127.0587241

    """

  @Test func withoutAServiceItSaysHowToSetOneUpWritesNothingAndExitsOne() {
    let workspace = Workspace()
    #expect(workspace.run(["config", "get", "place.search"]).standardOutput == "none\n")
    for line in [["place", "search", "강남역"], ["place", "add", "역", "--search", "강남역"]] {
      let outcome = workspace.run(line)
      #expect(outcome.exitCode == 1)
      #expect(outcome.standardOutput == "")
      #expect(
        outcome.standardError
          == "chulbal: 장소를 찾을 서비스가 없습니다. 카카오 REST API 키가 있으면 chulbal config set kakao.key-command '키를 출력하는 명령', 없으면 chulbal config set place.search nominatim\n"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
  }

  @Test func aKakaoKeyMakesKakaoTheServiceAndItsPlacesANumberedTable() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let workspace = Self.kakao(at: server.url)
    #expect(workspace.run(["config", "get", "place.search"]).standardOutput == "kakao\n")
    let outcome = workspace.run(["place", "search", "카카오프렌즈"])
    #expect(outcome.standardError == "")
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput == Self.table)
    let request = try #require(try server.requests().first)
    #expect(request.path == "/v2/local/search/keyword.json")
    #expect(request.parameter("query") == "카카오프렌즈")
    #expect(request.parameter("size") == "10")
    #expect(request.header("Authorization") == "KakaoAK \(Self.key)")
  }

  @Test func nearASavedPlaceSendsItsCoordinateAndShowsTheDistanceKakaoDocuments() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let workspace = Self.kakao(at: server.url)
    // The point the documented example searches around.
    let added = workspace.run(
      ["place", "add", "회사", "--coord", "37.514322572335935,127.06283102249932"])
    #expect(added.exitCode == 0)
    let outcome = workspace.run(["place", "search", "카카오프렌즈", "--near", "회사", "--limit", "2"])
    #expect(outcome.exitCode == 0)
    let request = try #require(try server.requests().first)
    #expect(request.parameter("x") == "127.0628310")
    #expect(request.parameter("y") == "37.5143226")
    #expect(request.parameter("sort") == "distance")
    #expect(request.parameter("size") == "2")
    // The fixture's `distance` fields, in metres, as the documentation gives them.
    let documented =
      try JSONSerialization.jsonObject(
        with: Data(DocumentedAnswers.kakaoKeyword.utf8)) as? [String: Any]
    let distances = try #require(documented?["documents"] as? [[String: Any]]).compactMap {
      $0["distance"] as? String
    }
    #expect(distances == ["418", "479"])
    let lines = outcome.standardOutput.split(separator: "\n")
    #expect(lines.first?.hasSuffix("좌표                                  거리") == true)
    #expect(lines.dropFirst().map { String($0.suffix(4)) } == distances.map { $0 + "m" })
  }

  @Test func jsonIsAnArrayOfNameAddressCoordinateAndDistanceWhenNear() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let workspace = Self.kakao(at: server.url)
    let plain = workspace.run(["place", "search", "카카오프렌즈", "--json"])
    #expect(plain.exitCode == 0)
    let places = try #require(
      try JSONSerialization.jsonObject(with: Data(plain.standardOutput.utf8)) as? [[String: Any]])
    #expect(places.count == 2)
    #expect(places[0]["name"] as? String == "카카오프렌즈 코엑스점")
    #expect(places[0]["address"] as? String == "서울 강남구 영동대로 513")
    // Every digit the service gave (Foundation's JSON reader would round the last).
    #expect(plain.standardOutput.contains("37.51207412593136"))
    #expect(plain.standardOutput.contains("127.05902969025047"))
    #expect(places[0]["coord"] as? [String: Double] != nil)
    #expect(places[0]["distance_m"] == nil)
    let near = workspace.run([
      "place", "search", "카카오프렌즈", "--json", "--near", "37.514322572335935,127.06283102249932",
    ])
    let nearPlaces = try #require(
      try JSONSerialization.jsonObject(with: Data(near.standardOutput.utf8)) as? [[String: Any]])
    #expect(nearPlaces.map { $0["distance_m"] as? Int } == [418, 479])
  }

  @Test func anEmptyAnswerSaysSoAndWhatToTry() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeywordEmpty, in: folder)
    let workspace = Self.kakao(at: server.url)
    let outcome = workspace.run(["place", "search", "없는곳"])
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput == "'없는곳'을 찾지 못했습니다. 다른 이름이나 주소로 찾아 보세요\n")
    let near = workspace.run(["place", "search", "없는곳", "--near", "37.5,127.0"])
    #expect(
      near.standardOutput == "'없는곳'을 찾지 못했습니다. --near 없이 찾거나 다른 이름이나 주소로 찾아 보세요\n")
    let json = workspace.run(["place", "search", "없는곳", "--json"])
    #expect(json.standardOutput == "[]\n")
  }

  typealias Failing = PlanRouteTests.Failing

  @Test(arguments: [
    Failing(status: 401, body: DocumentedAnswers.kakaoRefused, reason: "키가 거절되었습니다 (HTTP 401)"),
    Failing(status: 429, body: "{}", reason: "호출 한도를 넘었습니다 (HTTP 429)"),
    Failing(status: 500, body: "", reason: "서버가 오류로 답했습니다 (HTTP 500)"),
    Failing(status: 200, body: "<html>", reason: "답을 읽을 수 없습니다: JSON이 아니거나 장소 목록이 없습니다"),
  ])
  func aFailingServiceIsOneLineNamingItAndExitsOne(_ example: Failing) throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(status: example.status, body: example.body, in: folder)
    let workspace = Self.kakao(at: server.url)
    for line in [
      ["place", "search", "강남역"], ["place", "add", "역", "--search", "강남역"],
      ["add", "회의", "--at", "내일 오후 3시", "--place", "강남역", "--search"],
    ] {
      let outcome = workspace.run(line)
      #expect(outcome.exitCode == 1)
      #expect(outcome.standardOutput == "")
      #expect(outcome.standardError == "chulbal: 카카오 장소 검색에 실패했습니다: \(example.reason)\n")
    }
    #expect(workspace.run(["place", "list", "--json"]).standardOutput == "[]\n")
    #expect(workspace.run(["list", "--json"]).standardOutput == "[]\n")
  }

  @Test func aServiceThatNeverAnswersIsGivenUpAtTheTimeout() throws {
    let listener = try SilentListener()
    let workspace = Self.kakao(at: "http://127.0.0.1:\(listener.port)")
    let outcome = workspace.run(["place", "search", "강남역"])
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError == "chulbal: 카카오 장소 검색에 실패했습니다: 1초 안에 답이 없었습니다\n")
  }

  @Test func nothingListeningIsUnreachable() throws {
    let port = try SilentListener.closedPort()
    let workspace = Self.kakao(at: "http://127.0.0.1:\(port)")
    let outcome = workspace.run(["place", "search", "강남역"])
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError.hasPrefix("chulbal: 카카오 장소 검색에 실패했습니다: 연결하지 못했습니다: "))
  }

  @Test func theKeyIsNeverShownNorStored() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let workspace = Self.kakao(at: server.url)
    let outcomes = [
      workspace.run(["place", "search", "카카오프렌즈"]),
      workspace.run(["place", "search", "카카오프렌즈", "--json"]),
      workspace.run(["place", "add", "코엑스", "--search", "카카오프렌즈"]),
      workspace.run(["add", "회의", "--at", "내일 오후 3시", "--place", "삼성역", "--search"]),
      workspace.run(["config", "get"]), workspace.run(["doctor"]),
    ]
    for outcome in outcomes {
      #expect(!outcome.standardOutput.contains(Self.key))
      #expect(!outcome.standardError.contains(Self.key))
    }
    let bytes = try workspace.snapshot()
    #expect(bytes.range(of: Data(Self.key.utf8)) == nil)
    #expect(try server.requests().count == 4)
  }

  @Test func placeAddSearchShowsTheFirstHitAndSavesIt() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let workspace = Self.kakao(at: server.url)
    let outcome = workspace.run(["place", "add", "코엑스", "--search", "카카오프렌즈"])
    #expect(outcome.standardError == "")
    #expect(
      outcome.standardOutput == """
        카카오 장소 검색: 카카오프렌즈 코엑스점 · 서울 강남구 영동대로 513 (37.51207412593136,127.05902969025047)
        장소 '코엑스'를 저장했습니다 (37.51207412593136,127.05902969025047)

        """)
    #expect(try server.requests().first?.parameter("size") == "1")
    #expect(
      workspace.run(["place", "list"]).standardOutput.contains(
        "코엑스  37.51207412593136,127.05902969025047"))
    // A name taken already is refused before the service is asked.
    let again = workspace.run(["place", "add", "코엑스", "--search", "카카오프렌즈"])
    #expect(again.exitCode == 2)
    #expect(try server.requests().count == 1)
  }

  @Test(arguments: [
    (
      ["place", "add", "코엑스", "--search", "카카오프렌즈", "--coord", "37.5,127.0"],
      "chulbal: --search와 --coord는 함께 쓸 수 없습니다: 좌표를 알면 찾지 않아도 됩니다\n"
    ),
    (
      ["add", "회의", "--at", "내일 오후 3시", "--search"],
      "chulbal: --search는 --place의 이름을 찾습니다: --place를 함께 주세요 (예: --place 강남역 --search)\n"
    ),
    (
      ["add", "회의", "--at", "내일 오후 3시", "--place", "역", "--coord", "37.5,127.0", "--search"],
      "chulbal: --search와 --coord는 함께 쓸 수 없습니다: 좌표를 알면 찾지 않아도 됩니다\n"
    ),
    (
      ["place", "search", "강남역", "--limit", "16"],
      nil
    ),
  ])
  func badCombinationsAreRefusedBeforeAnythingIsAsked(line: [String], message: String?) throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let workspace = Self.kakao(at: server.url)
    let outcome = workspace.run(line)
    #expect(outcome.exitCode == 2)
    if let message { #expect(outcome.standardError == message) }
    #expect(try server.requests().isEmpty)
  }

  @Test func addWithSearchLooksUpAnUnsavedPlaceOnceAndSavesIt() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let workspace = Self.kakao(at: server.url)
    let first = workspace.run([
      "add", "회의", "--at", "내일 오후 3시", "--travel", "30m", "--place", "코엑스", "--search",
    ])
    #expect(first.exitCode == 0)
    let lines = first.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.prefix(2)) == [
        "카카오 장소 검색: 카카오프렌즈 코엑스점 · 서울 강남구 영동대로 513 (37.51207412593136,127.05902969025047)",
        "장소 '코엑스'를 저장했습니다 (37.51207412593136,127.05902969025047)",
      ])
    #expect(try server.requests().first?.parameter("query") == "코엑스")
    let shown = try ImportCommandTests.json(workspace.run(["show", "1", "--json"]))
    #expect(shown["place"] as? String == "코엑스")
    // The next time the saved place answers, and the service is not asked again.
    let second = workspace.run([
      "add", "점심", "--at", "내일 오후 1시", "--travel", "30m", "--place", "코엑스", "--search",
    ])
    #expect(second.exitCode == 0)
    #expect(
      second.standardOutput.contains("저장된 장소 '코엑스'의 좌표를 씁니다 (37.51207412593136,127.05902969025047)")
    )
    #expect(try server.requests().count == 1)
  }

  @Test func addWithSearchAndJSONKeepsStandardOutputOneDocument() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let workspace = Self.kakao(at: server.url)
    let outcome = workspace.run([
      "add", "회의", "--at", "내일 오후 3시", "--travel", "30m", "--place", "코엑스", "--search", "--json",
    ])
    #expect(outcome.exitCode == 0)
    let json = try ImportCommandTests.json(outcome)
    #expect(json["place"] as? String == "코엑스")
    #expect(outcome.standardError.contains("장소 '코엑스'를 저장했습니다"))
  }

  @Test func nominatimIsAskedWithChulbalsUserAgentAndItsDataIsAttributed() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.nominatim, in: folder)
    let workspace = Workspace()
    #expect(workspace.run(["config", "set", "place.search", "nominatim"]).exitCode == 0)
    #expect(workspace.run(["config", "set", "nominatim.url", server.url]).exitCode == 0)
    let outcome = workspace.run(["place", "search", "강남역"])
    #expect(outcome.exitCode == 0)
    #expect(
      outcome.standardOutput == """
        번호  이름             주소                                                   좌표
        1     강남             강남대로, 역삼동, 강남구, 서울특별시, 06232, 대한민국  37.4979962,127.0276063
        2     강남역 지하상가  역삼동, 강남구, 서울특별시, 대한민국                   37.498,127.0276
        지도 데이터 © OpenStreetMap contributors (https://www.openstreetmap.org/copyright)

        """)
    let request = try #require(try server.requests().first)
    #expect(request.path == "/search")
    #expect(request.parameter("format") == "jsonv2")
    #expect(request.header("User-Agent")?.hasPrefix("chulbal/\(CLI.version) (") == true)
  }

  @Test(arguments: [
    (
      ["config", "set", "place.search", "naver"],
      "chulbal: place.search: 잘못된 값 'naver': kakao, nominatim, none 중 하나를 씁니다\n"
    ),
    (["config", "set", "nominatim.url", "ftp://x"], nil),
  ])
  func settingsRefuseWhatTheyCannotUse(line: [String], message: String?) {
    let workspace = Workspace()
    let outcome = workspace.run(line)
    #expect(outcome.exitCode == 2)
    if let message { #expect(outcome.standardError == message) }
  }

  @Test func placeSearchNoneTurnsKakaoOffEvenWithItsKey() throws {
    let workspace = Self.kakao(at: "http://127.0.0.1:9")
    #expect(workspace.run(["config", "set", "place.search", "none"]).exitCode == 0)
    #expect(workspace.run(["config", "get", "place.search"]).standardOutput == "none\n")
    #expect(workspace.run(["place", "search", "강남역"]).exitCode == 1)
  }

  @Test func processesPlaceAddSearchThenAddPlaceUseTheSavedPlaceWithoutTheService() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let workspace = Workspace()
    let keyFile = workspace.folder + "/kakao-key"
    _ = FileManager.default.createFile(atPath: keyFile, contents: Data((Self.key + "\n").utf8))
    let variables = [
      "CHULBAL_DB": workspace.database, "HOME": workspace.folder, "TZ": "Asia/Seoul",
    ]
    for (name, value) in [("kakao.url", server.url), ("kakao.key-command", "cat '\(keyFile)'")] {
      #expect(
        try ChulbalProcess.run(["config", "set", name, value], environment: variables).status == 0)
    }
    let saved = try ChulbalProcess.run(
      ["place", "add", "코엑스", "--search", "카카오프렌즈"], environment: variables)
    #expect(saved.standardError == "")
    #expect(saved.status == 0)
    #expect(
      saved.standardOutput.hasSuffix("장소 '코엑스'를 저장했습니다 (37.51207412593136,127.05902969025047)\n"))
    let added = try ChulbalProcess.run(
      [
        "add", "회의", "--at", "2027-01-12T15:00:00+09:00", "--travel", "30m", "--place", "코엑스",
        "--now", "2027-01-12T10:00:00+09:00",
      ],
      environment: variables)
    #expect(added.status == 0)
    #expect(
      added.standardOutput.contains("저장된 장소 '코엑스'의 좌표를 씁니다 (37.51207412593136,127.05902969025047)"))
    #expect(try server.requests().count == 1)
    #expect(!(saved.standardOutput + saved.standardError + added.standardOutput).contains(Self.key))
  }
}
