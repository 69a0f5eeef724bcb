import ChulbalCore
import Foundation

/// Appointments: queries, ordered by departure or start, and writes.
extension Store {
  /// Departure before flooring, as the index `appointment_departure` (schema 3) is made.
  static let departure = "(start_at - travel_seconds - buffer_seconds)"
  /// Good enough to order by, exact ties broken by id: the index's own order.
  private static let departureOrder = "\(departure), id"
  /// The rows the departure index holds, in the words of its `WHERE` (SQLite uses a partial
  /// index only for a query whose condition implies the index's own): an integer start and
  /// durations in range.
  static let wellFormed =
    "typeof(start_at) = 'integer' "
    + "AND travel_seconds BETWEEN 0 AND \(DurationExpression.maximumSeconds) "
    + "AND buffer_seconds BETWEEN 0 AND \(DurationExpression.maximumSeconds)"

  /// Appointments not started by `now`, in range: a start is at most two of the longest
  /// durations (travel and buffer) after its departure, so bounding the departure lets SQLite
  /// read the departure index from there instead of from the first appointment ever kept.
  ///
  /// - Throws: `StoreError` naming the row when any row's start is not an integer or its
  ///   durations are out of range: such a row, which only damage makes, is not in the index and
  ///   would otherwise be passed over.
  private func upcomingCondition(_ now: Date) throws(StoreError) -> (String, [SQLValue]) {
    // One lookup of the index of malformed rows, empty unless the file is damaged; reading such
    // a row fails with what is wrong with it. Its id is asked for first: a statement of one
    // column costs the parser a fraction of one that selects all eighteen (callgrind, `next`).
    let malformed = try database.scalar(
      "SELECT id FROM appointment WHERE NOT (\(Self.wellFormed)) ORDER BY id LIMIT 1")
    if case .integer(let id) = malformed {
      _ = try appointments("WHERE id = ?", [.integer(id)], order: "id")
    }
    let start = Self.seconds(now)
    return (
      "WHERE start_at > ? AND \(Self.departure) > ? AND \(Self.wellFormed)",
      [.integer(start), .integer(start - 2 * DurationExpression.maximumSeconds - 1)]
    )
  }

  /// One query of the appointment table; `condition` and `order` are this file's own SQL, and
  /// everything else, the limit too, is bound.
  private func appointments(
    _ condition: String, _ values: [SQLValue] = [], order: String, limit: Int? = nil
  ) throws(StoreError) -> [Appointment] {
    try appointments(Self.select(condition, values, order: order, limit: limit))
  }

  private static func select(
    _ condition: String, _ values: [SQLValue], order: String, limit: Int? = nil
  ) -> (sql: String, values: [SQLValue]) {
    var sql =
      "SELECT \(AppointmentReader.columns.list) FROM appointment \(condition) ORDER BY \(order)"
    var values = values
    if let limit {
      sql += " LIMIT ?"
      values.append(.integer(limit))
    }
    return (sql, values)
  }

  private func appointments(_ query: (sql: String, values: [SQLValue])) throws(StoreError)
    -> [Appointment]
  {
    var result: [Appointment] = []
    try forEachAppointment(query) { appointment in
      result.append(appointment)
      return true
    }
    return result
  }

  /// Each appointment of a query, read as SQLite steps to it: a long result is never held.
  /// `body` returns false to stop.
  private func forEachAppointment(
    _ query: (sql: String, values: [SQLValue]), _ body: (Appointment) -> Bool
  ) throws(StoreError) {
    var reader = AppointmentReader(path: path)
    try database.forEachRow(query.sql, query.values) { row throws(StoreError) in
      body(try reader.appointment(row))
    }
  }

  /// What ``upcoming(after:)``, ``past(atOrBefore:)`` or ``all()`` would return (or the
  /// appointments starting in a span), each handed to
  /// `body` as it is read, for output too long to hold (`list --json` of 100,000).
  ///
  /// `body` returns false to stop.
  public func forEach(_ selection: Selection, _ body: (Appointment) -> Bool) throws(StoreError) {
    try forEachAppointment(query(selection), body)
  }

  /// Which appointments ``forEach(_:_:)`` reads, in the order of the function of the same name.
  public enum Selection: Sendable {
    case upcoming(after: Date)
    case past(atOrBefore: Date)
    case all
    /// Appointments that start in `from..<before`, by start.
    case starting(from: Date, before: Date)
  }

  private func query(_ selection: Selection) throws(StoreError) -> (
    sql: String, values: [SQLValue]
  ) {
    switch selection {
    case .upcoming(let now):
      let (condition, values) = try upcomingCondition(now)
      return Self.select(condition, values, order: Self.departureOrder)
    case .past(let now):
      return Self.select(
        "WHERE start_at <= ?", [.integer(Self.seconds(now))], order: "start_at DESC, id")
    case .all:
      return Self.select("", [], order: "start_at, id")
    case .starting(let from, let before):
      return Self.select(
        "WHERE start_at >= ? AND start_at < ?",
        [.integer(Self.seconds(from)), .integer(Self.seconds(before))], order: "start_at, id")
    }
  }

  /// Appointments that have not started, soonest departure first.
  public func upcoming(after now: Date) throws(StoreError) -> [Appointment] {
    try appointments(query(.upcoming(after: now)))
  }

  /// Appointments that have not started by `now` and leave before `departure`, soonest
  /// departure first. The start bound uses the index on `start_at`: a start is at most
  /// two of the longest durations (travel and buffer) after its departure.
  public func upcoming(after now: Date, departingBefore departure: Date) throws(StoreError)
    -> [Appointment]
  {
    let end = Self.seconds(departure)
    return try appointments(
      "WHERE start_at > ? AND start_at < ? AND start_at - travel_seconds - buffer_seconds < ?",
      [
        .integer(Self.seconds(now)),
        .integer(end + 2 * DurationExpression.maximumSeconds + 1), .integer(end),
      ], order: Self.departureOrder)
  }

  /// Appointments that have started, most recent first.
  public func past(atOrBefore now: Date) throws(StoreError) -> [Appointment] {
    try appointments(query(.past(atOrBefore: now)))
  }

  /// Every appointment, by start.
  public func all() throws(StoreError) -> [Appointment] {
    try appointments(query(.all))
  }

  /// The appointment whose departure comes next among those not yet started.
  public func next(after now: Date) throws(StoreError) -> Appointment? {
    try appointments(nextQuery(after: now)).first
  }

  /// The query ``next(after:)`` runs, for the test that reads SQLite's plan for it.
  func nextQuery(after now: Date) throws(StoreError) -> (sql: String, values: [SQLValue]) {
    let (condition, values) = try upcomingCondition(now)
    return Self.select(condition, values, order: Self.departureOrder, limit: 1)
  }

  public func appointment(id: Int) throws(StoreError) -> Appointment? {
    try appointments("WHERE id = ?", [.integer(id)], order: "id").first
  }

  /// Appointments whose title starts with `prefix` (exactly, case and all).
  public func appointments(titlePrefix prefix: String) throws(StoreError) -> [Appointment] {
    try appointments(
      "WHERE substr(title, 1, length(?1)) = ?1", [.text(prefix)], order: "start_at, id")
  }

  /// The number and title of every appointment, by number, read without decoding the rest
  /// of each row: what completion offers where an appointment is named, on every Tab.
  ///
  /// A title that is not text (only a damaged file holds one) is left out rather than
  /// refused: completion has no way to say so, and the command run next will.
  public func titles() throws(StoreError) -> [(id: Int, title: String)] {
    try database.rows("SELECT id, title FROM appointment ORDER BY id").compactMap { row in
      guard case .integer(let id) = row[0], case .text(let title) = row[1] else { return nil }
      return (id, title)
    }
  }

  public var appointmentCount: Int {
    get throws(StoreError) { try database.scalar("SELECT count(*) FROM appointment").int ?? 0 }
  }

  /// Stores a new appointment and returns it with its id.
  ///
  /// - Parameter createdAt: the instant the person added it, from the caller's clock (the store
  ///   reads none, so `--now` holds here too).
  public func insert(_ appointment: Appointment, createdAt: Date) throws(StoreError)
    -> Appointment
  {
    try database.writeTransaction { () throws(StoreError) in
      try insertRow(appointment, createdAt: createdAt)
    }
  }

  /// Adds many appointments in one transaction: all of them or, on failure, none.
  public func insert(_ appointments: [Appointment], createdAt: Date) throws(StoreError) {
    try database.writeTransaction { () throws(StoreError) in
      for appointment in appointments { _ = try insertRow(appointment, createdAt: createdAt) }
    }
  }

  private func insertRow(_ appointment: Appointment, createdAt: Date) throws(StoreError)
    -> Appointment
  {
    try database.rows(
      """
      INSERT INTO appointment (title, start_at, time_zone, place, lat, lng, origin_name,
        origin_lat, origin_lng, mode, travel_seconds, travel_estimated, buffer_seconds,
        prep_seconds, alerts, note, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, Self.values(appointment) + [.integer(Self.seconds(createdAt))])
    var stored = appointment
    stored.id = try database.scalar("SELECT last_insert_rowid()").int ?? 0
    return stored
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
}
