import ChulbalCore
import FoundationEssentials

/// The alert log: what became of each alert, so that no alert is shown twice and none is
/// dropped in silence.
extension Store: AlertJournal {
  private static let logColumns = Row.Columns([
    "appointment_id", "lead_seconds", "due_at", "kind", "outcome", "backend", "recorded_at",
    "snooze_until",
  ])

  /// One line of `chulbal log`.
  public struct AlertLogEntry: Equatable, Sendable {
    public let id: AlertID
    public let kind: Alert.Kind
    public let outcome: AlertOutcome
    public let recordedAt: Date
    /// The appointment's title and zone as they are now.
    public let title: String
    public let timeZone: String
  }

  /// Whether the file keeps late notices and `출발했어요` as what they are (schema 13 on).
  /// Before, a late notice was a `leave` row with its lead's magnitude, which no other `leave`
  /// alert has, and `출발했어요` a `delivered` row by the backend `acknowledged`, which names
  /// none; a reader reads such a file as it is, and so reads those rows as they were meant.
  var keepsLateNotices: Bool { schema >= 13 }

  public func read(
    startingAfter start: Date, departingBefore departure: Date, outcomesDueAfter dueAfter: Date
  ) throws(StoreError) -> AlertJournalRead {
    try database.readTransaction { () throws(StoreError) -> AlertJournalRead in
      let appointments = try upcoming(after: start, departingBefore: departure)
      var createdAt: [Int: Date] = [:]
      let ids = Set(appointments.map(\.id))
      if !ids.isEmpty {
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        for row in try database.rows(
          "SELECT id, created_at FROM appointment WHERE id IN (\(marks))", ids.map { .integer($0) })
        {
          if case .integer(let id) = row[0], case .integer(let seconds) = row[1] {
            createdAt[id] = Date(timeIntervalSince1970: TimeInterval(seconds))
          }
        }
      }
      return AlertJournalRead(
        appointments: appointments, outcomes: try outcomes(dueAfter: dueAfter),
        createdAt: createdAt)
    }
  }

  /// The recorded outcome of every alert due after `instant`.
  public func outcomes(dueAfter instant: Date) throws(StoreError) -> [AlertID: AlertOutcome] {
    var result: [AlertID: AlertOutcome] = [:]
    for entry in try logRows("WHERE due_at > ?", [.integer(Self.wholeSeconds(instant))]) {
      result[entry.id] = entry.outcome
    }
    return result
  }

  /// Alerts recorded at or after `instant`, newest first, with their appointments' titles.
  public func alertLog(since instant: Date) throws(StoreError) -> [AlertLogEntry] {
    try logRows(
      "WHERE recorded_at >= ? ORDER BY recorded_at DESC, due_at DESC",
      [.integer(Self.wholeSeconds(instant))])
  }

  public func claim(_ id: AlertID, kind: Alert.Kind, at now: Date) throws(StoreError) -> Bool {
    try database.writeTransaction { () throws(StoreError) -> Bool in
      let found = try logRows(
        "WHERE l.appointment_id = ? AND l.lead_seconds = ? AND l.due_at = ?", Self.key(id)
      ).first
      if let found, !found.outcome.allowsClaim(at: now) { return false }
      return try write(id, kind: kind, .claimed, at: now)
    }
  }

  @discardableResult
  public func record(_ id: AlertID, kind: Alert.Kind, _ outcome: AlertOutcome, at now: Date)
    throws(StoreError) -> Bool
  {
    try database.writeTransaction { () throws(StoreError) -> Bool in
      try write(id, kind: kind, outcome, at: now)
    }
  }

  /// Writes `outcome` for `id`, over whatever was there.
  ///
  /// - Returns: false when the appointment is gone (removed since the step read it), and so
  ///   nothing was written.
  func write(_ id: AlertID, kind: Alert.Kind, _ outcome: AlertOutcome, at now: Date)
    throws(StoreError) -> Bool
  {
    var backend: SQLValue = .null
    var until: SQLValue = .null
    switch outcome {
    case .delivered(let shownBy): backend = .text(shownBy)
    case .snoozed(let end): until = .integer(Self.wholeSeconds(end))
    case .claimed, .missed, .acknowledged: break
    }
    try database.rows(
      """
      INSERT INTO alert_log (appointment_id, lead_seconds, due_at, kind, outcome, backend,
        recorded_at, snooze_until)
      SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE EXISTS (SELECT 1 FROM appointment WHERE id = ?1)
      ON CONFLICT (appointment_id, lead_seconds, due_at) DO UPDATE SET kind = excluded.kind,
        outcome = excluded.outcome, backend = excluded.backend,
        recorded_at = excluded.recorded_at, snooze_until = excluded.snooze_until
      """,
      Self.key(id) + [
        .text(kind.rawValue), .text(outcome.name), backend, .integer(Self.wholeSeconds(now)),
        until,
      ])
    return database.changes > 0
  }

  /// The log's key, (appointment_id, lead_seconds, due_at), as version 2 made it.
  ///
  /// A series' occurrences share the appointment's id, and no column was added for the
  /// occurrence: each alert is due at the occurrence's departure less its lead, so for one
  /// series and one lead the due instant already tells the occurrences apart (they start at
  /// different instants, and travel and buffer are the series' own). The one case it folds
  /// together, an occurrence moved to within the same minute as another, would be the same
  /// departure shown twice, which is better shown once. An edit of travel moves every due
  /// instant, as it does a one-off's: the alerts after it are new ones.
  ///
  /// A late notice's lead is negative (version 13), so it never meets another alert's key.
  private static func key(_ id: AlertID) -> [SQLValue] {
    [.integer(id.appointmentID), .integer(id.leadSeconds), .integer(wholeSeconds(id.due))]
  }

  private static func wholeSeconds(_ date: Date) -> Int {
    Int(date.timeIntervalSince1970.rounded(.down))
  }

  private func logRows(_ condition: String, _ values: [SQLValue]) throws(StoreError)
    -> [AlertLogEntry]
  {
    let selected = Self.logColumns.names.map { "l.\($0)" } + ["a.title", "a.time_zone"]
    let columns = Row.Columns(Self.logColumns.names + ["title", "time_zone"])
    var result: [AlertLogEntry] = []
    for values in try database.rows(
      "SELECT \(selected.joined(separator: ", ")) FROM alert_log AS l "
        + "JOIN appointment AS a ON a.id = l.appointment_id \(condition)", values)
    {
      var row = Row(values, columns: columns, label: "알림 기록", path: path)
      let appointmentID = try row.integer("appointment_id")
      row.label = "약속 #\(appointmentID)의 알림 기록"
      var lead = try row.signedDuration("lead_seconds")
      let due = Date(timeIntervalSince1970: TimeInterval(try row.instant("due_at")))
      let kindName = try row.text("kind")
      guard var kind = Alert.Kind(rawValue: kindName) else {
        throw row.damaged("kind", "알 수 없는 값 '\(kindName)'")
      }
      let outcomeName = try row.text("outcome")
      var outcome: AlertOutcome
      switch outcomeName {
      case "claimed": outcome = .claimed
      case "missed": outcome = .missed
      // Alerts a version-1 file recorded do not say which backend showed them.
      case "delivered": outcome = .delivered(backend: try row.optionalText("backend") ?? "")
      case "acknowledged": outcome = .acknowledged
      case "snoozed":
        outcome = .snoozed(
          until: Date(timeIntervalSince1970: TimeInterval(try row.instant("snooze_until"))))
      default: throw row.damaged("outcome", "알 수 없는 값 '\(outcomeName)'")
      }
      if !keepsLateNotices {
        // As version 13 converts them.
        if kind == .leave, lead > 0 { (kind, lead) = (.late, -lead) }
        if outcome == .delivered(backend: "acknowledged") { outcome = .acknowledged }
      }
      result.append(
        AlertLogEntry(
          id: AlertID(appointmentID: appointmentID, leadSeconds: lead, due: due), kind: kind,
          outcome: outcome,
          recordedAt: Date(timeIntervalSince1970: TimeInterval(try row.instant("recorded_at"))),
          title: try row.text("title"), timeZone: try row.text("time_zone")))
    }
    return result
  }
}
