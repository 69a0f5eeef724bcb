import Foundation

/// A fresh folder under the system temporary directory, removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
  public let path: String

  public init(prefix: String = "chulbal-test") {
    path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The bytes of a file in the folder, or nil when it does not exist.
  public func bytes(_ name: String) -> Data? {
    FileManager.default.contents(atPath: path + "/" + name)
  }
}
