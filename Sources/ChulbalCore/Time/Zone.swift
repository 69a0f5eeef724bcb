import FoundationEssentials
import Glibc
import Synchronization

/// A time zone of the system's zone database (`Asia/Seoul`, `UTC`, `Etc/GMT-9`), by its IANA
/// name, with its offsets read from the database's compiled file for that name
/// (/usr/share/zoneinfo/Asia/Seoul, as the C library reads it).
///
/// Not Foundation's `TimeZone`: that one asks ICU, and linking ICU and the rest of Foundation
/// would break the start-up budget (docs/performance.md). Each file is read once per process.
///
/// Two zones are equal when their names are.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
  /// The zone's name and offsets, behind one reference: a zone is copied into every formatter
  /// and every row's times, which should not copy the file's tables.
  private let table: Table

  private final class Table: Sendable {
    let identifier: String
    /// Not optional: reading the offset through an optional copied the whole file value out
    /// of the table on every lookup.
    let file: ZoneFile

    init(_ identifier: String, file: ZoneFile) {
      (self.identifier, self.file) = (identifier, file)
    }
  }

  private init(_ identifier: String, file: ZoneFile) {
    table = Table(identifier, file: file)
  }

  /// The zone's IANA name, as appointments store it.
  public var identifier: String { table.identifier }

  /// UTC, named `GMT`; known without the database.
  public static let gmt = Zone("GMT", file: ZoneFile(fixedOffset: 0, abbreviation: "GMT"))

  /// The database chulbal reads unless told otherwise (`TZDIR`).
  public static let systemDatabase = "/usr/share/zoneinfo"

  private struct Cache {
    var directory = Zone.systemDatabase
    /// Zones read, by the path of their file.
    var zones: [String: Zone] = [:]
    /// `tzdata.zi`'s links (name → target), by database, read when a name has no file.
    var links: [String: [String: String]] = [:]
  }
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
    } else if Self.utcNames.contains(name) {
      zone = Zone(name, file: ZoneFile(fixedOffset: 0, abbreviation: "UTC"))
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
      let read = links(inDatabase: directory)
      cache.withLock { $0.links[directory] = read }
      known = read
    }
    guard let target = known?[name], isStorableName(target) else { return nil }
    return try? ZoneFile(contentsOf: directory + "/" + target)
  }

  /// Names of UTC that need no file: a machine without tzdata still has UTC (tzdata's
  /// `backward` and `etcetera` give these).
  private static let utcNames: Set<String> = [
    "UTC", "GMT", "UCT", "Universal", "Zulu", "Greenwich", "GMT0", "Etc/UTC", "Etc/GMT",
    "Etc/UCT", "Etc/Universal", "Etc/Zulu", "Etc/Greenwich", "Etc/GMT0", "Etc/GMT+0",
    "Etc/GMT-0",
  ]

  /// Whether `name` may name a zone: a relative path inside the database, of the characters
  /// tzdata's names use, not a fixed offset, not one of the database's files that are not
  /// zones, and not a `right/` zone.
  ///
  /// Read as bytes: every byte it allows is ASCII, so once they are checked a byte is a
  /// character, and every command checks a few names before it starts its work.
  private static func isStorableName(_ name: String) -> Bool {
    let bytes = name.utf8
    guard !bytes.isEmpty, bytes.count <= 255 else { return false }
    let allowed = bytes.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "_"),
        UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
        true
      default: false
      }
    }
    guard allowed, bytes.first != UInt8(ascii: "/"), !bytes.starts(with: "right/".utf8),
      !bytes.starts(with: "posix/".utf8), name != "localtime", name != "posixrules"
    else { return false }
    // Only a name that begins GMT or UTC, in any case, may be an offset.
    let head = bytes.prefix(3).map { $0 & 0xDF }
    if head.elementsEqual("GMT".utf8) || head.elementsEqual("UTC".utf8),
      isOffsetIdentifier(name)
    {
      return false
    }
    // No part between slashes is `.` or `..`.
    var dots = 0
    for byte in bytes {
      if byte == UInt8(ascii: "/") {
        if dots == 1 || dots == 2 { return false }
        dots = 0
      } else if dots >= 0 {
        dots = byte == UInt8(ascii: ".") ? dots + 1 : -1
      }
    }
    return dots != 1 && dots != 2
  }

  /// Whether `name` is a spelling of a fixed offset (`GMT+0900`) or reads as one (`UTC+9`,
  /// `GMT-3:30`).
  public static func isOffsetIdentifier(_ name: String) -> Bool {
    let upper = name.uppercased()
    guard upper.hasPrefix("GMT") || upper.hasPrefix("UTC") else { return false }
    let rest = upper.dropFirst(3)
    guard let sign = rest.first, sign == "+" || sign == "-" else { return false }
    let digits = rest.dropFirst()
    return !digits.isEmpty && digits.allSatisfy { $0.isASCIIDigit || $0 == ":" }
  }

  public var description: String { identifier }

  public static func == (left: Zone, right: Zone) -> Bool { left.identifier == right.identifier }
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  /// Seconds east of UTC at an instant given in whole seconds since 1970.
  public func offset(atSecond second: Int) -> Int {
    table.file.offset(atSecond: second)
  }

  /// Seconds east of UTC at `date`.
  public func secondsFromGMT(for date: Date) -> Int {
    offset(atSecond: Int(date.timeIntervalSince1970.rounded(.down)))
  }

  /// The first instant after `second` at which the offset changes, with the offset from then
  /// on; nil when it never changes again.
  public func nextTransition(after second: Int) -> (at: Int, offset: Int)? {
    table.file.nextTransition(after: second)
  }

  /// Every zone name the database in use lists (`Asia/Seoul`, `ROK`, `UTC`).
  public static var knownIdentifiers: [String] { names(inDatabase: database) }

  /// Every zone name the database in `directory` knows, zones and their links, as tzdata's
  /// own summary `tzdata.zi` lists them; empty when it has none.
  ///
  /// Completion asks on every Tab, so this is one read of one file, scanned as bytes rather
  /// than split into lines as a `String`. Only a
  /// regular file is read: `TZDIR` may name any folder, and opening a FIFO there would wait
  /// for a writer that never comes.
  public static func names(inDatabase directory: String) -> [String] {
    var names: [String] = []
    summary(of: directory) { kind, fields in
      // `Z NAME …` starts a zone and `L TARGET NAME` makes a link.
      let field = kind == UInt8(ascii: "Z") ? 1 : 2
      if fields.count > field, let name = String(validating: fields[field], as: UTF8.self) {
        names.append(name)
      }
    }
    return names
  }

  /// The links `tzdata.zi` lists in `directory`: each name with the zone it stands for.
  static func links(inDatabase directory: String) -> [String: String] {
    var links: [String: String] = [:]
    summary(of: directory) { kind, fields in
      guard kind == UInt8(ascii: "L"), fields.count > 2,
        let target = String(validating: fields[1], as: UTF8.self),
        let name = String(validating: fields[2], as: UTF8.self)
      else { return }
      links[name] = target
    }
    return links
  }

  /// Calls `line` with the kind (`Z` or `L`) and the fields of each zone and link line of
  /// `tzdata.zi`: zic(8)'s input, in the abbreviated form tzdata.zi is written in.
  private static func summary(
    of directory: String, _ line: (UInt8, [ArraySlice<UInt8>]) -> Void
  ) {
    guard let bytes = try? RegularFile.read(directory + "/tzdata.zi", limit: 4 << 20) else {
      return
    }
    for text in bytes.split(separator: UInt8(ascii: "\n")) {
      guard text.count > 2, text[text.startIndex + 1] == UInt8(ascii: " "),
        let kind = text.first, kind == UInt8(ascii: "Z") || kind == UInt8(ascii: "L")
      else { continue }
      line(kind, text.split(separator: UInt8(ascii: " ")))
    }
  }
}
