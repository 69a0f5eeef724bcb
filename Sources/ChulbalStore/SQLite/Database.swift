@preconcurrency import CSQLite
import ChulbalCore
import FoundationEssentials
import Glibc

/// One SQLite connection, owning every pointer and turning every failure into a `StoreError`.
///
/// Used from one thread at a time, like the process that owns it.
final class Database {
  /// How a connection may use its file.
  enum Access {
    case readWrite
    /// Never writes the file; in WAL mode it still needs to reach (or make) the `-shm` file.
    case readOnly
    /// Reads the file as it is, with no locks and no `-shm`: only for a file nothing can
    /// change, such as one in a read-only folder with no write-ahead log beside it.
    case immutable
  }

  let path: String
  let access: Access
  let busyTimeoutMilliseconds: Int32
  private var handle: OpaquePointer?
  /// Whether ``keepLogFiles()`` has been asked for.
  private var keepsLogFiles = false

  /// Opens (and with `create`, creates) the database file.
  ///
  /// The busy timeout is set before any statement runs, so it holds from the first one.
  init(
    path: String, create: Bool = false, access: Access = .readWrite,
    busyTimeoutMilliseconds: Int32 = 10_000
  ) throws(StoreError) {
    self.path = path
    self.access = access
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    _ = Self.configured
    var flags = SQLITE_OPEN_NOMUTEX
    var name = path
    switch access {
    case .readWrite: flags |= SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    case .immutable:
      flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      name = Self.uri(path) + "?immutable=1"
    }
    let status = sqlite3_open_v2(name, &handle, flags, nil)
    guard status == SQLITE_OK else {
      let failure = handle.map { error(status, message: String(cString: sqlite3_errmsg($0))) }
      sqlite3_close(handle)
      handle = nil
      throw failure ?? .sqlite(path: path, code: status, message: "out of memory")
    }
    sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    sqlite3_extended_result_codes(handle, 1)
  }

  /// Leaves the `-wal` and `-shm` files beside the database when this connection closes last (the
  /// log emptied to 0 bytes), rather than removing them.
  ///
  /// SQLite's first connection to a WAL database makes both files and its last removes them unless
  /// told to keep them (`SQLITE_FCNTL_PERSIST_WAL`, sqlite3.h; size limit:
  /// https://sqlite.org/pragma.html#pragma_journal_size_limit); making and unlinking them in every
  /// command is a cost `next` need not pay. An empty log is what ``StoreFile/hasPendingLog(_:)``
  /// reads as none pending.
  ///
  /// Asked for once a write is committed, and by the store for a checked file whose logs were
  /// already there, so a read-only or refused command leaves the folder as it was.
  func keepLogFiles() {
    guard access == .readWrite, !keepsLogFiles else { return }
    keepsLogFiles = true
    var keep: Int32 = 1
    // A flag on the open file, read when the last connection closes; it cannot fail.
    _ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &keep)
    // Writes nothing. If it fails (out of memory), the next command copies the log in as pending.
    _ = sqlite3_exec(handle, "PRAGMA journal_size_limit=0", nil, nil, nil)
  }

  /// Keeps few pages in SQLite's cache, for a connection that reads a file once over: a larger
  /// cache would only hold pages never read again (https://sqlite.org/pragma.html#pragma_cache_size).
  func cacheFewPages() {
    _ = sqlite3_exec(handle, "PRAGMA cache_size=16", nil, nil, nil)
  }

  /// SQLite set up once, before any connection: without memory statistics, whose mutex every
  /// allocation would take.
  private static let configured: Void = {
    _ = csqlite_stop_counting_memory()
  }()

  /// A `file:` URI naming `path` exactly: every byte but the unreserved ones and `/` is
  /// percent-encoded, so `?`, `#` and `%` in a name stay part of it.
  static func uri(_ path: String) -> String {
    let encoded = PercentEncoding.encode(bytes: path.utf8, keeping: [UInt8(ascii: "/")])
    // An absolute path gets an empty authority, so `//x.db` is not read as host `x.db`.
    return path.hasPrefix("/") ? "file://" + encoded : "file:" + encoded
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Closes the connection now; nothing may use it after.
  func close() {
    sqlite3_close_v2(handle)
    handle = nil
  }

  /// Whether closing the file's last connection copies the write-ahead log in (SQLite's default).
  /// Off until the file is known to be chulbal's, so a refused file's pending log is left as it
  /// was.
  func checkpointOnClose(_ on: Bool) {
    _ = csqlite_checkpoint_on_close(handle, on ? 1 : 0)
  }

  /// Whether the file at the path is no longer the one open: removed, or another put in its
  /// place (`SQLITE_FCNTL_HAS_MOVED`, which compares inodes).
  var fileHasMoved: Bool {
    var moved: Int32 = 0
    let status = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
    return status == SQLITE_OK && moved != 0
  }

  /// Copies the write-ahead log into the file and empties it (`SQLITE_CHECKPOINT_TRUNCATE`),
  /// waiting up to the busy timeout for other connections to finish, or not at all.
  ///
  /// - Returns: whether the log is empty now.
  func emptyLog(waiting: Bool) -> Bool {
    if !waiting { sqlite3_busy_timeout(handle, 0) }
    defer { if !waiting { sqlite3_busy_timeout(handle, busyTimeoutMilliseconds) } }
    return sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
      == SQLITE_OK
  }

  /// Runs statements that return no rows.
  func execute(_ sql: String) throws(StoreError) {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, sql, nil, nil, &message)
    let text = message.map { String(cString: $0) }
    sqlite3_free(message)
    guard status == SQLITE_OK else { throw error(status, message: text) }
  }

  /// Runs one statement with bound values and returns every row.
  @discardableResult
  func rows(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> [[SQLValue]] {
    var result: [[SQLValue]] = []
    try forEachRow(sql, values) { row throws(StoreError) in
      result.append(row.values)
      return true
    }
    return result
  }

  /// Runs one statement with bound values and hands each row to `body` as it is stepped to; `body`
  /// returns false to stop.
  ///
  /// The row is read in place, only while `body` runs: copying every column out first costs more
  /// than the step.
  func forEachRow(
    _ sql: String, _ values: [SQLValue] = [], _ body: (StatementRow) throws(StoreError) -> Bool
  ) throws(StoreError) {
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard prepared == SQLITE_OK, let statement else { throw error(prepared) }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let bound: Int32
      switch value {
      case .null: bound = sqlite3_bind_null(statement, index)
      case .integer(let number): bound = sqlite3_bind_int64(statement, index, Int64(number))
      case .real(let number): bound = sqlite3_bind_double(statement, index, number)
      case .text(let text):
        // By its length in bytes, so a NUL inside cannot cut it short.
        bound = text.utf8CString.withUnsafeBufferPointer {
          sqlite3_bind_text(
            statement, index, $0.baseAddress, Int32($0.count - 1), csqlite_transient())
        }
      case .undecodableText(let bytes):
        bound = bytes.withUnsafeBytes {
          sqlite3_bind_text(
            statement, index, $0.baseAddress?.assumingMemoryBound(to: CChar.self),
            Int32($0.count), csqlite_transient())
        }
      case .blob(let bytes) where bytes.isEmpty:
        // sqlite3_bind_blob takes a null pointer for NULL, and an empty array may give one.
        bound = sqlite3_bind_zeroblob(statement, index, 0)
      case .blob(let bytes):
        bound = sqlite3_bind_blob(
          statement, index, bytes, Int32(bytes.count), csqlite_transient())
      }
      guard bound == SQLITE_OK else { throw error(bound) }
    }
    let count = Int(sqlite3_column_count(statement))
    let cells = UnsafeMutablePointer<csqlite_cell>.allocate(capacity: max(count, 1))
    defer { cells.deallocate() }
    let row = StatementRow(cells: cells, count: count)
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return }
      guard status == SQLITE_ROW else { throw error(status) }
      let read = csqlite_read_row(statement, Int32(count), cells)
      guard read == SQLITE_OK else {
        throw error(read, message: String(cString: sqlite3_errstr(read)))
      }
      if try !body(row) { return }
    }
  }

  /// The row a statement has stepped to, read in place: valid only inside the
  /// ``Database/forEachRow(_:_:_:)`` body.
  ///
  /// Every column's storage class and value come out of SQLite in one C call per step
  /// (`csqlite_read_row`), which is cheaper than two or three calls per column.
  struct StatementRow {
    private let cells: UnsafePointer<csqlite_cell>
    /// How many columns the statement selects.
    let count: Int

    fileprivate init(cells: UnsafeMutablePointer<csqlite_cell>, count: Int) {
      self.cells = UnsafePointer(cells)
      self.count = count
    }

    /// Every column, copied.
    var values: [SQLValue] { (0..<count).map(value) }

    /// The storage class of a column; NULL for a column the statement does not select.
    private func type(_ column: Int) -> Int32 {
      column >= 0 && column < count ? cells[column].type : SQLITE_NULL
    }

    /// A column's value, copied, with its storage class as SQLite has it.
    func value(_ position: Int) -> SQLValue {
      switch type(position) {
      case SQLITE_INTEGER: return .integer(Int(cells[position].integer))
      case SQLITE_FLOAT: return .real(cells[position].real)
      case SQLITE_NULL: return .null
      // Kept apart from text, so a column that should hold text can tell it does not.
      case SQLITE_BLOB:
        return .blob(
          Array(UnsafeRawBufferPointer(start: cells[position].bytes, count: bytes(position))))
      default:
        // Read by length and never repaired: text that is not UTF-8 is kept so the row can report
        // the damage.
        return SQLValue.text(textBytes(position) ?? UnsafeRawBufferPointer(start: nil, count: 0))
      }
    }

    /// The length of a text or blob column: none without its bytes, an empty blob.
    private func bytes(_ column: Int) -> Int {
      cells[column].bytes == nil ? 0 : Int(cells[column].count)
    }

    /// The column's integer, or nil when it holds anything else (NULL, a real, text).
    func integer(_ column: Int) -> Int? {
      type(column) == SQLITE_INTEGER ? Int(cells[column].integer) : nil
    }

    /// The column's number, a real or an integer as ``SQLValue/double`` reads them, or nil
    /// when it holds anything else.
    func number(_ column: Int) -> Double? {
      switch type(column) {
      case SQLITE_FLOAT: return cells[column].real
      case SQLITE_INTEGER: return Double(Int(cells[column].integer))
      default: return nil
      }
    }

    /// The column's text when it is UTF-8 with no NUL inside, else nil.
    func validText(_ column: Int) -> String? {
      guard let bytes = textBytes(column), let start = bytes.baseAddress, !bytes.contains(0)
      else { return nil }
      // SQLite ends every text with a NUL, so the C-string reader takes exactly these bytes, with
      // the standard library's fast validation.
      return String(validatingCString: start.assumingMemoryBound(to: CChar.self))
    }

    /// Whether the column holds NULL.
    func isNull(_ column: Int) -> Bool {
      type(column) == SQLITE_NULL
    }

    /// The column's text as SQLite keeps it, by its length in bytes; nil when it holds
    /// anything else. The bytes last until the statement steps on.
    func textBytes(_ column: Int) -> UnsafeRawBufferPointer? {
      guard type(column) == SQLITE_TEXT else { return nil }
      return UnsafeRawBufferPointer(start: cells[column].bytes, count: bytes(column))
    }
  }

  /// The names of `table`'s columns in order, from a `SELECT *` prepared but never run: cheaper
  /// than `pragma_table_info`, and every command that opens the store asks.
  func columnNames(table: String) throws(StoreError) -> [String] {
    var statement: OpaquePointer?
    var sql = "SELECT * FROM \""
    // Not Foundation's replacingOccurrences, whose UTF-16 path costs start-up time.
    for character in table { sql += character == "\"" ? "\"\"" : String(character) }
    sql += "\""
    let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard prepared == SQLITE_OK else { throw error(prepared) }
    return (0..<sqlite3_column_count(statement)).map {
      sqlite3_column_name(statement, $0).map { String(cString: $0) } ?? ""
    }
  }

  /// The single value of a one-row, one-column query.
  func scalar(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> SQLValue {
    try rows(sql, values).first?.first ?? .null
  }

  /// Runs `body` in one transaction that takes the write lock at once (`BEGIN IMMEDIATE`),
  /// so two writers queue on the busy timeout instead of failing to upgrade a read lock.
  @discardableResult
  func writeTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    // Inside a transaction already (a write rehearsed, `Store.routeQueries(rehearsing:)`):
    // a savepoint, which the outer transaction commits or rolls back with the rest.
    if sqlite3_get_autocommit(handle) == 0 {
      return try transaction(
        "SAVEPOINT nested", commit: "RELEASE nested",
        rollback: "ROLLBACK TO nested; RELEASE nested",
        body)
    }
    let result = try transaction("BEGIN IMMEDIATE", commit: "COMMIT", rollback: "ROLLBACK", body)
    keepLogFiles()
    return result
  }

  /// Runs `body`'s reads in one transaction (`BEGIN`), so that they see the database as of
  /// one instant: in WAL mode the first read fixes the snapshot (sqlite.org/isolation.html).
  /// Inside a transaction already, they see that one's.
  func readTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    if sqlite3_get_autocommit(handle) == 0 { return try body() }
    return try transaction("BEGIN", commit: "COMMIT", rollback: "ROLLBACK", body)
  }

  /// `body` between `begin` and `commit`, or `rollback` when it throws.
  private func transaction<T>(
    _ begin: String, commit: String, rollback: String, _ body: () throws(StoreError) -> T
  ) throws(StoreError) -> T {
    try execute(begin)
    do {
      let result = try body()
      try execute(commit)
      return result
    } catch {
      try? execute(rollback)
      throw error
    }
  }

  /// Runs `body` in a write transaction that is always rolled back: nothing it writes is
  /// kept, and what it returns is what the writes would have made.
  func rolledBackTransaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    defer { try? execute("ROLLBACK") }
    return try body()
  }

  /// Rows changed by the last statement.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// The `StoreError` for an SQLite status and its message (by default the connection's latest);
  /// the SQL is left out, as no person should read it.
  private func error(_ status: Int32, message: String? = nil) -> StoreError {
    let message = message ?? String(cString: sqlite3_errmsg(handle))
    // errno tells a full disk from other I/O failures (such as SQLITE_IOERR_SHMSIZE).
    let systemError = sqlite3_system_errno(handle)
    let outOfRoom =
      [SQLITE_IOERR, SQLITE_CANTOPEN].contains(status & 0xFF)
      && (systemError == ENOSPC || systemError == EDQUOT)
    if status & 0xFF == SQLITE_FULL || outOfRoom {
      return .diskFull(path: path, detail: message)
    }
    switch status & 0xFF {
    case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
    case SQLITE_NOTADB, SQLITE_CORRUPT:
      return .damaged(path: path, reason: "SQLite: \(message)")
    case SQLITE_READONLY: return .readOnlyFile(path: path)
    case SQLITE_CANTOPEN:
      return .cannotOpen(path: path, reason: "SQLite가 파일을 열지 못했습니다 [\(message)]")
    default: return .sqlite(path: path, code: status, message: message)
    }
  }
}

/// A value bound to or read from SQLite.
enum SQLValue: Equatable {
  case null
  case integer(Int)
  case real(Double)
  case text(String)
  case blob([UInt8])
  /// A text value whose bytes are not UTF-8: only a damaged or hand-edited file holds one.
  case undecodableText([UInt8])

  /// A text column's bytes as a value.
  static func text(_ bytes: UnsafeRawBufferPointer) -> SQLValue {
    if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
    return .undecodableText(Array(bytes))
  }

  var int: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }

  var double: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  var string: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
  init(_ value: Double?) { self = value.map(SQLValue.real) ?? .null }
}
