@preconcurrency import CSQLite
import Foundation

/// One SQLite connection, owning every pointer and turning every failure into a `StoreError`.
///
/// Used from one thread at a time, like the process that owns it.
final class Database {
  let path: String
  private var handle: OpaquePointer?

  /// Opens (and with `create`, creates) the database file.
  init(path: String, create: Bool, busyTimeoutMilliseconds: Int32 = 10_000) throws(StoreError) {
    self.path = path
    var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
    if create { flags |= SQLITE_OPEN_CREATE }
    let status = sqlite3_open_v2(path, &handle, flags, nil)
    guard status == SQLITE_OK else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(handle)
      handle = nil
      throw .cannotOpen(path: path, reason: message)
    }
    sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Runs statements that return no rows.
  func execute(_ sql: String) throws(StoreError) {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, sql, nil, nil, &message)
    let text = message.map { String(cString: $0) }
    sqlite3_free(message)
    guard status == SQLITE_OK else { throw error(status, context: sql, message: text) }
  }

  /// Runs one statement with bound values and returns every row.
  @discardableResult
  func rows(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> [[SQLValue]] {
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard prepared == SQLITE_OK else { throw error(prepared, context: sql) }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let bound: Int32
      switch value {
      case .null: bound = sqlite3_bind_null(statement, index)
      case .integer(let number): bound = sqlite3_bind_int64(statement, index, Int64(number))
      case .real(let number): bound = sqlite3_bind_double(statement, index, number)
      case .text(let text):
        bound = sqlite3_bind_text(statement, index, text, -1, csqlite_transient())
      case .blob(let bytes) where bytes.isEmpty:
        // sqlite3_bind_blob takes a null pointer for NULL, and an empty array may give one.
        bound = sqlite3_bind_zeroblob(statement, index, 0)
      case .blob(let bytes):
        bound = sqlite3_bind_blob(
          statement, index, bytes, Int32(bytes.count), csqlite_transient())
      }
      guard bound == SQLITE_OK else { throw error(bound, context: sql) }
    }
    var result: [[SQLValue]] = []
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return result }
      guard status == SQLITE_ROW else { throw error(status, context: sql) }
      let columns = sqlite3_column_count(statement)
      result.append(
        (0..<columns).map { column in
          switch sqlite3_column_type(statement, column) {
          case SQLITE_INTEGER: .integer(Int(sqlite3_column_int64(statement, column)))
          case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
          case SQLITE_NULL: .null
          // Kept apart from text, so a column that should hold text can tell it does not.
          case SQLITE_BLOB:
            .blob(
              Array(
                UnsafeRawBufferPointer(
                  start: sqlite3_column_blob(statement, column),
                  count: Int(sqlite3_column_bytes(statement, column)))))
          default: .text(String(cString: sqlite3_column_text(statement, column)))
          }
        })
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
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Rows changed by the last statement.
  var changes: Int { Int(sqlite3_changes(handle)) }

  private func error(_ status: Int32, context: String, message: String? = nil) -> StoreError {
    let text = message ?? String(cString: sqlite3_errmsg(handle))
    switch status & 0xFF {
    case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
    case SQLITE_NOTADB, SQLITE_CORRUPT: return .damaged(path: path, reason: text)
    default: return .sqlite(code: status, message: text, context: context)
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
