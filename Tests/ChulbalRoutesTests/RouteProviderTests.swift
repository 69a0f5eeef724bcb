import ChulbalCore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalRoutes

/// Each provider against a local server answering as its documentation shows: what is sent
/// (path, parameter names, coordinate order, the key's header) and what is read.
@Suite struct RouteProviderTests {
  static let key = "sk-test-4f9a2c7e"
  static let now = instant("2027-01-12T10:00:00+09:00")
  /// 망원역 to 판교역.
  static let origin = Coordinate(latitude: 37.556, longitude: 126.91)
  static let destination = Coordinate(latitude: 37.3947, longitude: 127.1112)

  static func query(_ mode: TravelMode, leaving: String = "2027-01-12T10:10:00+09:00")
    -> RouteQuery
  {
    RouteQuery(
      origin: origin, destination: destination, mode: mode, departure: instant(leaving),
      timeZone: seoul)
  }

  static let keyed: RouteKey = { () throws(RouteFailure) -> String in key }

  @Test func kakaoAsksDirectionsLongitudeFirstWithItsKeyInTheAuthorizationHeader() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakao, in: folder)
    let kakao = KakaoRoute(base: server.url, key: Self.keyed, timeout: 5, now: Self.now)
    let answer = try kakao.route(Self.query(.car))
    #expect(answer == RouteAnswer(seconds: 2286, source: .kakao, accountsForConditions: true))
    let request = try #require(try server.requests().first)
    #expect(request.method == "GET")
    #expect(request.path == "/v1/directions")
    #expect(request.parameters.map(\.name) == ["origin", "destination"])
    #expect(request.parameter("origin") == "126.9100000,37.5560000")
    #expect(request.parameter("destination") == "127.1112000,37.3947000")
    #expect(request.header("Authorization") == "KakaoAK \(Self.key)")
  }

  @Test func kakaoAsksFutureDirectionsInKoreanTimeForADepartureHoursAhead() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakao, in: folder)
    let kakao = KakaoRoute(base: server.url, key: Self.keyed, timeout: 5, now: Self.now)
    // 03:40 UTC is 12:40 in Korea.
    _ = try kakao.route(Self.query(.car, leaving: "2027-01-12T03:40:00Z"))
    let request = try #require(try server.requests().first)
    #expect(request.path == "/v1/future/directions")
    #expect(request.parameter("departure_time") == "202701121240")
  }

  @Test func kakaosNonZeroResultCodeIsNoRoute() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoNoRoute, in: folder)
    let kakao = KakaoRoute(base: server.url, key: Self.keyed, timeout: 5, now: Self.now)
    #expect(throws: RouteFailure.noRoute("출발지와 도착지가 5 m 이내로 설정된 경우 경로를 탐색할 수 없음")) {
      try kakao.route(Self.query(.car))
    }
  }

  struct FailureCase: Sendable, CustomTestStringConvertible {
    var status: Int
    var body: String
    var failure: RouteFailure
    var testDescription: String { "HTTP \(status) \(body.prefix(20))" }
  }

  @Test(arguments: [
    FailureCase(
      status: 401, body: DocumentedAnswers.kakaoRefused, failure: .keyRefused(status: 401)),
    FailureCase(status: 403, body: "{}", failure: .keyRefused(status: 403)),
    FailureCase(status: 429, body: #"{"code":-10,"msg":"quota"}"#, failure: .quota(status: 429)),
    FailureCase(status: 500, body: "", failure: .status(500)),
    FailureCase(status: 404, body: "", failure: .status(404)),
    FailureCase(
      status: 200, body: #"{"routes":[{"result_code":0,"#,
      failure: .badAnswer("JSON이 아니거나 이동 시간이 없습니다")),
  ])
  func everyHTTPProviderReadsAFailedAnswerAlikeAndNeverSaysTheKey(_ example: FailureCase) throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(status: example.status, body: example.body, in: folder)
    let providers: [any RouteProvider] = [
      KakaoRoute(base: server.url, key: Self.keyed, timeout: 5, now: Self.now),
      TmapRoute(base: server.url, key: Self.keyed, timeout: 5, now: Self.now),
      OdsayRoute(base: server.url, key: Self.keyed, timeout: 5),
    ]
    for provider in providers {
      let mode: TravelMode = provider.source == .odsay ? .transit : .car
      #expect(throws: example.failure) { try provider.route(Self.query(mode)) }
      let message = RouteChain.passedOverMessage(provider.source, example.failure, next: .estimate)
      #expect(!message.contains(Self.key))
    }
  }

  @Test func aServerThatNeverAnswersTimesOutWithinTheTimeout() throws {
    let listener = try SilentListener()
    let kakao = KakaoRoute(
      base: "http://127.0.0.1:\(listener.port)", key: Self.keyed, timeout: 1, now: Self.now)
    #expect(throws: RouteFailure.timedOut(seconds: 1)) { try kakao.route(Self.query(.car)) }
  }

  @Test func nothingListeningIsUnreachable() throws {
    let port = try SilentListener.closedPort()
    let osrm = OSRMRoute(base: "http://127.0.0.1:\(port)", timeout: 2)
    #expect {
      try osrm.route(Self.query(.car))
    } throws: { error in
      guard case .unreachable = error as? RouteFailure else { return false }
      return true
    }
  }

  @Test func tmapCarPostsLongitudeAsXWithTheAppKeyHeader() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.tmapCar, in: folder)
    let tmap = TmapRoute(base: server.url, key: Self.keyed, timeout: 5, now: Self.now)
    let answer = try tmap.route(Self.query(.car))
    #expect(answer == RouteAnswer(seconds: 2412, source: .tmap, accountsForConditions: true))
    let request = try #require(try server.requests().first)
    #expect(request.method == "POST")
    #expect(request.path == "/tmap/routes")
    #expect(request.parameter("version") == "1")
    #expect(request.header("appKey") == Self.key)
    let body = try JSONDecoder().decode([String: String].self, from: Data(request.body.utf8))
    #expect(body["startX"] == "126.9100000")
    #expect(body["startY"] == "37.5560000")
    #expect(body["endX"] == "127.1112000")
    #expect(body["endY"] == "37.3947000")
    #expect(body["reqCoordType"] == "WGS84GEO")
  }

  @Test func tmapCarAsksItsPredictionForADepartureHoursAhead() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.tmapCar, in: folder)
    let tmap = TmapRoute(base: server.url, key: Self.keyed, timeout: 5, now: Self.now)
    _ = try tmap.route(Self.query(.car, leaving: "2027-01-12T18:30:00+09:00"))
    let request = try #require(try server.requests().first)
    #expect(request.path == "/tmap/routes/prediction")
    #expect(request.body.contains(#""predictionTime":"2027-01-12T18:30:00+0900""#))
    #expect(request.body.contains(#""predictionType":"departure""#))
  }

  @Test func tmapTransitReadsTheFirstItinerarysSeconds() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.tmapTransit, in: folder)
    let tmap = TmapRoute(base: server.url, key: Self.keyed, timeout: 5, now: Self.now)
    let answer = try tmap.route(Self.query(.transit))
    #expect(answer == RouteAnswer(seconds: 873, source: .tmap, accountsForConditions: true))
    let request = try #require(try server.requests().first)
    #expect(request.method == "POST")
    #expect(request.path == "/transit/routes")
    #expect(request.header("appKey") == Self.key)
    #expect(request.body.contains(#""startX":"126.9100000""#))
    #expect(request.body.contains(#""searchDttm":"202701121010""#))
  }

  @Test func tmapTransitWithoutAPlanIsNoRoute() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.tmapTransitNoRoute, in: folder)
    let tmap = TmapRoute(base: server.url, key: Self.keyed, timeout: 5, now: Self.now)
    #expect(throws: RouteFailure.noRoute("출발지/도착지 간 거리가 가까워서 탐색된 결과 없음")) {
      try tmap.route(Self.query(.transit))
    }
  }

  @Test func odsayGivesMinutesWithLongitudeAsXAndItsKeyAsApiKey() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.odsay, in: folder)
    let odsay = OdsayRoute(base: server.url + "/v1/api", key: Self.keyed, timeout: 5)
    let answer = try odsay.route(Self.query(.transit))
    #expect(answer == RouteAnswer(seconds: 58 * 60, source: .odsay, accountsForConditions: false))
    let request = try #require(try server.requests().first)
    #expect(request.path == "/v1/api/searchPubTransPathT")
    #expect(request.parameters.map(\.name) == ["SX", "SY", "EX", "EY", "apiKey"])
    #expect(request.parameter("SX") == "126.9100000")
    #expect(request.parameter("SY") == "37.5560000")
    #expect(request.parameter("apiKey") == Self.key)
    #expect(request.header("Authorization") == nil)
  }

  @Test func odsaysErrorIsNoRoute() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.odsayNoRoute, in: folder)
    let odsay = OdsayRoute(base: server.url, key: Self.keyed, timeout: 5)
    #expect(throws: RouteFailure.noRoute("출, 도착지가 700m이내입니다.")) {
      try odsay.route(Self.query(.transit))
    }
  }

  @Test(arguments: [(TravelMode.car, "car"), (.walk, "foot"), (.bike, "bike")])
  func osrmTakesLongitudeFirstPointsInThePath(mode: TravelMode, profile: String) throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.osrm, in: folder)
    let answer = try OSRMRoute(base: server.url, timeout: 5).route(Self.query(mode))
    #expect(answer == RouteAnswer(seconds: 1726, source: .osrm, accountsForConditions: false))
    let request = try #require(try server.requests().first)
    #expect(request.path == "/route/v1/\(profile)/126.9100000,37.5560000;127.1112000,37.3947000")
    #expect(request.parameter("overview") == "false")
  }

  @Test func osrmsNoRouteComesWithA400() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(status: 400, body: DocumentedAnswers.osrmNoRoute, in: folder)
    #expect(throws: RouteFailure.noRoute("Impossible route between points")) {
      try OSRMRoute(base: server.url, timeout: 5).route(Self.query(.car))
    }
  }

  @Test func valhallaTakesLocationsCostingAndTheLocalDepartureTime() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.valhalla, in: folder)
    let answer = try ValhallaRoute(base: server.url, timeout: 5).route(Self.query(.bike))
    #expect(answer == RouteAnswer(seconds: 1772, source: .valhalla, accountsForConditions: false))
    let request = try #require(try server.requests().first)
    #expect(request.path == "/route")
    struct Sent: Decodable {
      struct Location: Decodable, Equatable { var lat, lon: Double }
      struct DateTime: Decodable, Equatable {
        var type: Int
        var value: String
      }
      var locations: [Location]
      var costing: String
      var date_time: DateTime
    }
    let sent = try JSONDecoder().decode(
      Sent.self, from: Data(try #require(request.parameter("json")).utf8))
    #expect(
      sent.locations == [.init(lat: 37.556, lon: 126.91), .init(lat: 37.3947, lon: 127.1112)])
    #expect(sent.costing == "bicycle")
    #expect(sent.date_time == .init(type: 1, value: "2027-01-12T10:10"))
  }

  @Test func valhallasNoPathIsNoRoute() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(status: 400, body: DocumentedAnswers.valhallaNoRoute, in: folder)
    #expect(throws: RouteFailure.noRoute("No path could be found for input")) {
      try ValhallaRoute(base: server.url, timeout: 5).route(Self.query(.car))
    }
  }
}
