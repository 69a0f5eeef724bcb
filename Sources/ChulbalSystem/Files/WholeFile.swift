import FoundationEssentials
import Glibc

/// A file written whole or not at all: the bytes go to a new file beside it, which is flushed
/// to disk and then renamed over it, so a reader (a calendar program importing it, a sync tool)
/// sees the old file or the whole new one, and a full disk leaves the old one as it was.
public enum WholeFile {
  /// Writes `bytes` to `path`, replacing what is there; a new file gets mode 0644 less the
  /// umask, as any new file would.
  ///
  /// - Throws: `SystemCallError` naming the call that failed, with nothing left behind.
  public static func write(_ bytes: [UInt8], to path: String) throws(SystemCallError) {
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
    var written = 0
    while failure == nil && written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        failure = SystemCallError("write")
      } else {
        written += count
      }
    }
    if failure == nil && fsync(descriptor) != 0 { failure = SystemCallError("fsync") }
    if close(descriptor) != 0 && failure == nil { failure = SystemCallError("close") }
    if failure == nil && rename(temporary, path) != 0 { failure = SystemCallError("rename") }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }
}
