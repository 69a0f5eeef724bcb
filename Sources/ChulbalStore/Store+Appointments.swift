import ChulbalCore
import Foundation

/// Appointments: queries, ordered by departure or start, and writes.
extension Store {
  private static let appointmentColumns = """
    id, title, start_at, time_zone, place, lat, lng, origin_name, origin_lat, origin_lng, mode,
    travel_seconds, travel_estimated, buffer_seconds, prep_seconds, alerts, note
    """

  /// Departure before flooring; good enough to order by, exact ties broken by id.
  private static let departureOrder = "(start_at - travel_seconds - buffer_seconds), id"

  private func appointments(_ condition: String, _ values: [SQLValue] = [], order: String)
    throws(StoreError) -> [Appointment]
  {
    try database.rows(
      "SELECT \(Self.appointmentColumns) FROM appointment \(condition) ORDER BY \(order)", values
    ).map(Self.appointment)
  }

  /// Appointments that have not started, soonest departure first.
  public func upcoming(after now: Date) throws(StoreError) -> [Appointment] {
    try appointments(
      "WHERE start_at > ?", [.integer(Self.seconds(now))], order: Self.departureOrder)
  }

  /// Appointments that have started, most recent first.
  public func past(atOrBefore now: Date) throws(StoreError) -> [Appointment] {
    try appointments(
      "WHERE start_at <= ?", [.integer(Self.seconds(now))], order: "start_at DESC, id")
  }

  /// Every appointment, by start.
  public func all() throws(StoreError) -> [Appointment] {
    try appointments("", order: "start_at, id")
  }

  /// The appointment whose departure comes next among those not yet started.
  public func next(after now: Date) throws(StoreError) -> Appointment? {
    try appointments(
      "WHERE start_at > ?", [.integer(Self.seconds(now))], order: Self.departureOrder + " LIMIT 1"
    ).first
  }

  public func appointment(id: Int) throws(StoreError) -> Appointment? {
    try appointments("WHERE id = ?", [.integer(id)], order: "id").first
  }

  /// Appointments whose title starts with `prefix` (exactly, case and all).
  public func appointments(titlePrefix prefix: String) throws(StoreError) -> [Appointment] {
    try appointments(
      "WHERE substr(title, 1, length(?1)) = ?1", [.text(prefix)], order: "start_at, id")
  }

  public var appointmentCount: Int {
    get throws(StoreError) { try database.scalar("SELECT count(*) FROM appointment").int ?? 0 }
  }

  /// Stores a new appointment and returns it with its id.
  public func insert(_ appointment: Appointment) throws(StoreError) -> Appointment {
    try database.writeTransaction { () throws(StoreError) in
      try database.rows(
        """
        INSERT INTO appointment (title, start_at, time_zone, place, lat, lng, origin_name,
          origin_lat, origin_lng, mode, travel_seconds, travel_estimated, buffer_seconds,
          prep_seconds, alerts, note, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, strftime('%s','now'))
        """, Self.values(appointment))
      var stored = appointment
      stored.id = try database.scalar("SELECT last_insert_rowid()").int ?? 0
      return stored
    }
  }

  /// Replaces a stored appointment's fields.
  public func update(_ appointment: Appointment) throws(StoreError) {
    try database.writeTransaction { () throws(StoreError) in
      try database.rows(
        """
        UPDATE appointment SET title = ?, start_at = ?, time_zone = ?, place = ?, lat = ?,
          lng = ?, origin_name = ?, origin_lat = ?, origin_lng = ?, mode = ?, travel_seconds = ?,
          travel_estimated = ?, buffer_seconds = ?, prep_seconds = ?, alerts = ?, note = ?
        WHERE id = ?
        """, Self.values(appointment) + [.integer(appointment.id)])
    }
  }

  /// Deletes appointments (and their alert log) in one transaction; returns how many went.
  public func delete(ids: [Int]) throws(StoreError) -> Int {
    try database.writeTransaction { () throws(StoreError) in
      var deleted = 0
      for id in ids {
        try database.rows("DELETE FROM appointment WHERE id = ?", [.integer(id)])
        deleted += database.changes
      }
      return deleted
    }
  }

  private static func seconds(_ date: Date) -> Int {
    Int(date.timeIntervalSince1970.rounded(.down))
  }

  private static func values(_ a: Appointment) -> [SQLValue] {
    [
      .text(a.title), .integer(seconds(a.start)), .text(a.timeZone), SQLValue(a.place),
      SQLValue(a.coordinate?.latitude), SQLValue(a.coordinate?.longitude),
      SQLValue(a.origin?.name), SQLValue(a.origin?.coordinate.latitude),
      SQLValue(a.origin?.coordinate.longitude), .text(a.mode.rawValue),
      .integer(a.travelSeconds), .integer(a.travelEstimated ? 1 : 0), .integer(a.bufferSeconds),
      .integer(a.prepSeconds), .text(a.alertLeads.map(String.init).joined(separator: ",")),
      SQLValue(a.note),
    ]
  }

  private static func appointment(_ row: [SQLValue]) -> Appointment {
    func coordinate(_ lat: SQLValue, _ lng: SQLValue) -> Coordinate? {
      guard let latitude = lat.double, let longitude = lng.double else { return nil }
      return Coordinate(latitude: latitude, longitude: longitude)
    }
    let origin = coordinate(row[8], row[9]).map { Origin(name: row[7].string, coordinate: $0) }
    return Appointment(
      id: row[0].int ?? 0, title: row[1].string ?? "",
      start: Date(timeIntervalSince1970: TimeInterval(row[2].int ?? 0)),
      timeZone: row[3].string ?? "UTC", place: row[4].string,
      coordinate: coordinate(row[5], row[6]),
      origin: origin, mode: TravelMode(rawValue: row[10].string ?? "") ?? .transit,
      travelSeconds: row[11].int ?? 0, travelEstimated: row[12].int == 1,
      bufferSeconds: row[13].int ?? 0, prepSeconds: row[14].int ?? 0,
      alertLeads: (row[15].string ?? "").split(separator: ",").compactMap { Int($0) },
      note: row[16].string)
  }
}
