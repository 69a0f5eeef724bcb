import ChulbalCalDAV
import ChulbalCore
import FoundationEssentials

/// ODsay's public transit search: `GET /searchPubTransPathT?SX=&SY=&EX=&EY=&apiKey=` (SX and
/// EX longitude, SY and EY latitude), the first path's `info.totalTime` in minutes
/// (https://lab.odsay.com/guide/releaseReference#searchPubTransPathT; the same parameters and
/// fields at https://fatos-doc.fatos.biz/fatos-api/routing/public-transit-route-search).
/// ODsay takes no departure time: its figure is the timetable's typical trip.
///
/// An error comes as `{"error": {"code", "msg"}}` or `{"error": [{"code", "message"}]}`; both
/// shapes are read, as neither could be confirmed as the only one.
public struct OdsayRoute: RouteProvider {
  public var source: RouteSource { .odsay }
  let base: String
  let key: RouteKey
  let timeout: Int

  public init(base: String, key: @escaping RouteKey, timeout: Int) {
    self.base = base
    self.key = key
    self.timeout = timeout
  }

  public func route(_ query: RouteQuery) throws(RouteFailure) -> RouteAnswer {
    guard query.mode == .transit else { throw .noRoute("대중교통 길만 찾습니다") }
    return try ServiceExchange.keyed(key) { key throws(RouteFailure) in try ask(query, key: key) }
  }

  private func ask(_ query: RouteQuery, key: String) throws(RouteFailure) -> RouteAnswer {
    let url = try ServiceExchange.url(
      base, "/searchPubTransPathT",
      [
        ("SX", ServiceExchange.degrees(query.origin.longitude)),
        ("SY", ServiceExchange.degrees(query.origin.latitude)),
        ("EX", ServiceExchange.degrees(query.destination.longitude)),
        ("EY", ServiceExchange.degrees(query.destination.latitude)), ("apiKey", key),
      ])
    let answer = try ServiceExchange.send(WebRequest(url: url), timeout: timeout)
    let search = try ServiceExchange.decode(Search.self, answer)
    if let error = search.error { throw .noRoute(error.words) }
    guard let minutes = search.result?.path.first?.info.totalTime else {
      throw .badAnswer("경로가 없습니다")
    }
    return try .converting(minutes, .minutes, source: .odsay, accountsForConditions: false)
  }

  private struct Search: Decodable {
    var result: Result?
    var error: Failure?
    struct Result: Decodable { var path: [Path] }
    struct Path: Decodable { var info: Info }
    struct Info: Decodable { var totalTime: Double }
  }

  /// Either shape of ODsay's error.
  private struct Failure: Decodable {
    var words: String?

    struct One: Decodable {
      var code: String?
      var msg: String?
      var message: String?
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let one: One?
      if let single = try? container.decode(One.self) {
        one = single
      } else {
        one = try container.decode([One].self).first
      }
      words = one.flatMap { $0.msg ?? $0.message }
    }
  }
}
