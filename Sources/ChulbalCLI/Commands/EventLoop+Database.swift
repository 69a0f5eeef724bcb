import ChulbalSystem
import FoundationEssentials

extension EventLoop {
  /// A loop that wakes when the database at `path` is written, made or removed, by this
  /// process or another: its folder is watched for the file and its `-wal` and `-journal`.
  ///
  /// For a symbolic link, the folder of the file it leads to: SQLite follows the link and
  /// keeps the `-wal` there.
  ///
  /// - Throws: `SystemCallError` when the folder cannot be watched (it does not exist).
  static func watchingDatabase(at path: String) throws(SystemCallError) -> EventLoop {
    let url = URL(fileURLWithPath: RealPath.of(path) ?? path)
    let base = url.lastPathComponent
    return try EventLoop(
      watching: url.deletingLastPathComponent().path,
      names: [base, base + "-wal", base + "-journal"])
  }

  /// A loop that wakes when the database at `path` changes, as ``watchingDatabase(at:)``; or,
  /// while its folder does not exist yet (a first run, before any `add`), one that wakes when
  /// the next missing folder on the way to it is made in the nearest folder that does.
  ///
  /// - Returns: the loop, and whether it watches the database's own folder; when it does not,
  ///   ask again after it wakes for files, to watch one folder further down.
  /// - Throws: `SystemCallError` when no folder on the way can be watched.
  static func watchingDatabaseOrItsWay(at path: String) throws(SystemCallError) -> (
    loop: EventLoop, watchesDatabase: Bool
  ) {
    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }
    while true {
      // The first folder on the way that is missing; the root always exists.
      var missing = URL(fileURLWithPath: path).deletingLastPathComponent()
      guard !exists(missing) else { return (try watchingDatabase(at: path), true) }
      while !exists(missing.deletingLastPathComponent()) {
        missing = missing.deletingLastPathComponent()
      }
      let loop = try EventLoop(
        watching: missing.deletingLastPathComponent().path, names: [missing.lastPathComponent])
      // Looked at again once the watch is set: a folder made between the first look and the
      // watch sends no event, and the wait for it would never end (seen under load, with
      // `add` making both folders of data/chulbal/ while status --follow looked).
      if !exists(missing) { return (loop, false) }
    }
  }
}
