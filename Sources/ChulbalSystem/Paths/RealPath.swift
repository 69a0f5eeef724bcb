import Glibc

/// Where a path leads on disk once symbolic links are followed.
public enum RealPath {
  /// The absolute path with every symbolic link, `.` and `..` resolved (realpath(3)); nil
  /// when nothing is there.
  public static func of(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
