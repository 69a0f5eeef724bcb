import ChulbalCalDAV
import ChulbalCore
import FoundationEssentials

/// A self-hosted OSRM: `GET /route/v1/{profile}/{lng},{lat};{lng},{lat}?overview=false`, the
/// first route's `duration` in seconds, `code` other than `Ok` for no route
/// (https://project-osrm.org/docs/v26.4.0/http). The profile is `car`, `foot` or `bike`, the
/// names of OSRM's supplied profiles; a server built with one profile answers with it whatever
/// the name. OSRM knows no traffic and takes no departure time.
public struct OSRMRoute: RouteProvider {
  public var source: RouteSource { .osrm }
  let base: String
  let timeout: Int

  public init(base: String, timeout: Int) {
    self.base = base
    self.timeout = timeout
  }

  public func route(_ query: RouteQuery) throws(RouteFailure) -> RouteAnswer {
    let profile = try ServiceExchange.streetProfile(
      query.mode, car: "car", walk: "foot", bike: "bike")
    let points = [query.origin, query.destination].map(ServiceExchange.longitudeFirst)
      .joined(separator: ";")
    let url = try ServiceExchange.url(
      base, "/route/v1/\(profile)/\(points)", [("overview", "false")])
    let answer = try ServiceExchange.send(WebRequest(url: url), timeout: timeout)
    // OSRM says why there is no route in a 400 answer's body.
    let result = try ServiceExchange.read(Result.self, answer.body)
    guard result.code == "Ok" else { throw .noRoute(result.message ?? result.code) }
    guard (200..<300).contains(answer.status) else { throw .status(answer.status) }
    guard let duration = result.routes?.first?.duration else { throw .badAnswer("경로가 없습니다") }
    return try .converting(duration, .seconds, source: .osrm, accountsForConditions: false)
  }

  private struct Result: Decodable {
    var code: String
    var message: String?
    var routes: [Route]?
    struct Route: Decodable { var duration: Double }
  }
}
