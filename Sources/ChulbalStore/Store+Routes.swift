import ChulbalCore
import FoundationEssentials

/// Live routes (schema 16): route providers' answers cached by question, the departure a
/// provider's trip was asked about, and the rehearsal that finds what a write will ask.
///
/// The network is never reached from here: a command asks the providers between a rehearsal
/// of its write, which says which trips would fall back to the estimate, and the write
/// itself, which then finds the answers in ``Store/knownRoutes``.
extension Store {
  /// Whether the file caches route answers and keeps provider trips' departures (schema 16).
  var keepsRoutes: Bool { schema >= 16 }

  /// Writes the departure `appointment`'s provider trip was asked about, NULL for any other.
  func writeRouteDeparture(of appointment: Appointment) throws(StoreError) {
    guard keepsRoutes else { return }
    let asked = appointment.travelSource.route == nil ? nil : appointment.routeDeparture
    try database.rows(
      "UPDATE appointment SET route_departure_at = ? WHERE id = ?",
      [asked.map { .integer(Self.seconds($0)) } ?? .null, .integer(appointment.id)])
  }

  /// The trips `write` would leave to the estimate that a provider could give, with no
  /// answer in ``knownRoutes``: `write` run in a transaction that is rolled back, so nothing
  /// it writes is kept.
  ///
  /// Each question comes once however many appointments share it (the same places, mode and
  /// 15-minute departure slot), the soonest departure first, so that a spent request budget
  /// leaves the furthest trips to the estimate.
  ///
  /// - Parameter asking: whether a mode's chain names a provider.
  public func routeQueries(asking: (TravelMode) -> Bool, rehearsing write: () throws -> Void)
    throws -> [RouteQuery]
  {
    guard keepsRoutes else { return [] }
    rehearsal = []
    defer { rehearsal = nil }
    return try database.rolledBackTransaction {
      try write()
      var queries: [RouteQuery] = []
      for id in rehearsal ?? [] {
        guard let appointment = try appointment(id: id), asking(appointment.mode),
          let query = appointment.routeQuery(
            in: zones.zone(named: appointment.timeZone) ?? tripZone ?? .gmt),
          !queries.contains(where: query.asksSame)
        else { continue }
        queries.append(query)
      }
      return queries.sorted { ($0.departure, $0.mode.rawValue) < ($1.departure, $1.mode.rawValue) }
    }
  }

  /// The cached answers asked within `settings.cacheSeconds` before `now`, with the chains
  /// that order them.
  public func cachedRoutes(now: Date, settings: RouteSettings) throws(StoreError) -> KnownRoutes {
    var known = KnownRoutes(chains: settings.chains)
    guard keepsRoutes else { return known }
    for row in try database.rows(
      """
      SELECT origin_lat, origin_lng, destination_lat, destination_lng, mode, provider,
        departure_at, travel_seconds, conditions
      FROM route_answer WHERE asked_at >= ? AND asked_at <= ? ORDER BY asked_at DESC, rowid DESC
      """, [.integer(Self.seconds(now) - settings.cacheSeconds), .integer(Self.seconds(now))])
    {
      // A row this build cannot read (another build's provider) is an answer not to use.
      guard case .real(let originLat) = row[0], case .real(let originLng) = row[1],
        case .real(let destinationLat) = row[2], case .real(let destinationLng) = row[3],
        let mode = row[4].string.flatMap(TravelMode.init(rawValue:)),
        let source = row[5].string.flatMap(RouteSource.init(rawValue:)),
        let departure = row[6].int, let seconds = row[7].int, let conditions = row[8].int
      else { continue }
      let question = RouteQuery(
        origin: Coordinate(latitude: originLat, longitude: originLng),
        destination: Coordinate(latitude: destinationLat, longitude: destinationLng), mode: mode,
        departure: Date(timeIntervalSince1970: TimeInterval(departure)), timeZone: .gmt)
      known.routes.append(
        KnownRoute(
          question,
          RouteAnswer(seconds: seconds, source: source, accountsForConditions: conditions == 1)))
    }
    return known
  }

  /// Caches `routes`, asked at `now`, and forgets answers older than `keepSeconds`, in one
  /// transaction of its own: never the command's write, which is not undone with them.
  public func cacheRoutes(_ routes: [KnownRoute], now: Date, keepSeconds: Int)
    throws(StoreError)
  {
    guard keepsRoutes else { return }
    try database.writeTransaction { () throws(StoreError) in
      try database.rows(
        "DELETE FROM route_answer WHERE asked_at < ?",
        [.integer(Self.seconds(now) - keepSeconds)])
      for route in routes where route.answer.source != .estimate {
        let question = route.question
        try database.rows(
          """
          INSERT INTO route_answer (origin_lat, origin_lng, destination_lat, destination_lng,
            mode, provider, slot, departure_at, travel_seconds, conditions, asked_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
          [
            .real(question.origin.latitude), .real(question.origin.longitude),
            .real(question.destination.latitude), .real(question.destination.longitude),
            .text(question.mode.rawValue), .text(route.answer.source.rawValue),
            .integer(KnownRoute.slot(question.departure)),
            .integer(Self.seconds(question.departure)),
            .integer(route.answer.seconds), .integer(route.answer.accountsForConditions ? 1 : 0),
            .integer(Self.seconds(now)),
          ])
      }
    }
  }
}
