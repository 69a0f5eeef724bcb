/// The parts of a path, read as text: nothing on disk is looked at.
public enum PathText {
  /// The folder part: `/a/b` → `/a`, `/a` → `/`, `b` → `` (trailing slashes ignored).
  public static func folder(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
    return folder.isEmpty && trimmed.hasPrefix("/") ? "/" : folder
  }

  /// The last part: `/a/b/` → `b`, `/` → `/`.
  public static func base(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    let base = trimmed[trimmed.index(after: slash)...]
    return base.isEmpty ? trimmed : String(base)
  }

  /// The path with empty parts and `.` removed and each `..` taking away the part before it
  /// (`/etc/../usr//share/./zoneinfo` → `/usr/share/zoneinfo`); links are not followed.
  public static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    let absolute = path.hasPrefix("/")
    for part in path.split(separator: "/") where part != "." {
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if part != ".." || !absolute {
        parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  static func withoutTrailingSlashes(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }
}
