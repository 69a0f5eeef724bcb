/// Where an appointment's travel time came from, as `show` and JSON's `travel_source` name it.
///
/// The raw values are what JSON and the store write; route providers join them later.
public enum TravelSource: String, CaseIterable, Sendable {
  /// Typed for this one appointment (`--travel`), or a calendar's own figure.
  case given
  /// The offline estimate from the two coordinates (``TravelEstimate``).
  case estimate
  /// A trip the person corrected before between the same two places (``RememberedTrip``).
  case remembered
  /// No coordinates to estimate from: the settings' default trip.
  case `default`
  /// A routing service or the person's own program (``RouteSource``), asked by `plan`.
  case kakao, tmap, odsay, osrm, valhalla, command

  /// Where a trip the route chain answered came from.
  public init(_ route: RouteSource) {
    self = TravelSource(rawValue: route.rawValue) ?? .estimate
  }

  /// The route provider that gave the figure; nil for the other sources.
  public var route: RouteSource? {
    guard let source = RouteSource(rawValue: rawValue), source != .estimate else { return nil }
    return source
  }

  /// Whether chulbal chose the figure, so that it is worked out again when the places, the
  /// mode or the remembered trips change; a given or default figure stays as it is.
  public var isWorkedOut: Bool { self != .given && self != .default }

  /// What `show` puts after the travel time: ` (추정)`, ` (기억한 시간)`, the default trip's
  /// reason, or nothing.
  public var mark: String {
    switch self {
    case .estimate: " (추정)"
    case .remembered: " (기억한 시간)"
    case .default: " (기본값: 좌표가 없어 추정하지 못함)"
    case .given, .kakao, .tmap, .odsay, .osrm, .valhalla, .command: ""
    }
  }
}
