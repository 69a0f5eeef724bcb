import ChulbalCore
import ChulbalSystem
import Foundation

/// The appointment database: appointments, saved places, settings and the alert log.
///
/// One SQLite file in WAL mode, so a reader never waits for a writer; every command's writes
/// are one `BEGIN IMMEDIATE` transaction. A file that is not chulbal's, is damaged, or comes
/// from a newer schema is refused before anything is written to it.
///
/// This file opens the store; each table's queries live in `Store+<Table>.swift`, decoding rows
/// through ``Row``.
public final class Store {
  /// The schema this build reads and writes (`PRAGMA user_version`).
  public static let schemaVersion = 1
  /// `PRAGMA application_id`: 'CHLB'.
  static let applicationID = 0x4348_4C42

  public var path: String { database.path }
  /// The one connection; not private, so each table's extension (and the tests, which ask it
  /// about per-connection settings such as foreign keys) can reach it.
  let database: Database

  private init(database: Database) {
    self.database = database
  }

  /// The database file: `CHULBAL_DB`, else `$XDG_DATA_HOME/chulbal/chulbal.db`, else
  /// `~/.local/share/chulbal/chulbal.db`.
  public static func defaultPath(environment: [String: String]) -> String {
    if let path = environment["CHULBAL_DB"], !path.isEmpty { return path }
    return XDGBaseDirectories(variables: environment).dataHome + "/chulbal/chulbal.db"
  }

  /// Opens the store at `path`.
  ///
  /// - Parameter create: make the folder (0700) and file (0600) when missing; without it a
  ///   missing file gives nil, so reading commands never create anything.
  /// - Throws: `StoreError` when the file is not chulbal's, is damaged, is newer, or cannot
  ///   be opened. Nothing is written in any of those cases.
  public static func open(path: String, create: Bool) throws(StoreError) -> Store? {
    guard create || FileManager.default.fileExists(atPath: path) else { return nil }
    return try openOrCreate(path: path)
  }

  /// Opens the store at `path`, making the folder (0700) and file (0600) when missing, as a
  /// command that writes needs.
  ///
  /// - Throws: `StoreError` as ``open(path:create:)`` does.
  public static func openOrCreate(path: String) throws(StoreError) -> Store {
    if !FileManager.default.fileExists(atPath: path) { try createFile(path) }
    let database = try Database(path: path, create: false)
    let applicationID = try database.scalar("PRAGMA application_id").int ?? 0
    let version = try database.scalar("PRAGMA user_version").int ?? 0
    let objects = try database.scalar("SELECT count(*) FROM sqlite_master").int ?? 0
    if applicationID == Self.applicationID {
      guard version <= schemaVersion else {
        throw .newerVersion(path: path, found: version, supported: schemaVersion)
      }
    } else if applicationID != 0 || version != 0 || objects != 0 {
      throw .notChulbal(path: path)
    }
    if version < schemaVersion {
      try database.execute("PRAGMA journal_mode=WAL")
      try database.writeTransaction { () throws(StoreError) in
        // Another process may have migrated while this one waited for the lock.
        let current = try database.scalar("PRAGMA user_version").int ?? 0
        for migration in Schema.migrations.dropFirst(current) {
          try database.execute(migration)
        }
        try database.execute(
          "PRAGMA application_id=\(Self.applicationID); PRAGMA user_version=\(schemaVersion)")
      }
    }
    try database.execute("PRAGMA foreign_keys=ON")
    return Store(database: database)
  }

  private static func createFile(_ path: String) throws(StoreError) {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      }
    } catch {
      throw .cannotOpen(path: path, reason: "폴더 '\(folder)'를 만들 수 없습니다")
    }
    // Created here, 0600 and empty, so SQLite (and its -wal/-shm files, which copy the main
    // file's mode) never exist with looser permissions.
    let descriptor = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if descriptor < 0 && errno != EEXIST {
      throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    if descriptor >= 0 { close(descriptor) }
  }

  /// `ok`, or SQLite's list of problems.
  public func integrityCheck() throws(StoreError) -> String {
    try database.rows("PRAGMA integrity_check").compactMap { $0.first?.string }
      .joined(separator: "\n")
  }
}
