import FoundationEssentials
import Glibc

/// A file written whole or not at all: the bytes go to a new file beside it, flushed and renamed
/// over it, so readers see the old file or the whole new one, and a full disk leaves the old one.
///
/// A character device or FIFO (`/dev/stdout`, a shell's `>(…)`) is written into as a shell's `>`
/// would, since renaming would replace it; anything else but a regular file or a new name is
/// refused.
public enum WholeFile {
  /// What a path names that no bytes can be written to.
  public enum Kind: Equatable, Sendable {
    case folder
    case socket
    case blockDevice
  }

  /// Why the bytes were not written.
  public enum Failure: Error, Equatable, Sendable {
    /// A system call failed.
    case call(SystemCallError)
    /// The path names a folder, a socket or a block device.
    case notAFile(Kind)

    /// One Korean line saying why the bytes were not written to `path`.
    public func reason(path: String) -> String {
      switch self {
      case .notAFile(.folder): return "파일이 아니라 폴더입니다"
      case .notAFile(.socket): return "파일이 아니라 소켓입니다"
      case .notAFile(.blockDevice): return "파일이 아니라 블록 장치입니다"
      case .call(let error) where error.code == EACCES && error.call == "open":
        return "이 파일에 쓸 권한이 없습니다"
      case .call(let error) where error.code == EACCES:
        // mkstemp or rename: the folder takes no new name from this user (no write
        // permission on it, or no search permission on a folder above it).
        let folder = PathText.folder(of: path)
        return "폴더 '\(folder.isEmpty ? "." : folder)'에 새 파일을 만들 권한이 없습니다"
      case .call(let error):
        return SystemErrorText.reason(error.code)
      }
    }
  }

  /// Writes `bytes` to `path`: replacing a regular file, making a new one (0644 less the umask), or
  /// into a character device or FIFO.
  ///
  /// - Throws: `Failure`, leaving nothing behind and `path` unchanged (but for bytes a device or
  ///   FIFO took).
  public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
    var info = stat()
    if stat(path, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFCHR, S_IFIFO:
        if try writeInto(path, bytes) { return }
      case S_IFDIR: throw .notAFile(.folder)
      case S_IFSOCK: throw .notAFile(.socket)
      case S_IFBLK: throw .notAFile(.blockDevice)
      default: break
      }
    }
    do throws(SystemCallError) {
      try replace(path, with: bytes)
    } catch {
      throw .call(error)
    }
  }

  /// Writes into the device or FIFO at `path`, opened without creating or truncating (a FIFO waits
  /// for a reader).
  ///
  /// - Returns: false, having written nothing, when `path` is no longer a device or FIFO.
  private static func writeInto(_ path: String, _ bytes: [UInt8]) throws(Failure) -> Bool {
    var descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    while descriptor < 0 && errno == EINTR {
      descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { throw .call(SystemCallError("open")) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let error = SystemCallError("fstat")
      close(descriptor)
      throw .call(error)
    }
    let type = info.st_mode & S_IFMT
    guard type == S_IFCHR || type == S_IFIFO else {
      close(descriptor)
      return false
    }
    var failure: SystemCallError? = nil
    do throws(SystemCallError) { try writeAll(bytes, to: descriptor) } catch { failure = error }
    if close(descriptor) != 0 && failure == nil && errno != EINTR {
      failure = SystemCallError("close")
    }
    if let failure { throw .call(failure) }
    return true
  }

  /// Writes `bytes` to a new file beside `path`, flushes it and renames it over `path`.
  private static func replace(_ path: String, with bytes: [UInt8]) throws(SystemCallError) {
    let folder = PathText.folder(of: path)
    let base = PathText.base(of: path)
    var template = Array(((folder.isEmpty ? "." : folder) + "/." + base + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw SystemCallError("mkstemp") }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    var failure: SystemCallError?
    // mkstemp makes it 0600; a file meant to be read by other programs gets the usual mode.
    let mask = umask(0)
    umask(mask)
    if fchmod(descriptor, 0o644 & ~mask) != 0 { failure = SystemCallError("fchmod") }
    if failure == nil {
      do throws(SystemCallError) { try writeAll(bytes, to: descriptor) } catch { failure = error }
    }
    if failure == nil && fsync(descriptor) != 0 { failure = SystemCallError("fsync") }
    if close(descriptor) != 0 && failure == nil { failure = SystemCallError("close") }
    if failure == nil && rename(temporary, path) != 0 { failure = SystemCallError("rename") }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemCallError) {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw SystemCallError("write")
      }
      written += count
    }
  }
}
