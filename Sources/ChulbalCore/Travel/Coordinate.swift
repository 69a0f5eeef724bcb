import FoundationEssentials
import Glibc

/// A point on the Earth in decimal degrees (WGS 84).
public struct Coordinate: Equatable, Sendable {
  public let latitude: Double
  public let longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Reads `LAT,LNG`, such as `37.4979,127.0276`, or a map link that carries one
  /// (``MapLinkCoordinate``).
  ///
  /// - Throws: `InputError.coordinate` for anything that is not two finite numbers in range.
  public static func parse(_ text: String) throws(InputError) -> Coordinate {
    if let linked = try MapLinkCoordinate.read(text) { return linked }
    func fail(_ reason: String) -> InputError { .coordinate(text, reason: reason) }
    let fields = text.split(separator: ",", omittingEmptySubsequences: false)
    guard fields.count == 2 else { throw fail("'위도,경도' 두 값을 쉼표로 나눠 씁니다") }
    func degrees(_ field: Substring, _ name: String, limit: Double) throws(InputError) -> Double {
      let trimmed = field.trimmingWhitespace()
      // Double("nan"), Double("inf") and hex floats parse; a coordinate is plain decimal.
      guard !trimmed.isEmpty,
        trimmed.allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "-" || $0 == "+" }),
        let value = Double(trimmed), value.isFinite
      else { throw fail("\(name) '\(trimmed)'\(Korean.topicParticle(after: trimmed)) 숫자가 아닙니다") }
      guard abs(value) <= limit else {
        throw fail("\(name)는 -\(Int(limit))~\(Int(limit)) 사이여야 합니다")
      }
      return value
    }
    let latitude: Double
    do throws(InputError) {
      latitude = try degrees(fields[0], "위도", limit: 90)
    } catch {
      // `127.0276,37.4979`: the two written the other way round, as map sites that put
      // longitude first give them. Where the first is beyond ±90 but would do as a longitude
      // and the second would do as a latitude, say so, with the pair the right way round.
      let first = fields[0].trimmingWhitespace()
      let second = fields[1].trimmingWhitespace()
      if (try? degrees(fields[0], "경도", limit: 180)) != nil,
        (try? degrees(fields[1], "위도", limit: 90)) != nil
      {
        throw fail("위도와 경도가 바뀐 것 같습니다 (90이 넘는 값은 경도입니다). '\(second),\(first)'처럼 위도를 먼저 쓰세요")
      }
      throw error
    }
    let longitude = try degrees(fields[1], "경도", limit: 180)
    return Coordinate(latitude: latitude, longitude: longitude)
  }

  /// Reads `LAT,LNG` as ``parse(_:)`` does, for a place to keep or to start from, refusing 0,0,
  /// which means no coordinate (see ``isKnown``).
  public static func parseKnown(_ text: String) throws(InputError) -> Coordinate {
    let coordinate = try parse(text)
    guard coordinate.isKnown else {
      throw .coordinate(text, reason: "0,0은 좌표가 없다는 뜻입니다. 실제 좌표를 주세요")
    }
    return coordinate
  }

  /// Whether this is a real place: 0,0 (open sea in the Gulf of Guinea) is what calendars and
  /// map apps write for "no coordinate", and chulbal reads it as unknown everywhere: no route,
  /// no estimate, no saved place.
  public var isKnown: Bool { latitude != 0 || longitude != 0 }

  /// Whether the point lies in South Korea, by three boxes: the mainland with its near islands,
  /// Jeju, and Ulleungdo with Dokdo.
  ///
  /// Rough at the edges: the mainland box takes in the south of North Korea below 38.7° and
  /// Japan's Tsushima; it is meant for a caveat on a link, never for a decision that matters.
  public var isInSouthKorea: Bool {
    let boxes: [(ClosedRange<Double>, ClosedRange<Double>)] = [
      (34.0...38.7, 124.5...129.6), (33.1...33.6, 126.1...127.0), (37.2...37.6, 130.7...131.9),
    ]
    return boxes.contains { $0.0.contains(latitude) && $0.1.contains(longitude) }
  }

  /// Great-circle distance in kilometres (haversine, mean Earth radius 6371.0088 km).
  public func distanceKilometres(to other: Coordinate) -> Double {
    let radians = Double.pi / 180
    let dLat = (other.latitude - latitude) * radians
    let dLng = (other.longitude - longitude) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2)
      + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLng / 2) * sin(dLng / 2)
    return 2 * 6371.0088 * asin(min(1, sqrt(a)))
  }
}
