import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// The appointment database: appointments, saved places, settings and the alert log.
///
/// One SQLite file in WAL mode, so a reader never waits for a writer; every command's writes
/// are one `BEGIN IMMEDIATE` transaction, and a command that only reads never writes to the
/// file (read-only where it cannot be written). A path that names no regular file, or a file that is not chulbal's, is damaged,
/// lacks part of the schema or comes from a newer one, is refused before anything is read or
/// written; ``StoreFile`` deals with the path, this type with what is in the file.
///
/// This file opens the store; each table's queries live in `Store+<Table>.swift`, decoding rows
/// through ``Row``.
public final class Store {
  /// The schema this build reads and writes (`PRAGMA user_version`).
  public static let schemaVersion = 11
  /// `PRAGMA application_id`: 'CHLB'.
  static let applicationID = 0x4348_4C42

  public var path: String { database.path }
  /// Whether the file at ``path`` is no longer the one this store has open: removed, or
  /// another put in its place.
  public var fileHasMoved: Bool { database.fileHasMoved }
  /// The `-shm` file SQLite maps into memory for the database.
  public var sharedMemoryFile: String { StoreFile.logFile("-shm", of: path) }
  /// The one connection; not private, so each table's extension (and the tests, which ask it
  /// about per-connection settings such as foreign keys) can reach it.
  let database: Database
  /// The file's schema version as opened: a reader reads an older file as it is, so its
  /// queries leave out what the file does not have (series, before version 4).
  let schema: Int
  /// Expands the series read and written: the store keeps a series as one row, and asks
  /// this for its occurrences (the calendar library's work, not the store's).
  let expander: any SeriesExpander
  /// The reader's zone, whose days a chain of trips stays within (``OriginRule``); nil writes
  /// each appointment's origin as given, without planning trips around it.
  public var tripZone: Zone?
  /// The days and series a transaction's writes may have changed the trips of, planned again
  /// before it commits (``writeAppointments(_:)``).
  var notedTripDays: Set<CivilDate> = []
  var notedTripSeries: Set<Int> = []

  private init(database: Database, schema: Int, expander: any SeriesExpander) {
    self.database = database
    self.schema = schema
    self.expander = expander
  }

  /// The database file: `CHULBAL_DB`, else `$XDG_DATA_HOME/chulbal/chulbal.db`, else
  /// `~/.local/share/chulbal/chulbal.db`.
  public static func defaultPath(environment: [String: String]) -> String {
    defaultLocation(environment: environment).path
  }

  /// ``defaultPath(environment:)`` and the variable it comes from (`CHULBAL_DB`,
  /// `XDG_DATA_HOME` or `HOME`; nil for the account's home), so a caller can tell which
  /// variable to blame for a path it cannot use.
  public static func defaultLocation(environment: [String: String]) -> (
    path: String, variable: String?
  ) {
    if let path = environment["CHULBAL_DB"], !path.isEmpty { return (path, "CHULBAL_DB") }
    let directories = XDGBaseDirectories(variables: environment)
    return (directories.dataHome + "/chulbal/chulbal.db", directories.dataHomeVariable)
  }

  /// What a command means to do with the store.
  public enum Access: Sendable {
    /// Read only: nothing is written to the file, not even to switch it to WAL or to give an
    /// empty file the schema; it is opened read-only where it cannot be written.
    case reading
    /// Read only, as ``reading``, for completion, which asks on every Tab and would rather
    /// offer nothing (or something a moment old) than hang the line or touch the folder: a
    /// file with no write-ahead log beside it (none has been written where it lies, such as
    /// a copy) is read as it is, without locks and without making `-wal` and `-shm` files
    /// next to it; another program's lock is waited for a moment, not the ten seconds a
    /// command waits.
    case glancing
    /// Read and write: the file must also pass `PRAGMA quick_check`, and its folder and the
    /// file must be writable.
    case writing
  }

  /// Opens the store at `path` for a command that reads or writes.
  ///
  /// Before any command reads or writes, the same checks run for all: the path names a
  /// regular file, the file carries chulbal's application id and a schema version this build
  /// knows, and every table has the columns the schema gives it; a command that writes also
  /// needs `PRAGMA quick_check` to pass.
  ///
  /// - Returns: nil when there is no store yet: no file, a file of 0 bytes, or an SQLite file
  ///   with nothing in it (made by another program). Nothing is written in that case;
  ///   ``openOrCreate(path:expander:)`` makes or initialises it.
  /// - Parameter expander: expands the series the store reads and writes.
  /// - Throws: `StoreError` when the path or the file cannot be used; nothing is written.
  public static func open(path: String, access: Access, expander: some SeriesExpander)
    throws(StoreError) -> Store?
  {
    guard try StoreFile.inspect(path) == .regular else { return nil }
    switch access {
    case .reading: return try openForReading(path, expander: expander)
    case .glancing: return try openForReading(path, glancing: true, expander: expander)
    case .writing: return try openForWriting(path, initialising: false, expander: expander)
    }
  }

  /// Opens the store at `path`: for writing with `create` (making it when there is none),
  /// else for reading.
  public static func open(path: String, create: Bool, expander: some SeriesExpander)
    throws(StoreError) -> Store?
  {
    if create { return try openOrCreate(path: path, expander: expander) }
    return try open(path: path, access: .reading, expander: expander)
  }

  /// Opens the store at `path` for a command that writes, making it (folder 0700, file 0600)
  /// when there is none, and giving the schema to a file of 0 bytes or an empty SQLite file.
  ///
  /// - Throws: `StoreError` as ``open(path:access:expander:)`` does.
  public static func openOrCreate(path: String, expander: some SeriesExpander)
    throws(StoreError) -> Store
  {
    if try StoreFile.inspect(path) == .absent {
      try StoreFile.create(path) { (database: Database) throws(StoreError) in
        try migrate(database)
      }
    }
    guard let store = try openForWriting(path, initialising: true, expander: expander) else {
      throw .cannotOpen(path: path, reason: "만든 파일이 사라졌습니다")
    }
    return store
  }

  private static func openForReading(
    _ path: String, glancing: Bool = false, expander: any SeriesExpander
  ) throws(StoreError) -> Store? {
    // Read-write where the file and its folder allow it, though nothing is written through
    // it: only then does SQLite remove the -wal and -shm files it makes beside the database
    // when the command ends, leaving the folder as it was; the ones it finds there stay
    // (Database.keepLogFiles). Elsewhere read-only.
    let logFilesFound = StoreFile.hasLog(path)
    var database: Database
    if glancing && !logFilesFound {
      // No writer at work and nothing pending: the file holds everything. One that starts
      // meanwhile may change a page under the read, which then gives a stale or no answer.
      database = try Database(path: path, access: .immutable)
    } else {
      database = try Database(
        path: path, access: StoreFile.isWritable(path) ? .readWrite : .readOnly,
        busyTimeoutMilliseconds: glancing ? 100 : 10_000)
    }
    let pendingLog = holdPendingLog(database)
    let identity: Identity
    do {
      identity = try identify(database)
    } catch {
      // A WAL database in a read-only folder: SQLite cannot make its -shm file there
      // (SQLITE_CANTOPEN, or SQLITE_READONLY_CANTINIT), and needs none for a file that
      // nothing can change.
      guard StoreFile.isFrozen(path) else { throw error }
      database = try Database(path: path, access: .immutable)
      identity = try identify(database)
    }
    guard case .chulbal(let version) = identity else { return nil }
    database.cacheFewPages()
    // An older file is read as it is: a reader never migrates it.
    try checkSchema(database, version: version)
    if pendingLog { database.checkpointOnClose(true) }
    if logFilesFound { database.keepLogFiles() }
    return Store(database: database, schema: version, expander: expander)
  }

  /// Keeps a write-ahead log that has pages in it out of the file until the file is known to
  /// be chulbal's and whole: closing a connection copies the log in, which would change a file
  /// the checks then refuse (another program's, a newer chulbal's).
  ///
  /// - Returns: whether there was such a log, so the caller allows the copy once the checks
  ///   have passed.
  private static func holdPendingLog(_ database: Database) -> Bool {
    guard StoreFile.hasPendingLog(database.path) else { return false }
    database.checkpointOnClose(false)
    return true
  }

  /// Refuses, as opening for writing does, a file that can no longer be written: a
  /// long-running process asks before it writes, as the file may have changed since it
  /// opened it.
  ///
  /// - Throws: `StoreError.readOnlyFolder`, `.readOnlyFile` or `.readOnlyLogFile`.
  public func checkWritable() throws(StoreError) {
    try StoreFile.checkWritable(path)
  }

  /// Closes the connection now; nothing may use the store after it.
  ///
  /// For a store whose file another has replaced, so that the next connection to the new
  /// file is the first and sets up the `-shm` afresh instead of trusting this one's.
  public func close() {
    database.close()
  }

  /// Copies the write-ahead log into the file and empties it, when it has pages.
  ///
  /// For a connection held open while other programs may put another file in the
  /// database's place: the log stays under the database's name, and the next connection to
  /// the new file would read the pages in it as the new file's. Emptied, it holds none.
  ///
  /// - Parameter waiting: wait up to the busy timeout for other connections to finish;
  ///   without it, a log another connection is using keeps its pages.
  /// - Returns: whether the log is empty now.
  @discardableResult
  public func emptyLog(waiting: Bool) -> Bool {
    // An empty log is left alone: truncating it again would still count as a change to it
    // for a process watching the folder, such as the watch itself.
    guard StoreFile.hasPendingLog(path) else { return true }
    return database.emptyLog(waiting: waiting)
  }

  /// - Parameter initialising: give the schema to an empty file; without it such a file
  ///   gives nil.
  private static func openForWriting(
    _ path: String, initialising: Bool, expander: any SeriesExpander
  ) throws(StoreError) -> Store? {
    try StoreFile.checkWritable(path)
    let logFilesFound = StoreFile.hasLog(path)
    let database = try Database(path: path)
    let pendingLog = holdPendingLog(database)
    let identity = try identify(database)
    if case .chulbal(let version) = identity {
      // The file is checked as the version it is before anything is migrated or written.
      try checkSchema(database, version: version)
      let report = try database.rows("PRAGMA quick_check(1)").first?.first?.string ?? ""
      guard report == "ok" else {
        // One line: SQLite's report puts a "*** in database main ***" header over its
        // findings.
        let problems = report.split(separator: "\n").filter { !$0.hasPrefix("***") }
        throw .damaged(
          path: path, reason: "SQLite 무결성 검사: \(problems.joined(separator: "; "))")
      }
    }
    switch identity {
    case .empty:
      guard initialising else { return nil }
      try migrate(database)
    case .chulbal(let version) where version < schemaVersion: try migrate(database)
    case .chulbal: break
    }
    if pendingLog { database.checkpointOnClose(true) }
    if logFilesFound { database.keepLogFiles() }
    try database.execute("PRAGMA foreign_keys=ON")
    return Store(database: database, schema: schemaVersion, expander: expander)
  }

  /// Whose file it is, read from its header alone.
  enum Identity: Equatable {
    /// An SQLite file with nothing in it, or 0 bytes: nobody's yet.
    case empty
    case chulbal(version: Int)
  }

  /// - Throws: `StoreError.notChulbal` for another program's file, `.newerVersion` for a
  ///   newer chulbal's, `.damaged` for chulbal's id with a version that was never written.
  static func identify(_ database: Database) throws(StoreError) -> Identity {
    let applicationID = try database.scalar("PRAGMA application_id").int ?? 0
    let version = try database.scalar("PRAGMA user_version").int ?? 0
    guard applicationID == Self.applicationID else {
      let objects = try database.scalar("SELECT count(*) FROM sqlite_master").int ?? 0
      if applicationID == 0 && version == 0 && objects == 0 { return .empty }
      throw .notChulbal(path: database.path)
    }
    guard version <= schemaVersion else {
      throw .newerVersion(path: database.path, found: version, supported: schemaVersion)
    }
    // Version 0 or less is never written with the id: the id is set with the schema.
    guard version >= 1 else {
      throw .damaged(
        path: database.path, reason: "chulbal의 파일이라고 적혀 있지만 스키마 버전이 \(version)입니다")
    }
    return .chulbal(version: version)
  }

  /// Brings an empty or older file to ``schemaVersion`` in one transaction, then to WAL.
  private static func migrate(_ database: Database) throws(StoreError) {
    try database.writeTransaction { () throws(StoreError) in
      // Another process may have migrated while this one waited for the lock.
      let version: Int
      switch try identify(database) {
      case .empty: version = 0
      case .chulbal(let found): version = found
      }
      guard version < schemaVersion else { return }
      for (made, migration) in zip((version + 1)..., Schema.migrations[version...]) {
        try database.execute(migration)
        if made == 10 { try fillDepartures(database) }
      }
      try database.execute(
        "PRAGMA application_id=\(Self.applicationID); PRAGMA user_version=\(schemaVersion)")
      // Inside the transaction, so a migration that left the file other than the schema
      // says is undone.
      try checkSchema(database, version: schemaVersion)
    }
    try database.execute("PRAGMA journal_mode=WAL")
  }

  /// Gives every row of a file migrated to version 10 the departure the core's rule gives it.
  /// A row whose start or durations are not integers, which only damage makes, is left
  /// without one, so the malformed index holds it and a reader names it.
  private static func fillDepartures(_ database: Database) throws(StoreError) {
    var departures: [(id: Int, departure: Int)] = []
    try database.forEachRow(
      "SELECT id, start_at, travel_seconds, buffer_seconds FROM appointment"
    ) { row throws(StoreError) in
      if let id = row.integer(0), let start = row.integer(1), let travel = row.integer(2),
        let buffer = row.integer(3)
      {
        departures.append((id, departure(start: start, travel: travel, buffer: buffer)))
      }
      return true
    }
    for (id, departure) in departures {
      try database.rows(
        "UPDATE appointment SET departure_at = ? WHERE id = ?",
        [.integer(departure), .integer(id)])
    }
  }

  /// Refuses a file whose tables lack a column the schema gives them, or have one it does
  /// not, such as one with a table dropped by hand.
  ///
  /// A file of this build's version whose tables are exactly as the migrations wrote them
  /// (``tablesAreAsMade(_:)``) passes on one query; any other is checked column by column.
  private static func checkSchema(_ database: Database, version: Int) throws(StoreError) {
    if version == schemaVersion {
      do {
        if try tablesAreAsMade(database) { return }
      } catch {
        // Another wait for the lock would double the wait; anything else fails again below,
        // which throws what it always threw.
        if case .busy = error { throw error }
      }
    }
    let found = try columns(database)
    for (table, expected) in Schema.columns(version: version).sorted(by: { $0.key < $1.key }) {
      guard let actual = found[table] else {
        throw .damaged(path: database.path, reason: "'\(table)' 테이블이 없습니다")
      }
      let missing = expected.filter { !actual.contains($0) }
      let unknown = actual.filter { !expected.contains($0) }
      if !missing.isEmpty {
        throw .damaged(
          path: database.path,
          reason: "'\(table)' 테이블에 열이 빠졌습니다: \(missing.joined(separator: ", "))")
      }
      if !unknown.isEmpty {
        throw .damaged(
          path: database.path,
          reason: "'\(table)' 테이블에 알 수 없는 열이 있습니다: \(unknown.joined(separator: ", "))")
      }
    }
  }

  /// Whether every table of ``schemaVersion`` is in the file once, with the text the
  /// migrations give it (``Schema/tableTexts``), and so with the columns they give it: one
  /// query over `sqlite_master`, read in place, where listing the columns prepares a statement
  /// per table. False sends the file through the column-by-column check, which tells what is
  /// wrong, or finds nothing wrong with a table another SQLite wrote out differently.
  static func tablesAreAsMade(_ database: Database) throws(StoreError) -> Bool {
    let tables = Schema.tableTexts
    var found = 0
    var asMade = true
    try database.forEachRow("SELECT name, sql FROM sqlite_master WHERE type = 'table'") { row in
      guard let name = row.textBytes(0),
        let table = tables.firstIndex(where: { bytes(name, are: $0.name) })
      else { return true }
      // A second table of the name, or text other than the migrations', sends the file on.
      guard found & (1 << table) == 0, let sql = row.textBytes(1),
        bytes(sql, are: tables[table].sql)
      else {
        asMade = false
        return false
      }
      found |= 1 << table
      return true
    }
    return asMade && found == (1 << tables.count) - 1
  }

  /// Whether `bytes`, as SQLite returned them, are exactly `text`'s.
  private static func bytes(_ bytes: UnsafeRawBufferPointer, are text: String) -> Bool {
    bytes.count == text.utf8.count && bytes.elementsEqual(text.utf8)
  }

  /// Every table's column names, in order, leaving out SQLite's own tables.
  static func columns(_ database: Database) throws(StoreError) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for row in try database.rows(
      """
      SELECT name FROM sqlite_master
      WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      """)
    {
      guard let table = row[0].string else { continue }
      result[table] = try database.columnNames(table: table)
    }
    return result
  }

  /// The file's schema version (`PRAGMA user_version`); older than ``schemaVersion`` until
  /// a command that writes migrates it.
  public func version() throws(StoreError) -> Int {
    try database.scalar("PRAGMA user_version").int ?? 0
  }

  /// `ok`, or SQLite's list of problems.
  public func integrityCheck() throws(StoreError) -> String {
    try database.rows("PRAGMA integrity_check").compactMap { $0.first?.string }
      .joined(separator: "\n")
  }
}
