import ChulbalCore
import FoundationEssentials
import Glibc

/// The system's time zone files (tzdata), as the C library finds them for `TZ`.
public struct ZoneDatabase: Sendable {
  /// `$TZDIR`, else `/usr/share/zoneinfo`.
  public let directory: String
  /// The site-wide zone, read when `TZ` is unset or names no file: `/etc/localtime`.
  public let localTime: String
  /// The site-wide zone's name, for an `/etc/localtime` that is a copy rather than a link:
  /// Debian's `/etc/timezone`.
  public let localName: String

  public init(
    variables: [String: String], localTime: String = "/etc/localtime",
    localName: String = "/etc/timezone"
  ) {
    let tzdir = variables["TZDIR"] ?? ""
    directory = tzdir.hasPrefix("/") ? tzdir : Zone.systemDatabase
    self.localTime = localTime
    self.localName = localName
  }

  /// The zone named by the file ``localName`` (one line, `Asia/Seoul`), if it names one.
  public func zoneNamedLocally() -> Zone? {
    guard let bytes = try? RegularFile.read(localName, limit: 256) else { return nil }
    let name = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    return Zone(identifier: name, database: directory)
  }

  /// Whether the database has a zone file called `name` (`Asia/Seoul`, `EST5EDT`).
  public func contains(_ name: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/") else { return false }
    return Self.isFile(directory + "/" + name)
  }

  /// Every zone name the database knows, zones and their links (`Asia/Seoul`, `ROK`, `UTC`),
  /// as tzdata's own summary `tzdata.zi` lists them; empty when it has none.
  public func names() -> [String] { Zone.names(inDatabase: directory) }

  /// The zone name of a file: its path below the database once links are followed, as
  /// `/etc/localtime` → `/usr/share/zoneinfo/Asia/Seoul` gives `Asia/Seoul`; nil for a missing
  /// file or one outside the database (a copy has no name to find).
  ///
  /// `posix/Asia/Seoul` comes back as it is: ``Zone`` reads it as `Asia/Seoul`.
  public func name(ofFile path: String) -> String? {
    guard Self.isFile(path) else { return nil }
    let roots = Set([directory, Self.resolved(directory)].map { $0 + "/" })
    var current = PathText.normalized(path)
    // Each link on the way may land in the database (`/etc/localtime` → `../usr/share/…`);
    // a zone's own link inside it (`US/Eastern` → `America/New_York`) need not be followed.
    for _ in 0..<40 {
      if let root = roots.first(where: { current.hasPrefix($0) }) {
        return String(current.dropFirst(root.count))
      }
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { break }
      current = PathText.normalized(
        target.hasPrefix("/") ? target : PathText.folder(of: current) + "/" + target)
    }
    let real = Self.resolved(path)
    return roots.first { real.hasPrefix($0) }.map { String(real.dropFirst($0.count)) }
  }

  /// Whether something that is not a folder is at `path`, links followed.
  private static func isFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR
  }

  private static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }
}
