import ChulbalSystem
import Foundation

extension EventLoop {
  /// A loop that wakes when the database at `path` is written, made or removed, by this
  /// process or another: its folder is watched for the file and its `-wal` and `-journal`.
  ///
  /// - Throws: `SystemCallError` when the folder cannot be watched (it does not exist).
  static func watchingDatabase(at path: String) throws(SystemCallError) -> EventLoop {
    let url = URL(fileURLWithPath: path)
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
    var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    var isFolder: ObjCBool = false
    guard !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
      return (try watchingDatabase(at: path), true)
    }
    var missing = folder.lastPathComponent
    while folder.path != "/" {
      missing = folder.lastPathComponent
      folder = folder.deletingLastPathComponent()
      if FileManager.default.fileExists(atPath: folder.path) { break }
    }
    return (try EventLoop(watching: folder.path, names: [missing]), false)
  }
}
