import ChulbalCore
import Glibc
import Synchronization

extension Zone {
  /// The database chulbal reads unless told otherwise (`TZDIR`).
  public static let systemDatabase = "/usr/share/zoneinfo"

  private struct Cache {
    var directory = Zone.systemDatabase
    /// Zones read, by the path of their file.
    var zones: [String: Zone] = [:]
    /// `tzdata.zi`'s links (name → target), by database, read when a name has no file.
    var links: [String: [String: String]] = [:]
  }
  /// Each zone file is read once per process.
  private static let cache = Mutex(Cache())

  /// Reads zones from the database in `directory` from now on (`TZDIR`, as the C library does).
  public static func useDatabase(_ directory: String) {
    cache.withLock { $0.directory = directory }
  }

  /// The folder zones are read from.
  public static var database: String { cache.withLock { $0.directory } }

  /// Whether the database looks installed: it has tzdata's summary, `tzdata.zi`.
  public static func databaseExists(_ directory: String = database) -> Bool {
    access(directory + "/tzdata.zi", R_OK) == 0
  }

  /// The zone an IANA name (`Asia/Seoul`, `UTC`, `Etc/GMT-9`) names in the database in use.
  public init?(identifier name: String) {
    self.init(identifier: name, database: Self.database)
  }

  /// The zone an IANA name names in the database in `directory`: the database's file of that
  /// name, or, for a link the database keeps apart or has dropped (`US/Eastern`, `ROK`:
  /// Debian's tzdata-legacy), the file of its target as `tzdata.zi` names it, under the name
  /// given. `posix/Asia/Seoul` is the same zone as `Asia/Seoul`, and is named so.
  ///
  /// `GMT+9`, `UTC+9` and `GMT+14:59` are not zone names but offsets, which POSIX reads the
  /// other way round (`TZ=UTC+9` is nine hours *behind*) and which cannot be stored; those give
  /// nil, as do a name no file has, a path out of the database, the database's own files that
  /// are not zones (`localtime`, `posixrules`), and the `right/` zones, which count leap
  /// seconds that POSIX time does not. UTC's own names are known without the database.
  public init?(identifier given: String, database directory: String) {
    // tzdata's own links for UTC.
    if given == "GMT+0" || given == "GMT-0" {
      self = .gmt
      return
    }
    let name = given.hasPrefix("posix/") ? String(given.dropFirst(6)) : given
    guard Self.isStorableName(name) else { return nil }
    let path = directory + "/" + name
    if let known = Self.cache.withLock({ $0.zones[path] }) {
      self = known
      return
    }
    let zone: Zone
    if let file = Self.file(named: name, in: directory) {
      zone = Zone(name, file: file)
    } else if let utc = Zone.utc(named: name) {
      zone = utc
    } else {
      return nil
    }
    Self.cache.withLock { $0.zones[path] = zone }
    self = zone
  }

  /// The zone file for `name`: its own, else its link target's.
  private static func file(named name: String, in directory: String) -> ZoneFile? {
    if let file = try? ZoneFile(contentsOf: directory + "/" + name) { return file }
    var known = cache.withLock { $0.links[directory] }
    if known == nil {
      let read = summary(of: directory).map(Zone.links(inSummary:)) ?? [:]
      cache.withLock { $0.links[directory] = read }
      known = read
    }
    guard let target = known?[name], isStorableName(target) else { return nil }
    return try? ZoneFile(contentsOf: directory + "/" + target)
  }

  /// Every zone name the database in use lists (`Asia/Seoul`, `ROK`, `UTC`).
  public static var knownIdentifiers: [String] { names(inDatabase: database) }

  /// Every zone name the database in `directory` knows, zones and their links, as tzdata's
  /// own summary `tzdata.zi` lists them; empty when it has none.
  public static func names(inDatabase directory: String) -> [String] {
    summary(of: directory).map(Zone.names(inSummary:)) ?? []
  }

  /// The bytes of `tzdata.zi` in `directory`, if it is a regular file: `TZDIR` may name any
  /// folder, and opening a FIFO there would wait for a writer that never comes.
  private static func summary(of directory: String) -> [UInt8]? {
    try? RegularFile.read(directory + "/tzdata.zi", limit: 4 << 20)
  }
}

extension InputError {
  /// A zone name the database in use does not have: ``InputError/timeZone(_:)``, or
  /// ``InputError/noZoneDatabase(_:directory:)`` when there is no database to look in.
  public static func unknownZone(_ text: String) -> InputError {
    Zone.databaseExists() ? .timeZone(text) : .noZoneDatabase(text, directory: Zone.database)
  }
}
