import ChulbalCore
import FoundationEssentials
import Glibc

/// The lock that lets one `watch` at a time serve a database: an exclusive `flock` on a file
/// beside it (`chulbal.db.lock`), holding the process id of the watch that has it.
///
/// The kernel drops the lock when the process ends, however it ends, so a watch that crashed
/// never blocks the next one; the file itself stays, empty of meaning until locked again.
public final class WatchLock {
  /// Why the lock could not be taken.
  public enum Failure: Error, Equatable, Sendable {
    /// Another process holds it: its id as it wrote it, or nil if it wrote none yet.
    case held(path: String, by: Int32?)
    case cannotOpen(path: String, SystemCallError)
  }

  public let path: String
  private let descriptor: Int32

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// The lock's file for a database.
  public static func path(beside databasePath: String) -> String { databasePath + ".lock" }

  /// Takes the lock for the database at `databasePath`, writing this process's id into it.
  ///
  /// - Throws: `Failure.held` naming the process that has it.
  public static func acquire(beside databasePath: String) throws(Failure) -> WatchLock {
    let path = path(beside: databasePath)
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      throw .cannotOpen(path: path, SystemCallError("open", code: errno))
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let code = errno
      defer { close(descriptor) }
      guard code == EWOULDBLOCK else {
        throw .cannotOpen(path: path, SystemCallError("flock", code: code))
      }
      throw .held(path: path, by: readProcessID(descriptor))
    }
    let text = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = pwrite(descriptor, text, text.count, 0)
    return WatchLock(path: path, descriptor: descriptor)
  }

  /// The process that holds the lock for the database at `databasePath`, without taking it
  /// or making its file.
  ///
  /// - Returns: nil when no process holds it; `.some(nil)` when one does but has not written
  ///   its id.
  public static func holder(beside databasePath: String) -> Int32?? {
    let descriptor = open(path(beside: databasePath), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_SH | LOCK_NB) != 0, errno == EWOULDBLOCK else { return nil }
    return .some(readProcessID(descriptor))
  }

  private static func readProcessID(_ descriptor: Int32) -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = pread(descriptor, &bytes, bytes.count, 0)
    guard count > 0 else { return nil }
    let text = String(decoding: bytes[..<count], as: UTF8.self)
    return Int32(text.trimmingWhitespace())
  }
}
