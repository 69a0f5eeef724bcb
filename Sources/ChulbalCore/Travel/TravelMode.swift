/// How a person travels, with the constants of the offline travel estimate.
public enum TravelMode: String, CaseIterable, Sendable {
  case car, transit, walk, bike

  /// Reads a mode as typed on the command line.
  public static func parse(_ text: String) throws(InputError) -> TravelMode {
    guard let mode = TravelMode(rawValue: text.trimmingWhitespace().lowercased()) else {
      throw .travelMode(text)
    }
    return mode
  }

  /// `자동차`, `대중교통`, `도보`, `자전거`: the mode as Korean text names it.
  public var koreanName: String {
    named(car: "자동차", transit: "대중교통", walk: "도보", bike: "자전거")
  }

  /// The word a map provider uses for this mode.
  func named(car: String, transit: String, walk: String, bike: String) -> String {
    switch self {
    case .car: car
    case .transit: transit
    case .walk: walk
    case .bike: bike
    }
  }

  /// How much longer the road or track is than the straight line.
  ///
  /// Street networks typically run 1.2–1.4 times the great-circle distance in dense cities;
  /// transit lines detour most.
  var detourFactor: Double {
    switch self {
    case .car: 1.3
    case .transit: 1.4
    case .walk: 1.2
    case .bike: 1.25
    }
  }

  /// Average door-to-door speed in km/h in a Korean city.
  ///
  /// Seoul's average car speed in traffic is about 20–25 km/h; subway trains average about
  /// 30 km/h between stations with transfers bringing the total down; walking 4.5 km/h;
  /// city cycling 15 km/h.
  var speedKilometresPerHour: Double {
    switch self {
    case .car: 24
    case .transit: 25
    case .walk: 4.5
    case .bike: 15
    }
  }

  /// Fixed minutes added to every trip: walking to a station and waiting for transit;
  /// reaching the car and parking.
  var overheadMinutes: Double {
    switch self {
    case .car: 5
    case .transit: 12
    case .walk, .bike: 0
    }
  }
}
