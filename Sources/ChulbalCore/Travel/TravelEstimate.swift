/// An offline guess at travel time from coordinates, for when none is given.
public enum TravelEstimate {
  /// The longest estimate used: the week typed durations are held to. Longer means the
  /// coordinates are wrong (another continent), not a trip to leave for.
  public static let maximumSeconds = DurationExpression.maximumSeconds

  /// The estimate in seconds, or the problem with it.
  ///
  /// - Throws: ``Problem`` for an unknown (missing or 0,0) end, or an estimate past
  ///   ``maximumSeconds``.
  public static func seconds(
    from origin: Coordinate?, to destination: Coordinate?, mode: TravelMode
  )
    throws(Problem) -> Int
  {
    guard let destination, destination.isKnown else { throw .unknownDestination }
    guard let origin, origin.isKnown else { throw .unknownOrigin }
    let used = self.mode(from: origin, to: destination, mode: mode)
    let seconds = minutes(from: origin, to: destination, mode: used) * 60
    guard seconds <= maximumSeconds else { throw .tooLong(seconds: seconds) }
    return seconds
  }

  /// The mode a trip is estimated by: `mode`, but walking for a transit trip that walking
  /// covers no slower. Transit's 22 fixed minutes make walking as fast up to about 1.8 km in a
  /// straight line (a 27-minute walk), so a coffee across the street is not a 23-minute bus
  /// trip.
  public static func mode(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
    -> TravelMode
  {
    guard mode == .transit,
      minutes(from: origin, to: destination, mode: .walk)
        <= minutes(from: origin, to: destination, mode: .transit)
    else { return mode }
    return .walk
  }

  /// Why there is no estimate.
  public enum Problem: Error, Equatable, Sendable {
    case unknownOrigin
    case unknownDestination
    /// Longer than ``TravelEstimate/maximumSeconds``.
    case tooLong(seconds: Int)
  }

  /// Whole minutes to travel from one point to another, door to door, rounded up.
  ///
  /// The mode's fixed minutes (walking to and from transit, waiting) and its moving minutes.
  public static func minutes(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
    -> Int
  {
    roundedUp(mode.fixedMinutes + moving(from: origin, to: destination, mode: mode))
  }

  /// Whole minutes spent moving, rounded up: the part of the estimate that published line and
  /// road times (station to station, interchange to city hall) measure.
  ///
  /// The great-circle distance × the mode's detour factor is the route; each of the mode's
  /// speed bands covers its kilometres of it, the last band the rest.
  public static func movingMinutes(
    from origin: Coordinate, to destination: Coordinate, mode: TravelMode
  ) -> Int {
    roundedUp(moving(from: origin, to: destination, mode: mode))
  }

  private static func moving(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
    -> Double
  {
    var left = origin.distanceKilometres(to: destination) * mode.detourFactor
    var minutes = 0.0
    for band in mode.speedBands where left > 0 {
      let covered = min(left, band.kilometres)
      minutes += covered / band.kilometresPerHour * 60
      left -= covered
    }
    return minutes
  }

  /// Tiny float noise must not round 12.000000001 up to 13.
  private static func roundedUp(_ minutes: Double) -> Int {
    Int((minutes - 1e-9).rounded(.up))
  }
}
