import ChulbalCalDAV
import ChulbalCore
import FoundationEssentials

/// One place a search found: its name, its address as the service writes it, and where it is.
public struct FoundPlace: Equatable, Sendable {
  public var name: String
  public var address: String
  public var coordinate: Coordinate

  public init(name: String, address: String, coordinate: Coordinate) {
    self.name = name
    self.address = address
    self.coordinate = coordinate
  }
}

/// A service that finds places by name (``PlaceSearchService``).
public protocol PlaceSearch: Sendable {
  var service: PlaceSearchService { get }

  /// At most `limit` places that `query` names, in the service's order; nearest first around
  /// `near` when the service can sort so.
  ///
  /// - Throws: ``RouteFailure``, in the words the route providers use for the same failures.
  func search(_ query: String, near: Coordinate?, limit: Int) throws(RouteFailure) -> [FoundPlace]
}

/// The most places one search asks for: Kakao's largest page (`size` at most 15).
public let placeSearchLimit = 15

/// Kakao Local's keyword search, with the same REST API key as Kakao's directions.
///
/// As documented at https://developers.kakao.com/docs/latest/ko/local/dev-guide (키워드로 장소
/// 검색하기): `GET /v2/local/search/keyword.json` with `query`, and around a point `x`
/// (longitude) and `y` (latitude) with `sort=distance` (nearest first; `radius`, at most
/// 20000 m, would leave out what is farther, so it is not sent);
/// `size` 1 to 15; `Authorization: KakaoAK {REST API key}`. The answer's `documents[]` carry
/// `place_name`, `address_name` (lot address), `road_address_name` (may be empty) and `x`, `y`
/// as decimal strings.
public struct KakaoPlaceSearch: PlaceSearch {
  public var service: PlaceSearchService { .kakao }
  let base: String
  let key: RouteKey
  let timeout: Int

  /// Kakao Local's public endpoint; another host when `kakao.url` names one (a proxy or a test
  /// server serves both paths).
  public static let defaultURL = "https://dapi.kakao.com"

  public init(base: String, key: @escaping RouteKey, timeout: Int) {
    self.base = base
    self.key = key
    self.timeout = timeout
  }

  public func search(_ query: String, near: Coordinate?, limit: Int) throws(RouteFailure)
    -> [FoundPlace]
  {
    var items = [("query", query)]
    if let near {
      items += [
        ("x", ServiceExchange.degrees(near.longitude)),
        ("y", ServiceExchange.degrees(near.latitude)),
        ("sort", "distance"),
      ]
    }
    items.append(("size", String(min(max(limit, 1), placeSearchLimit))))
    let url = try ServiceExchange.url(base, "/v2/local/search/keyword.json", items)
    let found = try ServiceExchange.keyed(key) { key throws(RouteFailure) in
      let request = WebRequest(url: url, headers: ["Authorization: KakaoAK \(key)"])
      let answer = try ServiceExchange.send(request, timeout: timeout)
      return try ServiceExchange.decode(Keyword.self, answer, wanted: "장소 목록")
    }
    return try found.documents.prefix(limit).map { document throws(RouteFailure) in
      let road = document.road_address_name ?? ""
      return FoundPlace(
        name: document.place_name, address: road.isEmpty ? document.address_name ?? "" : road,
        coordinate: try PlaceAnswer.coordinate(latitude: document.y, longitude: document.x))
    }
  }

  private struct Keyword: Decodable {
    var documents: [Document]
    struct Document: Decodable {
      var place_name: String
      var address_name: String?
      var road_address_name: String?
      var x: String
      var y: String
    }
  }
}

/// A Nominatim server's search: `GET /search?q=…&format=jsonv2`
/// (https://nominatim.org/release-docs/latest/api/Search/; the answer is an array of places
/// with `lat`, `lon` as decimal strings and `display_name`, as
/// https://nominatim.org/release-docs/latest/api/Output/ shows; `name` is read when the server
/// gives it). Around a point, a `viewbox` of about 10 km each way makes nearby places preferred,
/// not required.
///
/// The public server (https://operations.osmfoundation.org/policies/nominatim/) asks for a
/// User-Agent that names the application, at most one request a second, and attribution;
/// ``RequestSpacing`` keeps the second, ``userAgent`` is sent always, and the caller shows the
/// attribution (``attribution``).
public struct NominatimPlaceSearch: PlaceSearch {
  public var service: PlaceSearchService { .nominatim }
  let base: String
  let userAgent: String
  let timeout: Int
  let spacing: RequestSpacing?

  /// What the public server's policy asks every result to be shown with.
  public static let attribution =
    "© OpenStreetMap contributors (https://www.openstreetmap.org/copyright)"

  /// - Parameter spacing: keeps requests a second apart; nil for a server of one's own.
  public init(base: String, userAgent: String, timeout: Int, spacing: RequestSpacing?) {
    self.base = base
    self.userAgent = userAgent
    self.timeout = timeout
    self.spacing = spacing
  }

  public func search(_ query: String, near: Coordinate?, limit: Int) throws(RouteFailure)
    -> [FoundPlace]
  {
    var items = [
      ("q", query), ("format", "jsonv2"), ("limit", String(min(max(limit, 1), placeSearchLimit))),
      ("accept-language", "ko"),
    ]
    if let near {
      let box = [
        near.longitude - 0.1, near.latitude + 0.1, near.longitude + 0.1, near.latitude - 0.1,
      ]
      items.append(("viewbox", box.map(ServiceExchange.degrees).joined(separator: ",")))
    }
    let url = try ServiceExchange.url(base, "/search", items)
    let request = WebRequest(url: url, headers: ["User-Agent: \(userAgent)"])
    let send = { () throws(RouteFailure) in try ServiceExchange.send(request, timeout: timeout) }
    let answer: WebRequest.Answer
    if let spacing { answer = try spacing.spaced(send) } else { answer = try send() }
    let places = try ServiceExchange.decode([Place].self, answer, wanted: "장소 목록")
    return try places.prefix(limit).map { place throws(RouteFailure) in
      let parts = place.display_name.split(separator: ",").map { $0.trimmingWhitespace() }
      let name = place.name.flatMap { $0.isEmpty ? nil : $0 } ?? parts.first ?? place.display_name
      // The display name leads with the place's own name; the rest is its address.
      let address =
        parts.first == name
        ? parts.dropFirst().joined(separator: ", ") : parts.joined(separator: ", ")
      return FoundPlace(
        name: name, address: address,
        coordinate: try PlaceAnswer.coordinate(latitude: place.lat, longitude: place.lon))
    }
  }

  private struct Place: Decodable {
    var lat: String
    var lon: String
    var display_name: String
    var name: String?
  }
}

/// Reading what the place services answer.
enum PlaceAnswer {
  /// A coordinate from decimal strings, refused unless in range and known (not 0,0).
  static func coordinate(latitude: String, longitude: String) throws(RouteFailure) -> Coordinate {
    guard let coordinate = try? Coordinate.parseKnown("\(latitude),\(longitude)") else {
      throw .badAnswer("읽을 수 없는 좌표입니다: '\(latitude),\(longitude)'")
    }
    return coordinate
  }
}
