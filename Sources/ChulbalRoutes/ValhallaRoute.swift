import ChulbalCalDAV
import ChulbalCore
import FoundationEssentials

/// A self-hosted Valhalla: `GET /route?json={locations, costing, date_time}`, the trip's
/// `trip.summary.time` in seconds; `date_time` type 1 (depart at) with the local time
/// `YYYY-MM-DDTHH:MM` (https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/).
/// No route is a 400 answer whose `error_code` is 442 (no path) or 171 (no road near a
/// point); the local time is read in the appointment's zone, which Valhalla takes to be the
/// origin's.
public struct ValhallaRoute: RouteProvider {
  public var source: RouteSource { .valhalla }
  let base: String
  let timeout: Int

  public init(base: String, timeout: Int) {
    self.base = base
    self.timeout = timeout
  }

  public func route(_ query: RouteQuery) throws(RouteFailure) -> RouteAnswer {
    let costing = try ServiceExchange.streetProfile(
      query.mode, car: "auto", walk: "pedestrian", bike: "bicycle")
    let local = query.localDeparture
    let request = Request(
      locations: [query.origin, query.destination].map {
        Location(lat: $0.latitude, lon: $0.longitude)
      }, costing: costing,
      date_time: .init(
        type: 1, value: "\(local[0])-\(local[1])-\(local[2])T\(local[3]):\(local[4])"))
    let json: Data
    do { json = try JSONEncoder().encode(request) } catch { throw .badAnswer("요청을 만들 수 없습니다") }
    let url = try ServiceExchange.url(
      base, "/route", [("json", String(decoding: json, as: UTF8.self))])
    let answer = try ServiceExchange.send(WebRequest(url: url), timeout: timeout)
    if answer.status == 400, let failure = try? ServiceExchange.read(Failure.self, answer.body),
      [442, 171].contains(failure.error_code)
    {
      throw .noRoute(failure.error)
    }
    let result = try ServiceExchange.decode(Result.self, answer)
    return try .converting(
      result.trip.summary.time, .seconds, source: .valhalla, accountsForConditions: false)
  }

  private struct Request: Encodable {
    var locations: [Location]
    var costing: String
    var date_time: DateTime
    struct DateTime: Encodable {
      var type: Int
      var value: String
    }
  }
  private struct Location: Encodable { var lat, lon: Double }
  private struct Result: Decodable {
    var trip: Trip
    struct Trip: Decodable { var summary: Summary }
    struct Summary: Decodable { var time: Double }
  }
  private struct Failure: Decodable {
    var error_code: Int
    var error: String?
  }
}
