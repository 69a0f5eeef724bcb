/// Where a trip time came from: a routing service, the person's own program, or the offline
/// estimate. The raw values are what `route.car` and the other chains take and what
/// `"travel_source"` says in JSON.
public enum RouteSource: String, CaseIterable, Sendable {
  case kakao, tmap, odsay, osrm, valhalla, command, estimate

  /// `카카오 길찾기`: the source as text names it, in trip lines and failure messages.
  public var koreanName: String {
    switch self {
    case .kakao: "카카오 길찾기"
    case .tmap: "TMAP 길찾기"
    case .odsay: "ODsay 대중교통 길찾기"
    case .osrm: "OSRM 길찾기"
    case .valhalla: "Valhalla 길찾기"
    case .command: "길찾기 명령"
    case .estimate: "추정"
    }
  }

  /// `카카오 길찾기, 오후 5:40 출발 기준`: where a trip time came from and the departure
  /// (`time`, as the reader reads it) it was asked for.
  public func basis(departing time: String) -> String {
    "\(koreanName), \(time) 출발 기준"
  }

  /// Whether this source can route a trip by `mode`.
  ///
  /// Kakao Mobility's directions are for cars; TMAP has car and transit routes; ODsay is
  /// transit only; OSRM and Valhalla route over streets (no timetables); the person's program
  /// and the estimate take every mode.
  public func serves(_ mode: TravelMode) -> Bool {
    switch self {
    case .kakao: mode == .car
    case .tmap: mode == .car || mode == .transit
    case .odsay: mode == .transit
    case .osrm, .valhalla: mode != .transit
    case .command, .estimate: true
    }
  }
}
