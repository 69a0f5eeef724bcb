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
}
