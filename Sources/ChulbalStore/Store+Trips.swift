import ChulbalCore
import FoundationEssentials

/// Remembered trips (schema 12): what `edit --travel` keeps, and the appointments whose
/// worked-out trip follows them.
extension Store {
  private static let tripColumns = Row.Columns([
    "id", "origin_name", "origin_lat", "origin_lng", "destination_name", "destination_lat",
    "destination_lng", "mode", "travel_seconds",
  ])

  /// Whether the file keeps remembered trips and travel sources (schema 12 on).
  var keepsTrips: Bool { schema >= 12 }

  /// Every remembered trip, by id; none in a file older than schema 12.
  public func rememberedTrips() throws(StoreError) -> RememberedTrips {
    guard keepsTrips else { return RememberedTrips() }
    var trips: [RememberedTrip] = []
    for values in try database.rows(
      "SELECT \(Self.tripColumns.list) FROM remembered_trip ORDER BY id")
    {
      trips.append(
        try Self.trip(Row(values, columns: Self.tripColumns, label: "기억한 이동", path: path)))
    }
    return RememberedTrips(trips)
  }

  /// Stores `appointment` as ``update(_:now:local:occurrence:)`` does and remembers its trip,
  /// in one transaction: a trip already remembered between the same two places by the same
  /// mode takes the new time (keeping its number), else the trip is added. Then every
  /// appointment to come between those places whose trip chulbal worked out is planned again.
  ///
  /// - Returns: the appointment as stored, the trip as remembered, and the other appointments
  ///   planned again, as stored.
  public func update(
    _ appointment: Appointment, now: Date, local: LocalFields?, remembering trip: RememberedTrip
  ) throws(StoreError) -> (appointment: Appointment, trip: RememberedTrip, replanned: [Appointment])
  {
    let written = try writeAppointments { () throws(StoreError) in
      try noteTrips(ofRow: appointment.id)
      if let local { try writeLocalFields(local, of: appointment.id) }
      let stored = try updateRow(appointment, now: now)
      var kept = trip
      if let same = try rememberedTrips().trip(
        from: trip.origin.coordinate, to: trip.destination, mode: trip.mode)
      {
        kept.id = same.id
        kept.origin = same.origin
        kept.destinationName = same.destinationName
        kept.destination = same.destination
        try database.rows(
          "UPDATE remembered_trip SET travel_seconds = ?, remembered_at = ? WHERE id = ?",
          [.integer(trip.travelSeconds), .integer(Self.seconds(now)), .integer(same.id)])
      } else {
        try database.rows(
          """
          INSERT INTO remembered_trip (origin_name, origin_lat, origin_lng, destination_name,
            destination_lat, destination_lng, mode, travel_seconds, remembered_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
          [
            SQLValue(trip.origin.name), .real(trip.origin.coordinate.latitude),
            .real(trip.origin.coordinate.longitude), SQLValue(trip.destinationName),
            .real(trip.destination.latitude), .real(trip.destination.longitude),
            .text(trip.mode.rawValue), .integer(trip.travelSeconds), .integer(Self.seconds(now)),
          ])
        kept.id = try database.scalar("SELECT last_insert_rowid()").int ?? 0
      }
      let replanned = try replan(along: kept, now: now, except: appointment.id)
      return (stored, kept, replanned)
    }
    return (try planned(written.0), written.1, written.2)
  }

  /// Forgets remembered trip `id` and plans again, over the trips left, every appointment to
  /// come whose trip was worked out between its places.
  ///
  /// - Returns: the trip forgotten and the appointments planned again; nil, writing nothing,
  ///   when no trip has the id.
  public func forgetTrip(id: Int, now: Date) throws(StoreError)
    -> (trip: RememberedTrip, replanned: [Appointment])?
  {
    guard keepsTrips else { return nil }
    return try writeAppointments { () throws(StoreError) in
      guard let trip = try rememberedTrips().trips.first(where: { $0.id == id }) else {
        return nil
      }
      try database.rows("DELETE FROM remembered_trip WHERE id = ?", [.integer(id)])
      return (trip, try replan(along: trip, now: now, except: nil))
    }
  }

  /// Plans again, through the core's rule (``Appointment/replanned(over:)``), each
  /// appointment to come (a series as a whole) typed into chulbal whose worked-out trip (an
  /// estimate, a remembered trip or a provider's) runs between `trip`'s places by its mode; its departure and so its alerts follow, as after an
  /// edit. Calendars' appointments keep what their reading gave them.
  private func replan(along trip: RememberedTrip, now: Date, except id: Int?)
    throws(StoreError) -> [Appointment]
  {
    let trips = try rememberedTrips()
    let candidates = try appointmentRows(
      """
      WHERE travel_source NOT IN ('\(TravelSource.given.rawValue)', \
      '\(TravelSource.default.rawValue)') AND mode = ? AND source IS NULL \
      AND lat IS NOT NULL AND origin_lat IS NOT NULL \
      AND (start_at > ? OR repeat_rule IS NOT NULL) AND id <> ?
      """,
      [.text(trip.mode.rawValue), .integer(Self.seconds(now)), .integer(id ?? 0)], order: "id")
    var replanned: [Appointment] = []
    for appointment in candidates {
      guard let origin = appointment.origin?.coordinate, let destination = appointment.coordinate,
        trip.distance(from: origin, to: destination, mode: appointment.mode) != nil,
        let changed = appointment.replanned(over: trips)
      else { continue }
      replanned.append(try updateRow(changed, now: now))
    }
    return replanned
  }

  /// - Throws: `StoreError.damaged` naming the first column that holds what the schema forbids.
  private static func trip(_ row: Row) throws(StoreError) -> RememberedTrip {
    var row = row
    let id = try row.integer("id")
    row.number = id
    guard let origin = try row.coordinate(latitude: "origin_lat", longitude: "origin_lng") else {
      throw row.damaged("origin_lat, origin_lng", Row.missing)
    }
    guard
      let destination = try row.coordinate(
        latitude: "destination_lat", longitude: "destination_lng")
    else { throw row.damaged("destination_lat, destination_lng", Row.missing) }
    let modeName = try row.text("mode")
    guard let mode = TravelMode(rawValue: modeName) else {
      throw row.damaged("mode", "알 수 없는 값 '\(modeName)'")
    }
    return RememberedTrip(
      id: id, origin: Origin(name: try row.optionalText("origin_name"), coordinate: origin),
      destinationName: try row.optionalText("destination_name"), destination: destination,
      mode: mode, travelSeconds: try row.duration("travel_seconds"))
  }
}
