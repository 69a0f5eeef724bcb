import Foundation

/// Writes `text` to `path` as a program to run (mode 755), through a close-on-exec descriptor:
/// a process another test starts meanwhile must not inherit the file open for writing, or
/// running it fails with "Text file busy" (ETXTBSY, execve(2)) on a busy machine.
public func writeProgram(_ text: String, to path: String) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
  guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  defer { close(descriptor) }
  let bytes = Array(text.utf8)
  guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
  // An existing file keeps its mode through O_CREAT.
  guard fchmod(descriptor, 0o755) == 0 else { throw POSIXError(.EPERM) }
}
