import ChulbalCore

extension ZoneFile {
  /// Larger than any zone file (the largest in tzdata are under 4 KB); a longer file is not
  /// one, and reading stops there.
  static let maximumSize = 1 << 20

  /// Reads and parses the zone file at `path`, only if regular (`TZDIR` may name any folder, and a
  /// FIFO would never answer).
  ///
  /// - Throws: ``ZoneFileError/unreadable(path:errno:)`` or ``ZoneFileError/malformed(_:)``.
  public convenience init(contentsOf path: String) throws(ZoneFileError) {
    let bytes: [UInt8]
    do throws(RegularFile.Failure) {
      bytes = try RegularFile.read(path, limit: Self.maximumSize)
    } catch {
      switch error {
      case .system(let code): throw .unreadable(path: path, errno: code)
      case .notRegular: throw .malformed("not a regular file")
      case .tooLarge: throw .malformed("longer than \(Self.maximumSize) bytes")
      }
    }
    try self.init(bytes: bytes)
  }
}
