import Foundation

/// A fresh folder under the system temporary directory, removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
  public let path: String

  /// - Parameter reachableByOthers: for root's tests acting as `nobody`: the folder goes under the
  ///   first of the temporary directory, /tmp and /dev/shm every user may pass through (a 0700
  ///   `TMPDIR`, as libpam-tmpdir sets, would block them).
  public init(prefix: String = "chulbal-test", reachableByOthers: Bool = false) {
    var parent = NSTemporaryDirectory()
    if reachableByOthers {
      parent = ([parent, "/tmp/", "/dev/shm/"].first(where: Self.letsEveryoneThrough) ?? parent)
    }
    if !parent.hasSuffix("/") { parent += "/" }
    path = parent + "\(prefix)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    if reachableByOthers { chmod(path, 0o755) }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The bytes of a file in the folder, or nil when it does not exist.
  public func bytes(_ name: String) -> Data? {
    FileManager.default.contents(atPath: path + "/" + name)
  }

  /// Whether `path` and every folder above it let other users search them (the x bit).
  static func letsEveryoneThrough(_ path: String) -> Bool {
    var url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    while true {
      var status = stat()
      guard stat(url.path, &status) == 0, status.st_mode & S_IXOTH != 0 else { return false }
      if url.path == "/" { return true }
      url.deleteLastPathComponent()
    }
  }
}
