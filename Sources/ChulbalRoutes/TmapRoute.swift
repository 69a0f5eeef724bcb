import ChulbalCalDAV
import ChulbalCore
import FoundationEssentials

/// TMAP's car routes (live traffic; for a departure more than half an hour ahead, its
/// "타임머신" prediction) and its transit routes (timetables), with the `appKey` header.
///
/// - Car, now: `POST /tmap/routes?version=1` with `startX`/`startY`/`endX`/`endY` (longitude
///   is X) in WGS84, answered as GeoJSON whose first feature's `properties.totalTime` is
///   seconds (https://skopenapi.readme.io/reference/자동차-경로안내).
/// - Car, ahead: `POST /tmap/routes/prediction?version=1` with `routesInfo` (`departure`,
///   `destination` as `lon`/`lat`, `predictionType: departure`, `predictionTime`)
///   (https://skopenapi.readme.io/reference/경로안내-샘플예제). Not confirmed from that page:
///   the `predictionTime` format, taken to be `yyyy-MM-ddTHH:mm:ss+0900`, and that the answer
///   has the same `features[0].properties.totalTime`.
/// - Transit: `POST /transit/routes` with `startX`/`startY`/`endX`/`endY`, `count`, `lang`,
///   `format`; `metaData.plan.itineraries[0].totalTime` in seconds
///   (https://transit.tmapmobility.com/docs/routes, https://transit.tmapmobility.com/guide/procedure).
///   Not confirmed: `searchDttm` (`yyyyMMddHHmm`) for the departure, and the "no route" answer
///   taken to be `{"result": {"status": N, "message": …}}` without `metaData`.
public struct TmapRoute: RouteProvider {
  public var source: RouteSource { .tmap }
  let base: String
  let key: RouteKey
  let timeout: Int
  let now: Date

  public init(base: String, key: @escaping RouteKey, timeout: Int, now: Date) {
    self.base = base
    self.key = key
    self.timeout = timeout
    self.now = now
  }

  public func route(_ query: RouteQuery) throws(RouteFailure) -> RouteAnswer {
    try ServiceExchange.keyed(key) { key throws(RouteFailure) in try ask(query, key: key) }
  }

  private func ask(_ query: RouteQuery, key: String) throws(RouteFailure) -> RouteAnswer {
    let local = query.inKoreanTime.localDeparture
    let body: any Encodable
    let path: String
    switch query.mode {
    case .transit:
      path = "/transit/routes"
      body = TransitRequest(
        startX: x(query.origin), startY: y(query.origin), endX: x(query.destination),
        endY: y(query.destination), count: 1, lang: 0, format: "json",
        searchDttm: local.joined())
    case .car where query.departure.timeIntervalSince(now) > KakaoRoute.futureAfter:
      path = "/tmap/routes/prediction?version=1&reqCoordType=WGS84GEO&resCoordType=WGS84GEO"
      let time = "\(local[0])-\(local[1])-\(local[2])T\(local[3]):\(local[4]):00+0900"
      body = PredictionRequest(
        routesInfo: .init(
          departure: .init(name: "출발", lon: x(query.origin), lat: y(query.origin)),
          destination: .init(name: "도착", lon: x(query.destination), lat: y(query.destination)),
          predictionType: "departure", predictionTime: time))
    case .car:
      path = "/tmap/routes?version=1"
      body = CarRequest(
        startX: x(query.origin), startY: y(query.origin), endX: x(query.destination),
        endY: y(query.destination), reqCoordType: "WGS84GEO", resCoordType: "WGS84GEO")
    case .walk, .bike:
      throw .noRoute("자동차와 대중교통 길만 찾습니다")
    }
    guard let url = URL(string: base + path) else { throw .unreachable("주소가 올바르지 않습니다") }
    let data: Data
    do { data = try JSONEncoder().encode(body) } catch { throw .badAnswer("요청을 만들 수 없습니다") }
    let request = WebRequest(
      method: "POST", url: url,
      headers: [
        "appKey: \(key)", "Content-Type: application/json", "Accept: application/json",
      ], body: data)
    let answer = try ServiceExchange.send(request, timeout: timeout)
    if query.mode == .transit {
      let transit = try ServiceExchange.decode(TransitAnswer.self, answer)
      guard let time = transit.metaData?.plan.itineraries.first?.totalTime else {
        throw .noRoute(transit.result?.message)
      }
      return try .converting(time, .seconds, source: .tmap, accountsForConditions: true)
    }
    let car = try ServiceExchange.decode(CarAnswer.self, answer)
    guard let time = car.features.first?.properties.totalTime else {
      throw .badAnswer("소요 시간이 없습니다")
    }
    return try .converting(time, .seconds, source: .tmap, accountsForConditions: true)
  }

  private func x(_ point: Coordinate) -> String { ServiceExchange.degrees(point.longitude) }
  private func y(_ point: Coordinate) -> String { ServiceExchange.degrees(point.latitude) }

  private struct CarRequest: Encodable {
    var startX, startY, endX, endY, reqCoordType, resCoordType: String
  }
  private struct PredictionRequest: Encodable {
    var routesInfo: Info
    struct Info: Encodable {
      var departure, destination: Point
      var predictionType, predictionTime: String
    }
    struct Point: Encodable { var name, lon, lat: String }
  }
  private struct TransitRequest: Encodable {
    var startX, startY, endX, endY: String
    var count, lang: Int
    var format, searchDttm: String
  }
  private struct CarAnswer: Decodable {
    var features: [Feature]
    struct Feature: Decodable { var properties: Properties }
    struct Properties: Decodable { var totalTime: Double? }
  }
  private struct TransitAnswer: Decodable {
    var metaData: MetaData?
    var result: Result?
    struct MetaData: Decodable { var plan: Plan }
    struct Plan: Decodable { var itineraries: [Itinerary] }
    struct Itinerary: Decodable { var totalTime: Double }
    struct Result: Decodable { var message: String? }
  }
}
