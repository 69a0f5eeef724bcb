import Foundation

/// The system's time zone files (tzdata), as the C library finds them for `TZ`.
public struct ZoneDatabase: Sendable {
  /// `$TZDIR`, else `/usr/share/zoneinfo`.
  public let directory: String
  /// The site-wide zone, read when `TZ` is unset or names no file: `/etc/localtime`.
  public let localTime: String

  public init(variables: [String: String], localTime: String = "/etc/localtime") {
    let tzdir = variables["TZDIR"] ?? ""
    directory = tzdir.hasPrefix("/") ? tzdir : "/usr/share/zoneinfo"
    self.localTime = localTime
  }

  /// Whether the database has a zone file called `name` (`Asia/Seoul`, `EST5EDT`).
  public func contains(_ name: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/") else { return false }
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(
      atPath: directory + "/" + name, isDirectory: &isDirectory)
    return exists && !isDirectory.boolValue
  }

  /// Every zone name the database knows, zones and their links (`Asia/Seoul`, `ROK`, `UTC`),
  /// as tzdata's own summary `tzdata.zi` lists them; empty when it has none.
  ///
  /// One file read instead of a walk of some 600 files: completion asks on every Tab.
  public func names() -> [String] {
    guard let text = try? String(contentsOfFile: directory + "/tzdata.zi", encoding: .utf8)
    else { return [] }
    // `Z NAME …` starts a zone, `L TARGET NAME` makes a link (zic(8), "tzdata.zi").
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      switch fields.first {
      case "Z" where fields.count > 1: return String(fields[1])
      case "L" where fields.count > 2: return String(fields[2])
      default: return nil
      }
    }
  }

  /// The zone name of a file: its path below the database once links are followed, as
  /// `/etc/localtime` → `/usr/share/zoneinfo/Asia/Seoul` gives `Asia/Seoul`; nil for a missing
  /// file or one outside the database (a copy has no name to find).
  ///
  /// `posix/Asia/Seoul` is the same zone as `Asia/Seoul`, and is named so.
  public func name(ofFile path: String) -> String? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else { return nil }
    let roots = Set([directory, Self.resolved(directory)].map { $0 + "/" })
    var current = (path as NSString).standardizingPath
    // Each link on the way may land in the database (`/etc/localtime` → `../usr/share/…`);
    // a zone's own link inside it (`US/Eastern` → `America/New_York`) need not be followed.
    for _ in 0..<40 {
      if let root = roots.first(where: { current.hasPrefix($0) }) {
        return Self.zoneName(String(current.dropFirst(root.count)))
      }
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { break }
      let base = (current as NSString).deletingLastPathComponent
      current =
        ((target.hasPrefix("/") ? target : base + "/" + target) as NSString)
        .standardizingPath
    }
    let real = Self.resolved(path)
    return roots.first { real.hasPrefix($0) }.map {
      Self.zoneName(String(real.dropFirst($0.count)))
    }
  }

  /// The zone a file of the database is: `posix/Asia/Seoul` is the same zone as `Asia/Seoul`.
  public static func zoneName(_ file: String) -> String {
    file.hasPrefix("posix/") ? String(file.dropFirst(6)) : file
  }

  private static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }
}
