import FoundationEssentials

/// One level of undo for the commands that change what a person keeps (`remove`, `edit`,
/// `import`, `place`).
///
/// While such a command writes, temporary triggers on this connection record, for every row it
/// inserts, updates or deletes, the SQL that puts the row back as it was (the method of
/// https://sqlite.org/undoredo.html). `undo` runs those statements newest first. Other
/// connections (a running `watch`, a sync) are not recorded: the triggers live only in the
/// recording connection, and only while the command runs.
extension Store {
  /// The last change that `undo` can reverse.
  public struct UndoRecord: Equatable, Sendable {
    /// The command that made it (`remove`, `edit`, `import`, `place`).
    public var command: String
    /// What it did, as the command said it (`#5 스터디 지움`).
    public var summary: String
    public var recordedAt: Date
  }

  /// The tables whose rows a person's change reaches; sources and their caches are a sync's,
  /// which undo leaves alone.
  private static let undoneTables = [
    "appointment", "place", "setting", "alert_log", "repeat_exception", "repeat_override",
    "series_occurrence", "hidden_event", "local_occurrence", "remembered_trip",
  ]

  /// Runs `body`, recording how to reverse every row it changes; when it succeeds and changed
  /// something, that becomes the change `undo` reverses, under the summary `body` returns.
  public func recordingUndo<T>(
    _ command: String, now: Date, _ body: () throws -> (result: T, summary: String)
  ) throws -> T {
    let step =
      try database.scalar("SELECT coalesce(max(step), 0) + 1 FROM undo_statement").int ?? 1
    try startRecording(step: step)
    let outcome: (result: T, summary: String)
    do {
      outcome = try body()
    } catch {
      try? stopRecording()
      _ = try? database.writeTransaction { () throws(StoreError) in
        try database.rows("DELETE FROM undo_statement WHERE step = ?", [.integer(step)])
      }
      throw error
    }
    try stopRecording()
    try database.writeTransaction { () throws(StoreError) in
      let recorded = try database.scalar(
        "SELECT count(*) FROM undo_statement WHERE step = ?", [.integer(step)])
      guard recorded.int ?? 0 > 0 else { return }
      try database.rows("DELETE FROM undo_statement WHERE step <> ?", [.integer(step)])
      try database.rows(
        "INSERT OR REPLACE INTO undo_step (id, step, command, summary, recorded_at) "
          + "VALUES (1, ?, ?, ?, ?)",
        [.integer(step), .text(command), .text(outcome.summary), .integer(Self.seconds(now))])
    }
    return outcome.result
  }

  /// The change `undo` would reverse; nil when there is none.
  public func lastUndoable() throws(StoreError) -> UndoRecord? {
    guard schema >= 11 else { return nil }
    let rows = try database.rows("SELECT command, summary, recorded_at FROM undo_step")
    guard let row = rows.first, let command = row[0].string, let summary = row[1].string,
      let seconds = row[2].int
    else { return nil }
    return UndoRecord(
      command: command, summary: summary,
      recordedAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
  }

  /// Puts back every row the last recorded change touched, in one transaction, and forgets the
  /// record; returns it, or nil when there was nothing to undo. A row that cannot go back (an
  /// appointment added since with the same key) fails the whole undo, which changes nothing.
  public func undo() throws(StoreError) -> UndoRecord? {
    guard let record = try lastUndoable() else { return nil }
    try database.writeTransaction { () throws(StoreError) in
      // Rows come back parent after child (a deleted appointment's alert log first), so the
      // foreign keys are checked at the commit.
      try database.execute("PRAGMA defer_foreign_keys = ON")
      let statements = try database.rows(
        "SELECT statement FROM undo_statement WHERE step = (SELECT step FROM undo_step) "
          + "ORDER BY seq DESC")
      for statement in statements.compactMap({ $0.first?.string }) {
        try database.execute(statement)
      }
      try forgetUndoRows()
    }
    return record
  }

  /// Forgets the recorded change, for a change that cannot be undone (one also made on a
  /// server), so that `undo` does not reach past it.
  public func forgetUndo() throws(StoreError) {
    guard schema >= 11 else { return }
    try database.writeTransaction { () throws(StoreError) in try forgetUndoRows() }
  }

  private func forgetUndoRows() throws(StoreError) {
    try database.execute("DELETE FROM undo_statement; DELETE FROM undo_step")
  }

  /// Makes the temporary triggers that record step `step`'s reversing statements.
  private func startRecording(step: Int) throws(StoreError) {
    // A REPLACE that deletes a row fires the delete trigger only with recursive triggers on.
    var script = "PRAGMA recursive_triggers = ON;\n"
    for table in Self.undoneTables {
      let columns = try database.rows("SELECT name, pk FROM pragma_table_info(?)", [.text(table)])
      let names = columns.compactMap { $0[0].string.map { "\"\($0)\"" } }
      let keys = columns.compactMap { row -> (Int, String)? in
        guard let name = row[0].string, let position = row[1].int, position > 0 else { return nil }
        return (position, "\"\(name)\"")
      }.sorted { $0.0 < $1.0 }.map(\.1)
      // `'"a" = ' || quote(new."a") || ' AND …'`: the row as it now is, found by its key.
      func match(_ row: String) -> String {
        (keys.isEmpty ? ["rowid"] : keys).map { "'\($0) = ' || quote(\(row).\($0))" }
          .joined(separator: " || ' AND ' || ")
      }
      let oldValues = names.map { "quote(old.\($0))" }.joined(separator: " || ', ' || ")
      let oldAssignments = names.map { "'\($0) = ' || quote(old.\($0))" }
        .joined(separator: " || ', ' || ")
      let record = "INSERT INTO undo_statement (step, statement) VALUES (\(step), "
      script += """
        CREATE TEMP TRIGGER undo_\(table)_insert AFTER INSERT ON main.\(table) BEGIN
          \(record)'DELETE FROM \(table) WHERE ' || \(match("new"))); END;
        CREATE TEMP TRIGGER undo_\(table)_update AFTER UPDATE ON main.\(table) BEGIN
          \(record)'UPDATE \(table) SET ' || \(oldAssignments) || ' WHERE ' || \(match("new")));
        END;
        CREATE TEMP TRIGGER undo_\(table)_delete BEFORE DELETE ON main.\(table) BEGIN
          \(record)'INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (' || \(oldValues)
            || ')'); END;

        """
    }
    try database.execute(script)
  }

  private func stopRecording() throws(StoreError) {
    var script = "PRAGMA recursive_triggers = OFF;\n"
    for table in Self.undoneTables {
      for change in ["insert", "update", "delete"] {
        script += "DROP TRIGGER IF EXISTS temp.undo_\(table)_\(change);\n"
      }
    }
    try database.execute(script)
  }
}
