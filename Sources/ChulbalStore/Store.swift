import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// The appointment database: appointments, series, saved places, settings and the alert log.
///
/// One SQLite file in WAL mode, so readers never wait for a writer; each command's writes are one
/// `BEGIN IMMEDIATE` transaction, and a reading command never writes. A path that names no regular
/// file, or a file that is foreign, damaged, incomplete or newer, is refused before anything is
/// read or written (``StoreFile`` checks the path). Each table's queries live in
/// `Store+<Table>.swift`.
public final class Store {
  /// The schema this build reads and writes (`PRAGMA user_version`).
  public static let schemaVersion = 16
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
  /// Where the zones stored with appointments are looked up.
  public let zones: ZoneDatabase
  /// The reader's zone, whose days a chain of trips stays within (``OriginRule``); nil writes
  /// each appointment's origin as given, without planning trips around it.
  public var tripZone: Zone?
  /// The days and series a transaction's writes may have changed the trips of, planned again
  /// before it commits (``writeAppointments(_:)``).
  var notedTripDays: Set<CivilDate> = []
  var notedTripSeries: Set<Int> = []
  /// Route providers' answers the trips written may use (``OriginRule/Inputs/routes``): those
  /// asked just before the write, and those cached within `route.cache`.
  public var knownRoutes = KnownRoutes()
  /// While a write is rehearsed (``routeQueries(rehearsing:)``), the appointments whose trips
  /// it wrote; nil otherwise.
  var rehearsal: Set<Int>?

  private init(
    database: Database, schema: Int, expander: any SeriesExpander, zones: ZoneDatabase
  ) {
    self.database = database
    self.schema = schema
    self.expander = expander
    self.zones = zones
  }

  /// The database file: `CHULBAL_DB`, else `$XDG_DATA_HOME/chulbal/chulbal.db`, else
  /// `~/.local/share/chulbal/chulbal.db`.
  public static func defaultPath(environment: [String: String]) -> String {
    defaultLocation(environment: environment).path
  }

  /// ``defaultPath(environment:)`` and the variable it comes from (`CHULBAL_DB`, `XDG_DATA_HOME`,
  /// `HOME`; nil for the account's home), so a caller can name the variable to blame.
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
    /// Read only, for completion, which must never hang the line or touch the folder: a file with
    /// no write-ahead log beside it is read as it is, without locks or side files, and another
    /// program's lock is waited for a moment, not ten seconds.
    case glancing
    /// Read and write: the file must also pass `PRAGMA quick_check`, and its folder and the
    /// file must be writable.
    case writing
  }

  /// Opens the store at `path` for a command that reads or writes.
  ///
  /// Every command first checks that the path names a regular file with chulbal's application id, a
  /// known schema version, and the schema's columns; a writing command also needs `PRAGMA
  /// quick_check` to pass.
  ///
  /// - Returns: nil, writing nothing, when there is no store yet (no file, 0 bytes, or an empty
  ///   SQLite file); ``openOrCreate(path:expander:zones:)`` makes one.
  /// - Parameters:
  ///   - expander: expands the series the store reads and writes.
  ///   - zones: where stored zone names are looked up.
  /// - Throws: `StoreError` when the path or file cannot be used; nothing is written.
  public static func open(
    path: String, access: Access, expander: some SeriesExpander, zones: ZoneDatabase
  )
    throws(StoreError) -> Store?
  {
    guard try StoreFile.inspect(path) == .regular else { return nil }
    switch access {
    case .reading: return try openForReading(path, expander: expander, zones: zones)
    case .glancing:
      return try openForReading(path, glancing: true, expander: expander, zones: zones)
    case .writing:
      return try openForWriting(path, initialising: false, expander: expander, zones: zones)
    }
  }

  /// Opens the store at `path`: for writing with `create` (making it when there is none),
  /// else for reading.
  public static func open(
    path: String, create: Bool, expander: some SeriesExpander, zones: ZoneDatabase
  )
    throws(StoreError) -> Store?
  {
    if create { return try openOrCreate(path: path, expander: expander, zones: zones) }
    return try open(path: path, access: .reading, expander: expander, zones: zones)
  }

  /// Opens the store at `path` for a writing command, making it (folder 0700, file 0600) or giving
  /// the schema to an empty file.
  ///
  /// - Throws: `StoreError` as ``open(path:access:expander:zones:)`` does.
  public static func openOrCreate(path: String, expander: some SeriesExpander, zones: ZoneDatabase)
    throws(StoreError) -> Store
  {
    if try StoreFile.inspect(path) == .absent {
      try StoreFile.create(path) { (database: Database) throws(StoreError) in
        try migrate(database)
      }
    }
    guard let store = try openForWriting(path, initialising: true, expander: expander, zones: zones)
    else {
      throw .cannotOpen(path: path, reason: "만든 파일이 사라졌습니다")
    }
    return store
  }

  private static func openForReading(
    _ path: String, glancing: Bool = false, expander: any SeriesExpander, zones: ZoneDatabase
  ) throws(StoreError) -> Store? {
    // Read-write where allowed, though nothing is written: only then does SQLite remove the side
    // files it made when the command ends; those it found stay (Database.keepLogFiles). Elsewhere
    // read-only.
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
      // A WAL database in a read-only folder: SQLite cannot make its -shm file (SQLITE_CANTOPEN,
      // SQLITE_READONLY_CANTINIT), and needs none for a file nothing can change.
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
    return Store(database: database, schema: version, expander: expander, zones: zones)
  }

  /// Keeps a write-ahead log with pages out of the file until the file is known to be chulbal's:
  /// closing would copy it into a file the checks then refuse.
  ///
  /// - Returns: whether there was such a log, so the caller allows the copy once the checks pass.
  private static func holdPendingLog(_ database: Database) -> Bool {
    guard StoreFile.hasPendingLog(database.path) else { return false }
    database.checkpointOnClose(false)
    return true
  }

  /// Refuses a file that can no longer be written, as opening for writing does: long-running
  /// processes ask before each write.
  ///
  /// - Throws: `StoreError.readOnlyFolder`, `.readOnlyFile` or `.readOnlyLogFile`.
  public func checkWritable() throws(StoreError) {
    try StoreFile.checkWritable(path)
  }

  /// Closes the connection now; nothing may use the store after it. For a replaced file, so the
  /// next connection sets up the `-shm` afresh.
  public func close() {
    database.close()
  }

  /// Copies the write-ahead log into the file and empties it, when it has pages, for a connection
  /// held open while another file may take the database's place (the log keeps the name, and would
  /// be read as the new file's).
  ///
  /// - Parameter waiting: wait up to the busy timeout for other connections; without it, a log in
  ///   use keeps its pages.
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
    _ path: String, initialising: Bool, expander: any SeriesExpander, zones: ZoneDatabase
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
    return Store(database: database, schema: schemaVersion, expander: expander, zones: zones)
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

  /// Gives every row of a file migrated to version 10 the departure the core's rule gives it; a
  /// damaged row (non-integer start or durations) is left without one, so the malformed index holds
  /// it and a reader names it.
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

  /// Refuses a file whose tables lack a column of the schema or have an extra one (a table dropped
  /// by hand). A file whose tables are exactly as made (``tablesAreAsMade(_:)``) passes on one
  /// query; others are checked column by column.
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

  /// Whether every table of ``schemaVersion`` is in the file once with the text the migrations give
  /// it (``Schema/tableTexts``): one query over `sqlite_master`, instead of a statement per table.
  /// False sends the file to the column-by-column check, which says what is wrong.
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

  /// Whether `bytes`, as SQLite returned them, are exactly `text`'s: compared as memory, since
  /// every open compares the whole schema's text.
  private static func bytes(_ bytes: UnsafeRawBufferPointer, are text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      guard utf8.count == bytes.count else { return false }
      guard let left = utf8.baseAddress, let right = bytes.baseAddress else { return true }
      return memcmp(left, right, utf8.count) == 0
    }
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
