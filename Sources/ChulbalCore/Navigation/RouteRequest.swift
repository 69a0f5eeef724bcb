/// Where a trip goes: the destination's name and coordinate, an optional origin, and the mode.
public struct RouteRequest: Equatable, Sendable {
  public var destinationName: String?
  /// Whether ``destinationName`` is a place a map's search can find (what `--to` or an
  /// appointment's place says), rather than a label only this person knows: a saved place's
  /// own name (`회사`) or an appointment's title. A search for a label finds someone else's
  /// 회사, so Naver, whose web link searches, gets the coordinate instead.
  public var destinationNameIsPlace = true
  /// nil (or 0,0, which no Korean place has) means: search by name instead of routing.
  public var destination: Coordinate?
  public var originName: String?
  /// nil means: start from wherever the device is.
  public var origin: Coordinate?
  public var mode: TravelMode

  public init(
    destinationName: String?, destination: Coordinate?, originName: String? = nil,
    origin: Coordinate? = nil, mode: TravelMode
  ) {
    self.destinationName = destinationName
    self.destination = destination
    self.originName = originName
    self.origin = origin
    self.mode = mode
  }

  /// The destination coordinate when it is usable for a route.
  public var routableDestination: Coordinate? { Self.routable(destination) }

  /// The origin coordinate when it is usable.
  public var routableOrigin: Coordinate? { Self.routable(origin) }

  /// nil for a missing coordinate or for 0,0, which marks an unknown one.
  private static func routable(_ coordinate: Coordinate?) -> Coordinate? {
    guard let coordinate, coordinate.latitude != 0 || coordinate.longitude != 0 else {
      return nil
    }
    return coordinate
  }
}
