import ChulbalCore
import FoundationEssentials

/// Provider trips asked again before leaving (schema 15): the appointments asked about, each
/// change written with the trip it brings, and the notice the watch gives of it once.
extension Store {
  private static let changeColumns = Row.Columns([
    "id", "appointment_id", "old_departure_at", "new_departure_at", "provider", "changed_at",
    "title",
  ])

  /// Whether the file keeps trip changes (schema 15 on).
  var keepsTripChanges: Bool { schema >= 15 }

  /// The one-off appointments whose trip a route provider gave (``TripRecheck/isRechecked(_:)``)
  /// that leave after `now` and at or before `until`, soonest departure first.
  public func providerTrips(after now: Date, until: Date) throws(StoreError) -> [Appointment] {
    guard keepsTripChanges else { return [] }
    let sources = RouteSource.allCases.filter { $0 != .estimate }.map { "'\($0.rawValue)'" }
    return try appointmentRows(
      """
      WHERE travel_source IN (\(sources.joined(separator: ", "))) AND repeat_rule IS NULL \
      AND start_at > ? AND departure_at > ? AND departure_at <= ?
      """,
      [.integer(Self.seconds(now)), .integer(Self.seconds(now)), .integer(Self.seconds(until))],
      order: "departure_at, id"
    ).filter(TripRecheck.isRechecked)
  }

  /// Writes the trip asked again as an edit writes it (its departure, and so its alerts, follow
  /// at once), and keeps `change`, in one transaction. The alerts of the new plan that are not
  /// to be sent (`superseded`, ``TripRecheck/supersededAlerts(of:was:at:)``) are recorded as
  /// missed, never shown: the alert of the same lead before the change, or the change's
  /// notice, has told the person already.
  ///
  /// - Parameter notifies: whether the watch is to give a notice of the change.
  /// - Returns: the change as kept, with its number; nil, writing nothing, when the
  ///   appointment is gone or its trip is no longer the one asked about (written meanwhile).
  public func replanTrip(
    _ appointment: Appointment, was asked: Appointment, change: TripChange, superseded: [Alert],
    now: Date
  ) throws(StoreError) -> TripChange? {
    guard keepsTripChanges else { return nil }
    return try writeAppointments { () throws(StoreError) -> TripChange? in
      // Another command may have edited it while the provider was asked: its edit stands.
      guard let stored = try self.appointment(id: asked.id), stored == asked else { return nil }
      try noteTrips(ofRow: appointment.id)
      _ = try updateRow(appointment, now: now)
      for alert in superseded {
        _ = try write(
          AlertID(appointment: appointment, alert: alert), kind: alert.kind, .missed, at: now)
      }
      try database.rows(
        """
        INSERT INTO trip_change (appointment_id, old_departure_at, new_departure_at, provider,
          changed_at, notice)
        VALUES (?, ?, ?, ?, ?, ?)
        """,
        [
          .integer(change.appointmentID), .integer(Self.seconds(change.oldDeparture)),
          .integer(Self.seconds(change.newDeparture)), .text(change.source.rawValue),
          .integer(Self.seconds(change.changedAt)), .text(change.notifies ? "due" : "none"),
        ])
      var kept = change
      kept.id = try database.scalar("SELECT last_insert_rowid()").int ?? 0
      return kept
    }
  }

  /// The changes whose notice is still to be given: due, or claimed by a watch that ended
  /// before it was shown (shown again rather than never), oldest first.
  public func dueTripNotices() throws(StoreError) -> [TripChange] {
    guard keepsTripChanges else { return [] }
    return try changes("WHERE c.notice IN ('due', 'claimed') ORDER BY c.id")
  }

  /// Takes change `id`'s notice for delivery at `now`.
  ///
  /// - Returns: whether this caller may deliver it: false when another has shown it.
  public func claimTripNotice(id: Int, at now: Date) throws(StoreError) -> Bool {
    try database.writeTransaction { () throws(StoreError) -> Bool in
      try database.rows(
        "UPDATE trip_change SET notice = 'claimed', noticed_at = ? "
          + "WHERE id = ? AND notice IN ('due', 'claimed')",
        [.integer(Self.seconds(now)), .integer(id)])
      return database.changes > 0
    }
  }

  /// Records what became of change `id`'s notice: shown by `backend`, or missed when nil.
  public func recordTripNotice(id: Int, shownBy backend: String?, at now: Date)
    throws(StoreError)
  {
    try database.writeTransaction { () throws(StoreError) in
      try database.rows(
        "UPDATE trip_change SET notice = ?, backend = ?, noticed_at = ? WHERE id = ?",
        [
          .text(backend == nil ? "missed" : "delivered"), SQLValue(backend),
          .integer(Self.seconds(now)), .integer(id),
        ])
    }
  }

  /// Every change kept at or after `instant`, oldest first.
  public func tripChanges(since instant: Date) throws(StoreError) -> [TripChange] {
    guard keepsTripChanges else { return [] }
    return try changes(
      "WHERE c.changed_at >= ? ORDER BY c.id", [.integer(Self.seconds(instant))])
  }

  private func changes(_ condition: String, _ values: [SQLValue] = []) throws(StoreError)
    -> [TripChange]
  {
    let selected = Self.changeColumns.names.dropLast().map { "c.\($0)" } + ["a.title"]
    var result: [TripChange] = []
    for values in try database.rows(
      "SELECT \(selected.joined(separator: ", ")) FROM trip_change AS c "
        + "JOIN appointment AS a ON a.id = c.appointment_id \(condition)", values)
    {
      var row = Row(values, columns: Self.changeColumns, label: "출발 바뀜 기록", path: path)
      row.number = try row.integer("id")
      let providerName = try row.text("provider")
      guard let source = RouteSource(rawValue: providerName) else {
        throw row.damaged("provider", "알 수 없는 값 '\(providerName)'")
      }
      func instant(_ column: Row.Column) throws(StoreError) -> Date {
        Date(timeIntervalSince1970: TimeInterval(try row.instant(column)))
      }
      result.append(
        TripChange(
          id: try row.integer("id"), appointmentID: try row.integer("appointment_id"),
          title: try row.text("title"), oldDeparture: try instant("old_departure_at"),
          newDeparture: try instant("new_departure_at"), source: source,
          changedAt: try instant("changed_at")))
    }
    return result
  }
}
