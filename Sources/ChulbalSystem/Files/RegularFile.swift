import Glibc

/// Small files read whole: zone files and tzdata's summary.
public enum RegularFile {
  /// Why a file was not read.
  public enum Failure: Error, Equatable {
    /// open, fstat or read failed with this `errno`.
    case system(Int32)
    /// A folder, a FIFO, a device: something other than a regular file.
    case notRegular
    /// Longer than the limit asked for.
    case tooLarge
  }

  /// The bytes of the regular file at `path`, at most `limit`, opened without waiting (a FIFO would
  /// wait for a writer) and checked to be regular before reading.
  public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw .system(errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .system(errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
    guard Int(status.st_size) <= limit else { throw .tooLarge }
    // Room for the size it had, and one byte more to see that it grew.
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var filled = 0
    while true {
      if filled == bytes.count {
        guard bytes.count <= limit else { throw .tooLarge }
        bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - bytes.count))
      }
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(errno)
      }
      filled += count
    }
    bytes.removeLast(bytes.count - filled)
    return bytes
  }
}
