import ChulbalCore
import FoundationEssentials

/// Appointments: queries, ordered by departure or start, and writes.
extension Store {
  /// The departure the index `appointment_departure` is made on: the stored one, which the
  /// writers take from the core's rule (schema 10); in an older file, which a reader reads as
  /// it is, the unfloored instant the index of schema 3 was made on.
  var departure: String {
    keepsDepartures ? "departure_at" : "(start_at - travel_seconds - buffer_seconds)"
  }
  /// The departure index's own order, ties broken by id.
  private var departureOrder: String { "\(departure), id" }
  /// The rows the departure index holds, in the words of its `WHERE` (SQLite uses a partial
  /// index only for a query whose condition implies the index's own): an integer departure
  /// (schema 10), an integer start and durations in range.
  var wellFormed: String {
    (keepsDepartures ? "typeof(departure_at) = 'integer' AND " : "")
      + "typeof(start_at) = 'integer' "
      + "AND travel_seconds BETWEEN 0 AND \(DurationExpression.maximumSeconds) "
      + "AND buffer_seconds BETWEEN 0 AND \(DurationExpression.maximumSeconds)"
  }
  /// Whether the file stores each row's departure (schema 10 on).
  var keepsDepartures: Bool { schema >= 10 }

  /// The departure the core's rule (``DeparturePlan/departure(start:travelSeconds:bufferSeconds:)``)
  /// gives a start and durations, in seconds: what `departure_at` holds.
  static func departure(start: Int, travel: Int, buffer: Int) -> Int {
    seconds(
      DeparturePlan.departure(
        start: Date(timeIntervalSince1970: TimeInterval(start)), travelSeconds: travel,
        bufferSeconds: buffer))
  }

  /// ``departure(start:travel:buffer:)`` of `appointment` as it is stored.
  static func departure(of appointment: Appointment) -> Int {
    departure(
      start: seconds(appointment.start), travel: appointment.travelSeconds,
      buffer: appointment.bufferSeconds)
  }

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
    // column costs the parser a fraction of one that selects all eighteen.
    let malformed = try database.scalar(
      "SELECT id FROM appointment WHERE NOT (\(wellFormed)) ORDER BY id LIMIT 1")
    if case .integer(let id) = malformed {
      _ = try appointmentRows("WHERE id = ?", [.integer(id)], order: "id")
    }
    let start = Self.seconds(now)
    return (
      "WHERE start_at > ? AND \(departure) > ? AND \(wellFormed)",
      [.integer(start), .integer(start - 2 * DurationExpression.maximumSeconds - 1)]
    )
  }

  /// One query of the appointment table, each row as it is stored (a series with its cached
  /// start); `condition` and `order` are this module's own SQL, and everything else, the
  /// limit too, is bound.
  func appointmentRows(
    _ condition: String, _ values: [SQLValue] = [], order: String, limit: Int? = nil
  ) throws(StoreError) -> [Appointment] {
    try appointments(select(condition, values, order: order, limit: limit))
  }

  func select(
    _ condition: String, _ values: [SQLValue], order: String, limit: Int? = nil
  ) -> (sql: String, values: [SQLValue]) {
    var sql =
      "SELECT \(AppointmentReader.list(schema: schema)) FROM appointment \(condition) ORDER BY \(order)"
    var values = values
    if let limit {
      sql += " LIMIT ?"
      values.append(.integer(limit))
    }
    return (sql, values)
  }

  func appointments(_ query: (sql: String, values: [SQLValue])) throws(StoreError)
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
  func forEachAppointment(
    _ query: (sql: String, values: [SQLValue]), _ body: (Appointment) -> Bool
  ) throws(StoreError) {
    var reader = AppointmentReader(path: path, zones: zones)
    var changes: SeriesChanges?
    try database.forEachRow(query.sql, query.values) { row throws(StoreError) in
      var appointment = try reader.appointment(row)
      if appointment.repeats {
        if changes == nil { changes = try seriesChanges() }
        changes?.apply(to: &appointment)
      }
      return body(appointment)
    }
  }

  /// What ``upcoming(after:)``, ``past(atOrBefore:)`` or ``all()`` would return (or the
  /// appointments starting in a span), each handed to
  /// `body` as it is read, for output too long to hold (`list --json` of 100,000).
  ///
  /// `body` returns false to stop.
  ///
  /// A series is one appointment: among the upcoming as its next occurrence, among the past
  /// once it has ended, as its last, and in ``Selection/all`` with its cached start; in
  /// ``Selection/starting(from:before:)`` each of its occurrences in the span is one.
  public func forEach(_ selection: Selection, _ body: (Appointment) -> Bool) throws(StoreError) {
    switch selection {
    case .upcoming(let now):
      // The index's rows in its order, with the series whose cached start has passed, worked
      // out here, put in their places.
      var stale = try staleSeries(at: now)[...]
      var going = true
      try forEachAppointment(query(selection)) { appointment in
        while going, let first = stale.first, Self.departsBefore(first, appointment) {
          going = body(stale.removeFirst())
        }
        guard going else { return false }
        going = body(appointment)
        return going
      }
      while going, let first = stale.popFirst() { going = body(first) }
    case .past(let now):
      // The one-offs in the index's order, with the ended series put in their places: a
      // series' cache may still hold an earlier occurrence than its last.
      var ended = try endedSeries(at: now)[...]
      var going = true
      try forEachAppointment(query(selection)) { appointment in
        while going, let first = ended.first, Self.startsAfter(first, appointment) {
          going = body(ended.removeFirst())
        }
        guard going else { return false }
        going = body(appointment)
        return going
      }
      while going, let first = ended.popFirst() { going = body(first) }
    case .all:
      try forEachAppointment(query(selection), body)
    case .starting(let from, let before):
      try forEachOccurrence(from: from, to: before, body)
    }
  }

  /// Which appointments ``forEach(_:_:)`` reads, in the order of the function of the same name.
  public enum Selection: Sendable {
    case upcoming(after: Date)
    case past(atOrBefore: Date)
    case all
    /// Appointments that start in `from..<before`, by start.
    case starting(from: Date, before: Date)
  }

  func query(_ selection: Selection) throws(StoreError) -> (
    sql: String, values: [SQLValue]
  ) {
    switch selection {
    case .upcoming(let now):
      let (condition, values) = try upcomingCondition(now)
      return select(condition, values, order: departureOrder)
    case .past(let now):
      // One-offs only: an ended series is placed by its last start (``forEach(_:_:)``).
      return select(
        "WHERE start_at <= ?" + (keepsSeries ? " AND repeat_rule IS NULL" : ""),
        [.integer(Self.seconds(now))], order: "start_at DESC, id")
    case .all:
      return select("", [], order: "start_at, id")
    case .starting(let from, let before):
      // One-offs only: a series' occurrences are worked out (``forEach(_:_:)``).
      return select(
        "WHERE start_at >= ? AND start_at < ?" + (keepsSeries ? " AND repeat_rule IS NULL" : ""),
        [.integer(Self.seconds(from)), .integer(Self.seconds(before))], order: "start_at, id")
    }
  }

  /// Appointments that have not started, soonest departure first; a series as its next
  /// occurrence.
  public func upcoming(after now: Date) throws(StoreError) -> [Appointment] {
    var result: [Appointment] = []
    try forEach(.upcoming(after: now)) { appointment in
      result.append(appointment)
      return true
    }
    return result
  }

  /// Appointments that have not started by `now` and leave before `departure`, soonest
  /// departure first, with every occurrence of a series that does: what the watch plans
  /// alerts for. The start bound uses the index on `start_at`: a start is at most two of the
  /// longest durations (travel and buffer) after its departure.
  public func upcoming(after now: Date, departingBefore departure: Date) throws(StoreError)
    -> [Appointment]
  {
    let end = Self.seconds(departure)
    let latestStart = end + 2 * DurationExpression.maximumSeconds + 1
    var result = try appointmentRows(
      "WHERE start_at > ? AND start_at < ? AND \(self.departure) < ?"
        + (keepsSeries ? " AND repeat_rule IS NULL" : ""),
      [.integer(Self.seconds(now)), .integer(latestStart), .integer(end)],
      order: departureOrder)
    guard keepsSeries else { return result }
    let from = now.addingTimeInterval(1)
    let series = try liveSeries(at: now)
    // An occurrence can leave before `end` only when it starts less than a minute (what the
    // rule floors away) after `end` plus the series' own travel and buffer: no further is
    // expanded, and the rule decides each one found.
    let lastStarts = series.map {
      Date(timeIntervalSince1970: TimeInterval(end + $0.travelSeconds + $0.bufferSeconds + 60))
    }
    func leavesInTime(_ occurrence: Appointment) -> Bool {
      Self.departure(of: occurrence) < end
    }
    let known = try knownStarts(
      from: from, to: Date(timeIntervalSince1970: TimeInterval(latestStart)), of: series
    ) { source, start in
      let occurrence = series[source].occurrence(at: start)
      if start < lastStarts[source], leavesInTime(occurrence) { result.append(occurrence) }
    }
    for source in series.indices where !known[source] {
      result += series[source].occurrences(
        from: from, to: lastStarts[source], in: try starts(of: series[source])
      ).filter(leavesInTime)
    }
    return result.sorted(by: Self.departsBefore)
  }

  /// Appointments that have started, most recent first; a series once it has ended, as its
  /// last occurrence.
  public func past(atOrBefore now: Date) throws(StoreError) -> [Appointment] {
    var result: [Appointment] = []
    try forEach(.past(atOrBefore: now)) { appointment in
      result.append(appointment)
      return true
    }
    return result
  }

  /// Every appointment, by start.
  public func all() throws(StoreError) -> [Appointment] {
    try appointments(query(.all))
  }

  /// The appointment whose departure comes next among those not yet started; a series as
  /// its next occurrence.
  public func next(after now: Date) throws(StoreError) -> Appointment? {
    let indexed = try appointments(nextQuery(after: now)).first
    guard let stale = try firstStaleSeries(at: now) else { return indexed }
    guard let indexed else { return stale }
    return Self.departsBefore(stale, indexed) ? stale : indexed
  }

  /// The query ``next(after:)`` runs, for the test that reads SQLite's plan for it.
  func nextQuery(after now: Date) throws(StoreError) -> (sql: String, values: [SQLValue]) {
    let (condition, values) = try upcomingCondition(now)
    return select(condition, values, order: departureOrder, limit: 1)
  }

  public func appointment(id: Int) throws(StoreError) -> Appointment? {
    try appointmentRows("WHERE id = ?", [.integer(id)], order: "id").first
  }

  /// Appointments whose title starts with `prefix` (exactly, case and all).
  public func appointments(titlePrefix prefix: String) throws(StoreError) -> [Appointment] {
    try appointmentRows(
      "WHERE substr(title, 1, length(?1)) = ?1", [.text(prefix)], order: "start_at, id")
  }

  /// Appointments whose title holds `text` anywhere (exactly, case and all).
  public func appointments(titleContaining text: String) throws(StoreError) -> [Appointment] {
    try appointmentRows("WHERE instr(title, ?1) > 0", [.text(text)], order: "start_at, id")
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
    let stored = try writeAppointments { () throws(StoreError) in
      try insertRow(appointment, createdAt: createdAt)
    }
    return try planned(stored)
  }

  /// Adds many appointments in one transaction: all of them or, on failure, none.
  public func insert(_ appointments: [Appointment], createdAt: Date) throws(StoreError) {
    try writeAppointments { () throws(StoreError) in
      for appointment in appointments { _ = try insertRow(appointment, createdAt: createdAt) }
    }
  }

  /// A series is stored with its next occurrence after `createdAt` as its start, and
  /// returned so.
  func insertRow(_ appointment: Appointment, createdAt: Date) throws(StoreError)
    -> Appointment
  {
    var stored = appointment
    let series = try seriesValues(appointment, now: createdAt)
    stored.start = series.start
    if keepsSeries {
      try database.rows(
        """
        INSERT INTO appointment (title, start_at, time_zone, place, lat, lng, origin_name,
          origin_lat, origin_lng, mode, travel_seconds, travel_estimated, buffer_seconds,
          prep_seconds, alerts, note, created_at, repeat_rule, repeat_first, repeat_last_at,
          departure_at, travel_source)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        Self.values(stored) + [.integer(Self.seconds(createdAt))] + series.columns
          + [.integer(Self.departure(of: stored)), .text(stored.travelSource.rawValue)])
    } else {
      try database.rows(
        """
        INSERT INTO appointment (title, start_at, time_zone, place, lat, lng, origin_name,
          origin_lat, origin_lng, mode, travel_seconds, travel_estimated, buffer_seconds,
          prep_seconds, alerts, note, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, Self.values(stored) + [.integer(Self.seconds(createdAt))])
    }
    stored.id = try database.scalar("SELECT last_insert_rowid()").int ?? 0
    try writeTripColumns(of: stored)
    try writeChanges(stored, now: createdAt)
    noteTrips(of: stored)
    return stored
  }

  /// Replaces a stored appointment's fields, a series' rule, exceptions and overrides too.
  ///
  /// - Parameters:
  ///   - now: the writer's clock, which a series' cached start (its next occurrence) is worked
  ///     out from.
  ///   - local: for an appointment brought in from a calendar, the fields the person has set
  ///     over it (``LocalFields``), which reading the calendar again keeps; nil leaves them.
  ///   - occurrence: for a series brought in from a calendar, the occurrence (by the wall time
  ///     the rule gives it) this update skips (nil) or moves, which reading the calendar again
  ///     keeps.
  /// - Returns: the appointment as stored: a series as its next occurrence after `now`.
  @discardableResult
  public func update(
    _ appointment: Appointment, now: Date, local: LocalFields? = nil,
    occurrence: (wall: WallTime, start: Date?)? = nil
  ) throws(StoreError) -> Appointment {
    let written = try writeAppointments { () throws(StoreError) -> Appointment in
      try noteTrips(ofRow: appointment.id)
      if let local { try writeLocalFields(local, of: appointment.id) }
      if let occurrence {
        try writeLocalOccurrence(of: appointment.id, occurrence.wall, start: occurrence.start)
      }
      return try updateRow(appointment, now: now)
    }
    return try planned(written)
  }

  /// `written` as the trips planned after it left it: read again when trips are planned.
  func planned(_ written: Appointment) throws(StoreError) -> Appointment {
    guard keepsOrigins, tripZone != nil else { return written }
    return try appointment(id: written.id) ?? written
  }

  /// ``update(_:now:local:occurrence:)``'s write of the row itself, inside the caller's
  /// transaction.
  func updateRow(_ appointment: Appointment, now: Date) throws(StoreError) -> Appointment {
    var stored = appointment
    let series = try seriesValues(appointment, now: now)
    stored.start = series.start
    if keepsSeries {
      try database.rows(
        """
        UPDATE appointment SET title = ?, start_at = ?, time_zone = ?, place = ?, lat = ?,
          lng = ?, origin_name = ?, origin_lat = ?, origin_lng = ?, mode = ?,
          travel_seconds = ?, travel_estimated = ?, buffer_seconds = ?, prep_seconds = ?,
          alerts = ?, note = ?, repeat_rule = ?, repeat_first = ?, repeat_last_at = ?,
          departure_at = ?, travel_source = ?
        WHERE id = ?
        """,
        Self.values(stored) + series.columns
          + [
            .integer(Self.departure(of: stored)), .text(stored.travelSource.rawValue),
            .integer(appointment.id),
          ])
      try writeChanges(stored, now: now)
    } else {
      try database.rows(
        """
        UPDATE appointment SET title = ?, start_at = ?, time_zone = ?, place = ?, lat = ?,
          lng = ?, origin_name = ?, origin_lat = ?, origin_lng = ?, mode = ?,
          travel_seconds = ?, travel_estimated = ?, buffer_seconds = ?, prep_seconds = ?,
          alerts = ?, note = ?
        WHERE id = ?
        """, Self.values(stored) + [.integer(appointment.id)])
    }
    try writeTripColumns(of: stored)
    noteTrips(of: stored)
    return stored
  }

  /// Deletes appointments (and their alert log) in one transaction; returns how many went.
  ///
  /// One brought in from a calendar is hidden, so that reading the calendar again does not
  /// bring it back while the calendar holds its event.
  public func delete(ids: [Int], now: Date) throws(StoreError) -> Int {
    try writeAppointments { () throws(StoreError) in
      var deleted = 0
      for id in ids {
        try noteTrips(ofRow: id)
        if keepsLocalChanges, let (source, key) = try calendarKey(of: id) {
          try database.rows(
            "INSERT OR REPLACE INTO hidden_event (source, uid, instance, hidden_at) "
              + "VALUES (?, ?, ?, ?)",
            [.text(source), .text(key.uid), .text(key.instance), .integer(Self.seconds(now))])
        }
        try database.rows("DELETE FROM appointment WHERE id = ?", [.integer(id)])
        deleted += database.changes
      }
      return deleted
    }
  }

  static func seconds(_ date: Date) -> Int {
    Int(date.timeIntervalSince1970.rounded(.down))
  }

  static func values(_ a: Appointment) -> [SQLValue] {
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
