import ChulbalCore
import FoundationEssentials

/// Where trips start (schema 14): each write of appointments plans again, through
/// ``OriginRule``, the trips of the days it touched, so that a trip chained to an earlier
/// appointment follows it when that one is added, moved, edited or removed.
extension Store {
  /// Whether the file keeps lengths and origins' reasons (schema 14 on).
  var keepsOrigins: Bool { schema >= 14 }

  /// A write transaction of appointments: `body`, then the trips of the days its writes noted
  /// planned again, in the same transaction.
  func writeAppointments<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    defer {
      notedTripDays = []
      notedTripSeries = []
    }
    return try database.writeTransaction { () throws(StoreError) -> T in
      let result = try body()
      try planNotedTrips()
      return result
    }
  }

  /// Notes that the trips of `appointment`'s day (or, for a series, its own) may change.
  func noteTrips(of appointment: Appointment) {
    guard keepsOrigins, let tripZone else { return }
    if appointment.repeats {
      notedTripSeries.insert(appointment.id)
    } else {
      notedTripDays.insert(CivilDate(appointment.start, in: tripZone))
    }
  }

  /// Notes the day of the stored row `id`, before a write moves or removes it.
  func noteTrips(ofRow id: Int) throws(StoreError) {
    guard keepsOrigins, tripZone != nil, let stored = try appointment(id: id) else { return }
    noteTrips(of: stored)
  }

  /// Writes what ``OriginRule`` adds to an appointment: its length and its origin's reason,
  /// and the departure a provider's trip was asked about.
  func writeTripColumns(of appointment: Appointment) throws(StoreError) {
    guard keepsOrigins else { return }
    try database.rows(
      "UPDATE appointment SET length_seconds = ?, origin_reason = ?, origin_after = ? WHERE id = ?",
      [
        .integer(appointment.lengthSeconds), SQLValue(appointment.origin?.reason.rawValue),
        SQLValue(appointment.origin?.after), .integer(appointment.id),
      ])
    try writeRouteDeparture(of: appointment)
    rehearsal?.insert(appointment.id)
  }

  /// Plans again the trips of the noted days and series, writing those that change: origin,
  /// travel and departure.
  private func planNotedTrips() throws(StoreError) {
    guard let tripZone, !(notedTripDays.isEmpty && notedTripSeries.isEmpty) else { return }
    let settings = try settings()
    let defaultOrigin = try defaultPlace()?.origin
    let sourceOrigins = try self.sourceOrigins()
    let remembered = try rememberedTrips()
    func inputs(_ source: String?) -> OriginRule.Inputs {
      OriginRule.Inputs(
        chainSeconds: settings.originChainSeconds, zone: tripZone,
        sourceOrigin: source.flatMap { sourceOrigins[$0] }, defaultOrigin: defaultOrigin,
        remembered: remembered, routes: knownRoutes)
    }
    for day in notedTripDays {
      let from = WallTime(date: day, hour: 0, minute: 0).instant(in: tripZone)
      let to = WallTime(date: CivilDate(days: day.days + 1), hour: 0, minute: 0)
        .instant(in: tripZone)
      // The day before too: an appointment that began then may end on this day.
      let candidates = try appointmentRows(
        "WHERE start_at >= ? AND start_at < ? AND repeat_rule IS NULL",
        [.integer(Self.seconds(from) - 86_400), .integer(Self.seconds(to))],
        order: "start_at, id")
      let sources = try self.sources(from: from, to: to)
      for appointment in candidates where appointment.start >= from {
        let planned = OriginRule.planned(
          appointment, after: candidates, inputs(sources[appointment.id]))
        if planned != appointment { try writeTrip(planned) }
      }
    }
    for id in notedTripSeries {
      guard let series = try appointment(id: id) else { continue }
      let row = try database.rows(
        "SELECT source, start_at FROM appointment WHERE id = ?", [.integer(id)])
      let path: String? = if case .text(let path)? = row.first?[0] { path } else { nil }
      var planned = OriginRule.planned(series, after: [], inputs(path))
      guard planned != series else { continue }
      // The row's departure goes with the row's own start, the cached next occurrence, which
      // a moved occurrence read over it may not be.
      if case .integer(let start)? = row.first?[1] {
        planned.start = Date(timeIntervalSince1970: TimeInterval(start))
      }
      try writeTrip(planned)
    }
  }

  /// The source of each appointment from a calendar starting in `from..<to`, by id.
  private func sources(from: Date, to: Date) throws(StoreError) -> [Int: String] {
    var result: [Int: String] = [:]
    for row in try database.rows(
      "SELECT id, source FROM appointment WHERE source IS NOT NULL AND start_at >= ? AND start_at < ?",
      [.integer(Self.seconds(from)), .integer(Self.seconds(to))])
    {
      if case .integer(let id) = row[0], case .text(let source) = row[1] { result[id] = source }
    }
    return result
  }

  /// Writes a planned trip: the origin, the travel and where it came from, and the departure
  /// they give.
  private func writeTrip(_ appointment: Appointment) throws(StoreError) {
    try database.rows(
      """
      UPDATE appointment SET origin_name = ?, origin_lat = ?, origin_lng = ?, origin_reason = ?,
        origin_after = ?, travel_seconds = ?, travel_estimated = ?, travel_source = ?,
        departure_at = ?
      WHERE id = ?
      """,
      [
        SQLValue(appointment.origin?.name), SQLValue(appointment.origin?.coordinate.latitude),
        SQLValue(appointment.origin?.coordinate.longitude),
        SQLValue(appointment.origin?.reason.rawValue), SQLValue(appointment.origin?.after),
        .integer(appointment.travelSeconds), .integer(appointment.travelEstimated ? 1 : 0),
        .text(appointment.travelSource.rawValue), .integer(Self.departure(of: appointment)),
        .integer(appointment.id),
      ])
    try writeRouteDeparture(of: appointment)
    rehearsal?.insert(appointment.id)
  }

  /// Each source's origin, by its path (the appointments' `source`).
  func sourceOrigins() throws(StoreError) -> [String: Origin] {
    guard keepsOrigins else { return [:] }
    var result: [String: Origin] = [:]
    for source in try sources() {
      if let origin = source.origin { result[source.path] = origin }
    }
    return result
  }

  /// Sets the origin of the source named `name` (nil: none), and plans again the trips of
  /// its appointments.
  ///
  /// - Returns: false when there is no such source.
  public func setOrigin(_ origin: Origin?, ofSource name: String) throws(StoreError) -> Bool {
    guard keepsOrigins else { return false }
    return try writeAppointments { () throws(StoreError) -> Bool in
      guard
        case .text(let path) = try database.scalar(
          "SELECT path FROM source WHERE name = ?", [.text(name)])
      else { return false }
      try database.rows(
        "UPDATE source SET origin_name = ?, origin_lat = ?, origin_lng = ? WHERE name = ?",
        [
          SQLValue(origin?.name), SQLValue(origin?.coordinate.latitude),
          SQLValue(origin?.coordinate.longitude), .text(name),
        ])
      for appointment in try appointmentRows(
        "WHERE source = ?", [.text(path)], order: "start_at, id")
      {
        noteTrips(of: appointment)
      }
      return true
    }
  }
}

extension Store {
  /// Plans again the trips of every appointment that starts after `now`, as a change of
  /// `origin.chain` asks.
  public func planTripsAgain(after now: Date) throws(StoreError) {
    try writeAppointments { () throws(StoreError) in try noteTrips(after: now) }
  }

  /// Notes the trips of every appointment that starts after `now`, to be planned again at
  /// the end of the write (``writeAppointments(_:)``).
  func noteTrips(after now: Date) throws(StoreError) {
    guard keepsOrigins, tripZone != nil else { return }
    for appointment in try appointmentRows(
      "WHERE start_at > ?", [.integer(Self.seconds(now))], order: "start_at, id")
    {
      noteTrips(of: appointment)
    }
  }
}
