import ChulbalCalDAV
import ChulbalCore
import FoundationEssentials

/// Kakao Mobility's car directions, which account for live traffic, or for a departure more
/// than ``futureAfter`` ahead its future directions, which use predicted traffic.
///
/// Requests as documented at https://developers.kakaomobility.com/docs/navi-api/directions/
/// and https://developers.kakaomobility.com/docs/navi-api/future/ (`GET /v1/directions`,
/// `GET /v1/future/directions`; `origin` and `destination` as `X,Y`, longitude first;
/// `Authorization: KakaoAK {REST API key}`; the answer's `routes[0].result_code`, 0 for a
/// route, and `routes[0].summary.duration` in seconds). Not confirmed from the pages that
/// could be read while writing this: the `departure_time` format, taken to be `yyyyMMddHHmm`
/// in Korean time; the field names above come from the issue and Kakao's published samples.
public struct KakaoRoute: RouteProvider {
  public var source: RouteSource { .kakao }
  let base: String
  let key: RouteKey
  let timeout: Int
  let now: Date

  /// A departure further ahead than this asks the future directions.
  static let futureAfter: TimeInterval = 30 * 60

  public init(base: String, key: @escaping RouteKey, timeout: Int, now: Date) {
    self.base = base
    self.key = key
    self.timeout = timeout
    self.now = now
  }

  public func route(_ query: RouteQuery) throws(RouteFailure) -> RouteAnswer {
    guard query.mode == .car else { throw .noRoute("자동차 길만 찾습니다") }
    return try ServiceExchange.keyed(key) { key throws(RouteFailure) in try ask(query, key: key) }
  }

  private func ask(_ query: RouteQuery, key: String) throws(RouteFailure) -> RouteAnswer {
    var items = [
      ("origin", ServiceExchange.longitudeFirst(query.origin)),
      ("destination", ServiceExchange.longitudeFirst(query.destination)),
    ]
    let future = query.departure.timeIntervalSince(now) > Self.futureAfter
    if future { items.append(("departure_time", query.inKoreanTime.localDeparture.joined())) }
    let url = try ServiceExchange.url(
      base, future ? "/v1/future/directions" : "/v1/directions", items)
    let request = WebRequest(url: url, headers: ["Authorization: KakaoAK \(key)"])
    let answer = try ServiceExchange.send(request, timeout: timeout)
    let directions = try ServiceExchange.decode(Directions.self, answer)
    guard let route = directions.routes.first else { throw .badAnswer("경로가 없습니다") }
    guard route.result_code == 0 else { throw .noRoute(route.result_msg) }
    guard let duration = route.summary?.duration else { throw .badAnswer("소요 시간이 없습니다") }
    return try .converting(duration, .seconds, source: .kakao, accountsForConditions: true)
  }

  private struct Directions: Decodable {
    var routes: [Route]
    struct Route: Decodable {
      var result_code: Int
      var result_msg: String?
      var summary: Summary?
    }
    struct Summary: Decodable { var duration: Double }
  }
}
