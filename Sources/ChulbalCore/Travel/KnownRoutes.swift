import FoundationEssentials

/// A trip time a route provider gave for a question: from where, to where, by what, and
/// when the person meant to leave.
public struct KnownRoute: Equatable, Sendable {
  /// What was asked: the departure is the one the provider was asked about.
  public var question: RouteQuery
  public var answer: RouteAnswer

  public init(_ question: RouteQuery, _ answer: RouteAnswer) {
    self.question = question
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

  /// Whether this answers `query`: the same question, as ``RouteQuery/asksSame(as:)`` says.
  public func answers(_ query: RouteQuery) -> Bool { question.asksSame(as: query) }
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

  /// The answer to `query`: of the providers in the mode's chain that answered it, the first.
  public func route(for query: RouteQuery) -> KnownRoute? {
    let found = routes.filter { $0.answers(query) }
    for source in chains[query.mode] ?? [] {
      if let route = found.first(where: { $0.answer.source == source }) { return route }
    }
    return nil
  }
}

extension RouteQuery {
  /// Whether `other` asks the same: the same mode and 15-minute departure slot, and both ends
  /// within ``RememberedTrip/samePlaceKilometres``, as remembered trips match.
  public func asksSame(as other: RouteQuery) -> Bool {
    mode == other.mode && KnownRoute.slot(departure) == KnownRoute.slot(other.departure)
      && origin.distanceKilometres(to: other.origin) <= RememberedTrip.samePlaceKilometres
      && destination.distanceKilometres(to: other.destination)
        <= RememberedTrip.samePlaceKilometres
  }
}
