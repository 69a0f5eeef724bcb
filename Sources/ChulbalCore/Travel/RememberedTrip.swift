/// A trip the person corrected (`edit N --travel 1h10m`), kept for later appointments between
/// the same two places with the same mode.
public struct RememberedTrip: Equatable, Sendable {
  /// Small integer, never reused; 0 before the trip is stored.
  public var id: Int
  /// Where it starts: a saved place's name and its coordinate, or a coordinate.
  public var origin: Origin
  /// The appointment's place text when it was remembered, for people to read; nil for none.
  public var destinationName: String?
  public var destination: Coordinate
  /// The mode the person chose (not the walk a short transit trip is estimated by).
  public var mode: TravelMode
  public var travelSeconds: Int

  public init(
    id: Int = 0, origin: Origin, destinationName: String?, destination: Coordinate,
    mode: TravelMode, travelSeconds: Int
  ) {
    self.id = id
    self.origin = origin
    self.destinationName = destinationName
    self.destination = destination
    self.mode = mode
    self.travelSeconds = travelSeconds
  }

  /// How far apart two points may be and still be one place: a building's entrances, or a
  /// coordinate read off a map beside a saved place's, lie within 150 m of each other.
  public static let samePlaceKilometres = 0.15

  /// How far this trip's ends are from a trip from `origin` to `destination` by `mode`, in
  /// kilometres summed over both ends; nil when it is another mode or either end lies more
  /// than ``samePlaceKilometres`` away.
  public func distance(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
    -> Double?
  {
    guard mode == self.mode else { return nil }
    let start = self.origin.coordinate.distanceKilometres(to: origin)
    let end = self.destination.distanceKilometres(to: destination)
    guard start <= Self.samePlaceKilometres, end <= Self.samePlaceKilometres else { return nil }
    return start + end
  }

  /// Whether `other` goes between the same two places by the same mode.
  public func isSameTrip(as other: RememberedTrip) -> Bool {
    distance(from: other.origin.coordinate, to: other.destination, mode: other.mode) != nil
  }

  /// The trip `edit --travel` remembers for `appointment`: its origin and destination, with
  /// its given travel time; nil unless the travel was given and both ends are known places.
  public init?(correcting appointment: Appointment) {
    guard appointment.travelSource == .given, let origin = appointment.origin,
      origin.coordinate.isKnown, let destination = appointment.coordinate, destination.isKnown
    else { return nil }
    self.init(
      origin: origin, destinationName: appointment.place, destination: destination,
      mode: appointment.mode, travelSeconds: appointment.travelSeconds)
  }
}

/// The remembered trips, and THE rule for a trip's travel time when none is given: the
/// remembered trip between the same two places, else the estimate.
public struct RememberedTrips: Equatable, Sendable {
  public var trips: [RememberedTrip]

  public init(_ trips: [RememberedTrip] = []) {
    self.trips = trips
  }

  /// The remembered trip from `origin` to `destination` by `mode`: of those whose ends lie
  /// within ``RememberedTrip/samePlaceKilometres``, the one whose ends lie nearest.
  public func trip(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
    -> RememberedTrip?
  {
    var best: (trip: RememberedTrip, distance: Double)?
    for trip in trips {
      guard let distance = trip.distance(from: origin, to: destination, mode: mode) else {
        continue
      }
      if let best, best.distance <= distance { continue }
      best = (trip, distance)
    }
    return best?.trip
  }

  /// The travel time of a trip that was not given: a remembered one when there is one, else
  /// the offline estimate.
  ///
  /// - Throws: ``TravelEstimate/Problem`` when there is neither (an unknown end, an estimate
  ///   past a week).
  public func travel(from origin: Coordinate?, to destination: Coordinate?, mode: TravelMode)
    throws(TravelEstimate.Problem) -> (seconds: Int, source: TravelSource)
  {
    if let origin, origin.isKnown, let destination, destination.isKnown,
      let trip = trip(from: origin, to: destination, mode: mode)
    {
      return (trip.travelSeconds, .remembered)
    }
    return (try TravelEstimate.seconds(from: origin, to: destination, mode: mode), .estimate)
  }
}

extension Appointment {
  /// This appointment with its trip worked out again over `trips`, or nil when that changes
  /// nothing: only a trip chulbal worked out (an estimate, a remembered one or a provider's),
  /// never one the person gave, follows a trip remembered or forgotten.
  public func replanned(over trips: RememberedTrips) -> Appointment? {
    guard travelSource.isWorkedOut, let result = try? workedOutTrip(over: trips), result != self
    else { return nil }
    return result
  }

  /// This appointment with the trip chulbal works out from its origin: none from the same
  /// place (``OriginReason/same``), else ``workedOutTravel(over:routes:previous:)``.
  ///
  /// - Parameter previous: the appointment as it was before its origin or fields changed,
  ///   whose provider trip is kept while it answers the same trip; nil for this one as it is.
  /// - Throws: ``TravelEstimate/Problem`` when there is no trip (no destination, too far).
  public func workedOutTrip(
    over trips: RememberedTrips, routes: KnownRoutes = KnownRoutes(),
    previous: Appointment? = nil
  ) throws(TravelEstimate.Problem) -> Appointment {
    guard origin?.reason == .same else {
      return try workedOutTravel(over: trips, routes: routes, previous: previous ?? self)
    }
    var result = self
    (result.travelSeconds, result.travelSource, result.routeDeparture) = (0, .estimate, nil)
    return result
  }

  /// THE rule for a travel time that was not given, in order: the trip the person corrected
  /// between the same two places (their own time wins over any service); a route provider's
  /// answer for the departure the estimate gives, from the first provider of the mode's chain
  /// that answered (`routes`); the provider trip `previous` held, while it answers the same
  /// trip (the same places, mode and 15-minute departure slot), so that an answer that has
  /// aged out of the cache never turns back into the estimate by itself; the estimate.
  ///
  /// A series takes no provider's trip: an answer is for one departure, and its occurrences
  /// leave at many.
  ///
  /// - Throws: ``TravelEstimate/Problem`` when there is no trip (an unknown end, an estimate
  ///   past a week).
  public func workedOutTravel(
    over trips: RememberedTrips, routes: KnownRoutes, previous: Appointment?
  ) throws(TravelEstimate.Problem) -> Appointment {
    var result = self
    result.routeDeparture = nil
    (result.travelSeconds, result.travelSource) = try trips.travel(
      from: origin?.coordinate, to: coordinate, mode: mode)
    guard let query = result.routeQuery(in: .gmt) else { return result }
    if let route = routes.route(for: query) {
      result.travelSeconds = route.answer.seconds
      result.travelSource = TravelSource(route.answer.source)
      result.routeDeparture = route.question.departure
      return result
    }
    return previous.map(result.keepingRouteTrip(of:)) ?? result
  }

  /// This appointment with the trip a route provider gave `previous`, when this one's trip
  /// is the estimate and that answer answers it too (the same places, mode and 15-minute
  /// departure slot); else unchanged.
  public func keepingRouteTrip(of previous: Appointment) -> Appointment {
    guard let query = routeQuery(in: .gmt), let held = previous.heldRoute, held.answers(query)
    else { return self }
    var result = self
    result.travelSeconds = held.answer.seconds
    result.travelSource = TravelSource(held.answer.source)
    result.routeDeparture = held.question.departure
    return result
  }

  /// The provider trip this appointment holds, as the answer it was; nil for any other trip.
  var heldRoute: KnownRoute? {
    guard let source = travelSource.route, let routeDeparture, let from = origin?.coordinate,
      let to = coordinate
    else { return nil }
    return KnownRoute(
      RouteQuery(
        origin: from, destination: to, mode: mode, departure: routeDeparture, timeZone: .gmt),
      RouteAnswer(seconds: travelSeconds, source: source, accountsForConditions: false))
  }

  /// The route question this appointment's trip asks providers, when it is an estimate they
  /// might improve on: a one-off with both ends known, not from the same place. The
  /// departure is the one the estimate gives.
  public func routeQuery(in zone: Zone) -> RouteQuery? {
    guard travelSource == .estimate, !repeats, origin?.reason != .same,
      let from = origin?.coordinate, from.isKnown, let to = coordinate, to.isKnown
    else { return nil }
    return RouteQuery(
      origin: from, destination: to, mode: mode, departure: plan.departure, timeZone: zone)
  }
}
