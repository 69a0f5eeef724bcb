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
    let seconds = minutes(from: origin, to: destination, mode: mode) * 60
    guard seconds <= maximumSeconds else { throw .tooLong(seconds: seconds) }
    return seconds
  }

  /// Why there is no estimate.
  public enum Problem: Error, Equatable, Sendable {
    case unknownOrigin
    case unknownDestination
    /// Longer than ``TravelEstimate/maximumSeconds``.
    case tooLong(seconds: Int)
  }

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
