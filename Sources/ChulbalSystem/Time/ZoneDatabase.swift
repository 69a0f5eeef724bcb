import ChulbalCore
import FoundationEssentials
import Glibc
import Synchronization

/// A folder of time zone files (tzdata), as the C library finds them for `TZ`, and the zones
/// read from it.
///
/// The CLI makes one per run and hands it to what needs zones; each zone file is read once
/// per database.
public final class ZoneDatabase: Sendable {
  /// The system's database, used unless `TZDIR` names another.
  public static let systemDirectory = "/usr/share/zoneinfo"

  public let directory: String
  /// The site-wide zone, read when `TZ` is unset or names no file: `/etc/localtime`.
  public let localTime: String
  /// The site-wide zone's name for an `/etc/localtime` that is a copy: Debian's `/etc/timezone`.
  public let localName: String

  private struct Cache {
    var zones: [String: Zone] = [:]
    /// `tzdata.zi`'s links (name → target), read when a name has no file of its own.
    var links: [String: String]?
  }
  private let cache = Mutex(Cache())

  public init(
    directory: String = ZoneDatabase.systemDirectory, localTime: String = "/etc/localtime",
    localName: String = "/etc/timezone"
  ) {
    self.directory = directory
    self.localTime = localTime
    self.localName = localName
  }

  /// The database `TZDIR` names (when it is an absolute path), else the system's.
  public convenience init(
    variables: [String: String], localTime: String = "/etc/localtime",
    localName: String = "/etc/timezone"
  ) {
    let tzdir = variables["TZDIR"] ?? ""
    self.init(
      directory: tzdir.hasPrefix("/") ? tzdir : Self.systemDirectory, localTime: localTime,
      localName: localName)
  }

  /// Whether the database looks installed: it has tzdata's summary, `tzdata.zi`.
  public var exists: Bool { access(directory + "/tzdata.zi", R_OK) == 0 }

  /// The zone an IANA name (`Asia/Seoul`, `UTC`, `Etc/GMT-9`) names: the database's file of
  /// that name, or for a link it has dropped (`ROK`, which Debian moved to tzdata-legacy) the
  /// file of its target in `tzdata.zi`, under the name given. `posix/Asia/Seoul` is `Asia/Seoul`.
  ///
  /// Nil for offsets (`GMT+9`, which POSIX reads as nine hours behind), names without a file,
  /// paths out of the database, its files that are not zones (`localtime`, `posixrules`) and the
  /// `right/` zones, which count leap seconds. UTC's own names are known without the database.
  public func zone(named given: String) -> Zone? {
    // tzdata's own links for UTC.
    if given == "GMT+0" || given == "GMT-0" { return .gmt }
    let name = given.hasPrefix("posix/") ? String(given.dropFirst(6)) : given
    guard Zone.isStorableName(name) else { return nil }
    if let known = cache.withLock({ $0.zones[name] }) { return known }
    let zone: Zone
    if let file = file(named: name) {
      zone = Zone(name, file: file)
    } else if let utc = Zone.utc(named: name) {
      zone = utc
    } else {
      return nil
    }
    cache.withLock { $0.zones[name] = zone }
    return zone
  }

  /// The zone file for `name`: its own, else its link target's.
  private func file(named name: String) -> ZoneFile? {
    if let file = try? ZoneFile(contentsOf: directory + "/" + name) { return file }
    let links =
      cache.withLock { $0.links }
      ?? {
        let read = summary().map(Zone.links(inSummary:)) ?? [:]
        cache.withLock { $0.links = read }
        return read
      }()
    guard let target = links[name], Zone.isStorableName(target) else { return nil }
    return try? ZoneFile(contentsOf: directory + "/" + target)
  }

  /// A zone name this database does not have: ``InputError/timeZone(_:)``, or
  /// ``InputError/noZoneDatabase(_:directory:)`` when there is no database.
  public func unknownZone(_ text: String) -> InputError {
    exists ? .timeZone(text) : .noZoneDatabase(text, directory: directory)
  }

  /// The zone named by the file ``localName`` (one line, `Asia/Seoul`), if it names one.
  public func zoneNamedLocally() -> Zone? {
    guard let bytes = try? RegularFile.read(localName, limit: 256) else { return nil }
    return zone(named: String(decoding: bytes, as: UTF8.self).trimmingWhitespace())
  }

  /// Whether the database has a zone file called `name` (`Asia/Seoul`, `EST5EDT`).
  public func contains(_ name: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/") else { return false }
    return Self.isFile(directory + "/" + name)
  }

  /// Every zone name the database knows, zones and links (`Asia/Seoul`, `ROK`, `UTC`), as
  /// `tzdata.zi` lists them; empty when it has none.
  public func names() -> [String] { summary().map(Zone.names(inSummary:)) ?? [] }

  /// The bytes of `tzdata.zi`, if it is a regular file: `TZDIR` may name any folder, and
  /// opening a FIFO there would wait for a writer that never comes.
  private func summary() -> [UInt8]? {
    try? RegularFile.read(directory + "/tzdata.zi", limit: 4 << 20)
  }

  /// The zone name of a file: its path below the database once links are followed, as
  /// `/etc/localtime` → `/usr/share/zoneinfo/Asia/Seoul` gives `Asia/Seoul`; nil for a missing
  /// file or one outside the database (a copy has no name to find).
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
