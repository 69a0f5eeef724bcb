/// A named starting point such as 집 or 회사.
public struct SavedPlace: Equatable, Sendable {
  public var name: String
  public var coordinate: Coordinate
  public var isDefault: Bool

  public init(name: String, coordinate: Coordinate, isDefault: Bool = false) {
    self.name = name
    self.coordinate = coordinate
    self.isDefault = isDefault
  }

  /// The trip's start when it leaves from here as the default place.
  public var origin: Origin { Origin(name: name, coordinate: coordinate, reason: .default) }
}
