import FoundationEssentials

/// A trip time a route provider gave for a question: from where, to where, by what, and
/// when the person meant to leave.
public struct KnownRoute: Equatable, Sendable {
  public var origin: Coordinate
  public var destination: Coordinate
  public var mode: TravelMode
  /// The departure the provider was asked about.
  public var departure: Date
  public var answer: RouteAnswer

  public init(_ query: RouteQuery, _ answer: RouteAnswer) {
    origin = query.origin
    destination = query.destination
    mode = query.mode
    departure = query.departure
    self.answer = answer
  }

  public init(
    origin: Coordinate, destination: Coordinate, mode: TravelMode, departure: Date,
    answer: RouteAnswer
  ) {
    self.origin = origin
    self.destination = destination
    self.mode = mode
    self.departure = departure
    self.answer = answer
  }

  /// Departures this close together are one question: traffic and timetables change by the
  /// quarter hour rather than by the minute, and a re-run or a sync a few minutes later then
  /// asks nothing again.
  public static let slotSeconds = 15 * 60

  /// The 15-minute slot a departure falls in.
  public static func slot(_ departure: Date) -> Int {
    Int((departure.timeIntervalSince1970 / Double(slotSeconds)).rounded(.down))
  }

  /// Whether this answers a trip from `origin` to `destination` by `mode` leaving at
  /// `departure`: both ends within ``RememberedTrip/samePlaceKilometres``, as remembered
  /// trips match, and the same 15-minute slot.
  public func answers(
    from origin: Coordinate, to destination: Coordinate, mode: TravelMode, leaving departure: Date
  ) -> Bool {
    question.asksSame(
      as: RouteQuery(
        origin: origin, destination: destination, mode: mode, departure: departure,
        timeZone: .gmt))
  }

  /// The question this answers.
  var question: RouteQuery {
    RouteQuery(
      origin: origin, destination: destination, mode: mode, departure: departure,
      timeZone: .gmt)
  }
}

/// The providers' answers a write may use (asked just before it, or cached within
/// `route.cache`), and each mode's chain, whose order says which answer wins.
public struct KnownRoutes: Equatable, Sendable {
  public var routes: [KnownRoute]
  /// Each mode's providers, in the order of its chain.
  public var chains: [TravelMode: [RouteSource]]

  public init(_ routes: [KnownRoute] = [], chains: [TravelMode: [RouteSource]] = [:]) {
    self.routes = routes
    self.chains = chains
  }

  /// The answer for a trip leaving at `departure`: of the providers in the mode's chain that
  /// answered it, the first.
  public func route(
    from origin: Coordinate, to destination: Coordinate, mode: TravelMode, leaving departure: Date
  ) -> KnownRoute? {
    let found = routes.filter {
      $0.answers(from: origin, to: destination, mode: mode, leaving: departure)
    }
    for source in chains[mode] ?? [] {
      if let route = found.first(where: { $0.answer.source == source }) { return route }
    }
    return nil
  }
}

extension RouteQuery {
  /// Whether `other` asks the same: the same places, mode and 15-minute departure slot.
  public func asksSame(as other: RouteQuery) -> Bool {
    mode == other.mode && KnownRoute.slot(departure) == KnownRoute.slot(other.departure)
      && origin.distanceKilometres(to: other.origin) <= RememberedTrip.samePlaceKilometres
      && destination.distanceKilometres(to: other.destination)
        <= RememberedTrip.samePlaceKilometres
  }
}
