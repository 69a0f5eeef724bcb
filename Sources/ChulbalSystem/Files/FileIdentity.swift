import Glibc

/// Which file a path or descriptor reaches: its device and inode, the same through every
/// name it has (a symbolic link, a hard link) and different for a file put in its place.
public struct FileIdentity: Equatable, Hashable, Sendable {
  public let device: UInt64
  public let inode: UInt64

  public init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }

  /// The file `path` names, following symbolic links; nil when it names none.
  public init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// The file open on `descriptor`; nil when it is not open.
  public init?(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }
}
