import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalRoutes

/// Each place search against a local server answering as its documentation shows: what is
/// sent (path, parameter names, coordinate order, the key's header or the User-Agent) and what
/// is read.
@Suite struct PlaceSearchTests {
  static let key = "kakao-local-key-7c1d"
  static let keyed: RouteKey = { () throws(RouteFailure) -> String in key }
  /// Where the documented example searches around (x, y on the page).
  static let coex = Coordinate(latitude: 37.514322572335935, longitude: 127.06283102249932)

  @Test func kakaoAsksTheKeywordSearchWithItsKeyAndReadsNameAddressAndCoordinate() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let kakao = KakaoPlaceSearch(base: server.url, key: Self.keyed, timeout: 5)
    let places = try kakao.search("카카오프렌즈", near: nil, limit: 10)
    #expect(
      places == [
        FoundPlace(
          name: "카카오프렌즈 코엑스점", address: "서울 강남구 영동대로 513",
          coordinate: Coordinate(latitude: 37.51207412593136, longitude: 127.05902969025047)),
        // No road address: the lot address instead.
        FoundPlace(
          name: "카카오프렌즈 스타필드 코엑스몰점", address: "서울 강남구 삼성동 159",
          coordinate: Coordinate(latitude: 37.5115032, longitude: 127.0587241)),
      ])
    let request = try #require(try server.requests().first)
    #expect(request.method == "GET")
    #expect(request.path == "/v2/local/search/keyword.json")
    #expect(request.parameters.map(\.name) == ["query", "size"])
    #expect(request.parameter("query") == "카카오프렌즈")
    #expect(request.parameter("size") == "10")
    #expect(request.header("Authorization") == "KakaoAK \(Self.key)")
  }

  @Test func kakaoNearAPointSendsLongitudeAsXAndSortsByDistance() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.kakaoKeyword, in: folder)
    let kakao = KakaoPlaceSearch(base: server.url, key: Self.keyed, timeout: 5)
    let places = try kakao.search("카카오프렌즈", near: Self.coex, limit: 1)
    #expect(places.map(\.name) == ["카카오프렌즈 코엑스점"])
    let request = try #require(try server.requests().first)
    #expect(request.parameters.map(\.name) == ["query", "x", "y", "sort", "size"])
    #expect(request.parameter("x") == "127.0628310")
    #expect(request.parameter("y") == "37.5143226")
    #expect(request.parameter("sort") == "distance")
    #expect(request.parameter("size") == "1")
  }

  @Test func nominatimSendsItsQueryAndNamesChulbalInTheUserAgentWithNoKey() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.nominatim, in: folder)
    let nominatim = NominatimPlaceSearch(
      base: server.url, userAgent: "chulbal/9.9 (test)", timeout: 5, spacing: nil)
    let places = try nominatim.search("강남역", near: nil, limit: 5)
    #expect(
      places == [
        FoundPlace(
          name: "강남", address: "강남대로, 역삼동, 강남구, 서울특별시, 06232, 대한민국",
          coordinate: Coordinate(latitude: 37.4979962, longitude: 127.0276063)),
        FoundPlace(
          name: "강남역 지하상가", address: "역삼동, 강남구, 서울특별시, 대한민국",
          coordinate: Coordinate(latitude: 37.498, longitude: 127.0276)),
      ])
    let request = try #require(try server.requests().first)
    #expect(request.path == "/search")
    #expect(request.parameters.map(\.name) == ["q", "format", "limit", "accept-language"])
    #expect(request.parameter("q") == "강남역")
    #expect(request.parameter("format") == "jsonv2")
    #expect(request.parameter("limit") == "5")
    #expect(request.header("User-Agent") == "chulbal/9.9 (test)")
    #expect(request.header("Authorization") == nil)
  }

  @Test func nominatimNearAPointPrefersAViewboxLongitudeFirst() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(body: DocumentedAnswers.nominatim, in: folder)
    let nominatim = NominatimPlaceSearch(
      base: server.url, userAgent: "chulbal/9.9 (test)", timeout: 5, spacing: nil)
    _ = try nominatim.search("강남역", near: Coordinate(latitude: 37.5, longitude: 127), limit: 5)
    let request = try #require(try server.requests().first)
    #expect(request.parameter("viewbox") == "126.9000000,37.6000000,127.1000000,37.4000000")
    #expect(request.parameter("bounded") == nil)
  }

  typealias FailureCase = RouteProviderTests.FailureCase

  @Test(arguments: [
    FailureCase(
      status: 401, body: DocumentedAnswers.kakaoRefused, failure: .keyRefused(status: 401)),
    FailureCase(status: 429, body: "{}", failure: .quota(status: 429)),
    FailureCase(status: 500, body: "", failure: .status(500)),
    FailureCase(
      status: 200, body: #"{"documents":[{"place_name":"#,
      failure: .badAnswer("JSON이 아니거나 장소 목록이 없습니다")),
  ])
  func bothServicesReadAFailedAnswerAsTheRouteProvidersDo(_ example: FailureCase) throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(status: example.status, body: example.body, in: folder)
    let searches: [any PlaceSearch] = [
      KakaoPlaceSearch(base: server.url, key: Self.keyed, timeout: 5),
      NominatimPlaceSearch(base: server.url, userAgent: "chulbal/test", timeout: 5, spacing: nil),
    ]
    for search in searches {
      #expect(throws: example.failure) { try search.search("강남역", near: nil, limit: 3) }
      #expect(!example.failure.message.contains(Self.key))
    }
  }

  @Test func aCoordinateOutOfRangeIsABadAnswer() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(
      body: #"[{"lat":"95","lon":"127","display_name":"x"}]"#, in: folder)
    let nominatim = NominatimPlaceSearch(
      base: server.url, userAgent: "chulbal/test", timeout: 5, spacing: nil)
    #expect(throws: RouteFailure.badAnswer("읽을 수 없는 좌표입니다: '95,127'")) {
      try nominatim.search("x", near: nil, limit: 1)
    }
  }

  @Test func aServerThatNeverAnswersTimesOut() throws {
    let listener = try SilentListener()
    let kakao = KakaoPlaceSearch(
      base: "http://127.0.0.1:\(listener.port)", key: Self.keyed, timeout: 1)
    #expect(throws: RouteFailure.timedOut(seconds: 1)) {
      try kakao.search("강남역", near: nil, limit: 1)
    }
  }
}

/// ``RequestSpacing`` with a scripted clock: how long it waits is read from the clock's
/// sleeps, never measured.
@Suite struct RequestSpacingTests {
  /// Writes a stamp last renewed at `instant`.
  static func stamp(_ path: String, at instant: Date) throws {
    try Data("1".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.modificationDate: instant], ofItemAtPath: path)
  }

  @Test func aRequestLessThanASecondAfterTheLastWaitsTheRestAndRenewsTheStamp() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/stamp"
    // The stamp is renewed with the real clock, so the scripted one starts a while before it.
    let last = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 60).rounded(.down))
    try Self.stamp(path, at: last)
    let clock = ScriptedClock(now: last.addingTimeInterval(0.25))
    let answer = try RequestSpacing(path: path, clock: clock).spaced {
      () throws(RouteFailure) in 7
    }
    #expect(answer == 7)
    #expect(clock.sleeps == [last.addingTimeInterval(1)])
    let renewed = try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    #expect(renewed > last)
  }

  @Test func aRequestLongAfterTheLastOrTheFirstEverDoesNotWait() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/stamp"
    let now = instant("2027-01-12T10:00:00+09:00")
    let clock = ScriptedClock(now: now)
    let spacing = RequestSpacing(path: path, clock: clock)
    _ = try spacing.spaced { () throws(RouteFailure) in 1 }
    try Self.stamp(path, at: now.addingTimeInterval(-5))
    _ = try spacing.spaced { () throws(RouteFailure) in 2 }
    #expect(clock.sleeps.isEmpty)
  }

  @Test func aStampThatCannotBeMadeWaitsAWholeInterval() throws {
    let folder = TemporaryFolder()
    let now = instant("2027-01-12T10:00:00+09:00")
    let clock = ScriptedClock(now: now)
    let spacing = RequestSpacing(path: folder.path + "/no such folder/stamp", clock: clock)
    _ = try spacing.spaced { () throws(RouteFailure) in 1 }
    #expect(clock.sleeps == [now.addingTimeInterval(1)])
  }

  @Test func aStampInTheFutureWaitsOneIntervalNotUntilThen() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/stamp"
    let now = instant("2027-01-12T10:00:00+09:00")
    try Self.stamp(path, at: now.addingTimeInterval(3600))
    let clock = ScriptedClock(now: now)
    _ = try RequestSpacing(path: path, clock: clock).spaced { () throws(RouteFailure) in 1 }
    #expect(clock.sleeps == [now.addingTimeInterval(1)])
  }
}
