/// An offline guess at travel time from coordinates, for when none is given.
public enum TravelEstimate {
  /// Whole minutes to travel from one point to another, rounded up.
  ///
  /// Great-circle distance × the mode's detour factor ÷ its speed, plus its fixed overhead.
  public static func minutes(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
    -> Int
  {
    let kilometres = origin.distanceKilometres(to: destination) * mode.detourFactor
    let minutes = kilometres / mode.speedKilometresPerHour * 60 + mode.overheadMinutes
    // Tiny float noise must not round 12.000000001 up to 13.
    return Int((minutes - 1e-9).rounded(.up))
  }
}
