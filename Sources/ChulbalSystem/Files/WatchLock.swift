import ChulbalCore
import FoundationEssentials
import Glibc

/// The lock that lets one `watch` at a time serve a database, by whatever name it is reached.
///
/// Two locks, which the kernel drops when the process ends however it ends:
/// - an exclusive `flock` on `chulbal.db.lock` beside the database's real path, holding the watch's
///   process id so a second watch can name it;
/// - an open file description lock (`F_OFD_SETLK`, fcntl(2)) on one byte of the database itself,
///   keyed by the file, so a watch through a hard link meets it too.
///
/// The byte lies past the bytes SQLite locks (512 from `PENDING_BYTE` at 1 GiB). Closing any
/// descriptor of a file drops this process's POSIX locks on it, SQLite's among them (fcntl(2)), so
/// the lock keeps its descriptor open while held.
public final class WatchLock {
  /// Why the lock could not be taken.
  public enum Failure: Error, Equatable, Sendable {
    /// Another process holds it: its id as it wrote it, or nil if it wrote none yet.
    case held(path: String, by: Int32?)
    /// Another process holds the database file through another name (a hard link).
    case heldThroughAnotherName(database: String)
    case cannotOpen(path: String, SystemCallError)
  }

  /// The file beside the database that names the holder.
  public let path: String
  private let nameDescriptor: Int32
  private var fileDescriptor: Int32
  /// The database file locked.
  public private(set) var identity: FileIdentity

  private init(path: String, nameDescriptor: Int32, fileDescriptor: Int32, identity: FileIdentity) {
    self.path = path
    self.nameDescriptor = nameDescriptor
    self.fileDescriptor = fileDescriptor
    self.identity = identity
  }

  deinit {
    close(fileDescriptor)
    close(nameDescriptor)
  }

  /// The lock's file for a database: beside the file a symbolic link leads to.
  public static func path(beside databasePath: String) -> String {
    (RealPath.of(databasePath) ?? databasePath) + ".lock"
  }

  /// Takes the lock for the existing database at `databasePath`, writing this process's id into the
  /// lock file.
  ///
  /// - Throws: `Failure.held` naming the holder, or `Failure.heldThroughAnotherName`.
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
    let file: (descriptor: Int32, identity: FileIdentity)
    do {
      file = try lockFile(databasePath)
    } catch {
      close(descriptor)
      throw error
    }
    let text = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = pwrite(descriptor, text, text.count, 0)
    return WatchLock(
      path: path, nameDescriptor: descriptor, fileDescriptor: file.descriptor,
      identity: file.identity)
  }

  /// Moves the database-file lock to the file now at `databasePath` when another has replaced the
  /// locked one.
  ///
  /// - Throws: as ``acquire(beside:)``; the lock then still holds the file it held.
  public func follow(_ databasePath: String) throws(Failure) {
    guard let found = FileIdentity(path: databasePath), found != identity else { return }
    let file = try Self.lockFile(databasePath)
    close(fileDescriptor)
    fileDescriptor = file.descriptor
    identity = file.identity
  }

  /// The process holding the lock for the database at `databasePath`, without taking it.
  ///
  /// - Returns: nil when none holds it; `.some(nil)` when one does but its id is unknown (not yet
  ///   written, or held through another name).
  public static func holder(beside databasePath: String) -> Int32?? {
    let descriptor = open(path(beside: databasePath), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    if descriptor >= 0 {
      defer { close(descriptor) }
      if flock(descriptor, LOCK_SH | LOCK_NB) != 0, errno == EWOULDBLOCK {
        return .some(readProcessID(descriptor))
      }
    }
    let file = open(databasePath, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var region = lockedByte(F_WRLCK)
    guard fcntl(file, ofdGetLock, &region) == 0, region.l_type != F_UNLCK else { return nil }
    return .some(nil)
  }

  /// Takes the open file description lock on the database file at `databasePath`.
  private static func lockFile(_ databasePath: String) throws(Failure) -> (
    descriptor: Int32, identity: FileIdentity
  ) {
    let descriptor = open(databasePath, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .cannotOpen(path: databasePath, SystemCallError("open", code: errno))
    }
    var region = lockedByte(F_WRLCK)
    guard fcntl(descriptor, ofdSetLock, &region) == 0 else {
      let code = errno
      close(descriptor)
      guard code == EAGAIN || code == EACCES else {
        throw .cannotOpen(path: databasePath, SystemCallError("fcntl", code: code))
      }
      throw .heldThroughAnotherName(database: databasePath)
    }
    guard let identity = FileIdentity(descriptor: descriptor) else {
      let code = errno
      close(descriptor)
      throw .cannotOpen(path: databasePath, SystemCallError("fstat", code: code))
    }
    return (descriptor, identity)
  }

  /// `F_OFD_GETLK` and `F_OFD_SETLK`, which glibc declares only under `_GNU_SOURCE`; the
  /// values are Linux's (<asm-generic/fcntl.h>).
  private static let ofdGetLock: Int32 = 36
  private static let ofdSetLock: Int32 = 37

  /// The byte locked: 4 KiB past SQLite's lock bytes, which start at 1 GiB.
  private static func lockedByte(_ type: Int32) -> flock {
    var region = flock()
    region.l_type = Int16(type)
    region.l_whence = Int16(SEEK_SET)
    region.l_start = 0x4000_1000
    region.l_len = 1
    // F_OFD_* needs 0 here.
    region.l_pid = 0
    return region
  }

  private static func readProcessID(_ descriptor: Int32) -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = pread(descriptor, &bytes, bytes.count, 0)
    guard count > 0 else { return nil }
    let text = String(decoding: bytes[..<count], as: UTF8.self)
    return Int32(text.trimmingWhitespace())
  }
}
