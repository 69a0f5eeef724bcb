import FoundationEssentials
import Synchronization

/// A time zone of the system's zone database (`Asia/Seoul`, `UTC`, `Etc/GMT-9`), by its IANA
/// name, with its offsets read from the database's compiled file for that name
/// (/usr/share/zoneinfo/Asia/Seoul, as the C library reads it).
///
/// Not Foundation's `TimeZone`: that one asks ICU, and linking ICU and the rest of Foundation
/// made every command start about a quarter slower (page faults for relocating their data, in
/// a command that needs none of it). Each file is read once per process.
///
/// Two zones are equal when their names are.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
  /// The zone's name and offsets, behind one reference: a zone is copied into every formatter
  /// and every row's times, and copying the file's tables inline cost `list` a tenth of its
  /// instructions in memcpy (callgrind).
  private let table: Table

  private final class Table: Sendable {
    let identifier: String
    /// Not optional: reading the offset through an optional copied the whole file value out
    /// of the table on every lookup (a memcpy per time shown, callgrind).
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
    var zones: [String: Zone] = [:]
  }
  private static let cache = Mutex(Cache())

  /// Reads zones from the database in `directory` from now on (`TZDIR`, as the C library does).
  public static func useDatabase(_ directory: String) {
    cache.withLock { cache in
      guard cache.directory != directory else { return }
      cache = Cache(directory: directory)
    }
  }

  /// The folder zones are read from.
  public static var database: String { cache.withLock { $0.directory } }

  /// The zone an IANA name (`Asia/Seoul`, `UTC`, `Etc/GMT-9`) names: a file of the database
  /// that is a zone file.
  ///
  /// `GMT+9`, `UTC+9` and `GMT+14:59` are not zone names but offsets, which POSIX reads the
  /// other way round (`TZ=UTC+9` is nine hours *behind*) and which cannot be stored; those give
  /// nil, as do a name no file has, a path out of the database, and the `right/` zones, which
  /// count leap seconds that POSIX time does not. UTC's own names are known without the
  /// database.
  public init?(identifier name: String) {
    // tzdata's own links for UTC.
    if name == "GMT+0" || name == "GMT-0" {
      self = .gmt
      return
    }
    guard Self.isStorableName(name) else { return nil }
    let (directory, known) = Self.cache.withLock { ($0.directory, $0.zones[name]) }
    if let known {
      self = known
      return
    }
    let zone: Zone
    do throws(ZoneFileError) {
      zone = Zone(name, file: try ZoneFile(contentsOf: directory + "/" + name))
    } catch {
      guard Self.utcNames.contains(name) else { return nil }
      zone = Zone(name, file: ZoneFile(fixedOffset: 0, abbreviation: "UTC"))
    }
    Self.cache.withLock { cache in
      if cache.directory == directory { cache.zones[name] = zone }
    }
    self = zone
  }

  /// Names of UTC that need no file: a machine without tzdata still has UTC.
  private static let utcNames: Set<String> = ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Zulu"]

  /// Whether `name` may name a zone: a relative path inside the database, of the characters
  /// tzdata's names use, not a fixed offset, and not a `right/` zone.
  private static func isStorableName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("/"), !name.hasPrefix("right/"),
      !isOffsetIdentifier(name)
    else { return false }
    let allowed = name.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "_"),
        UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
        true
      default: false
      }
    }
    return allowed && !name.split(separator: "/").contains { $0 == "." || $0 == ".." }
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
  /// Completion asks on every Tab, so this is one read of one file, scanned as bytes: read as
  /// a `String` and split into lines, its 100 kB of rules took 8 ms (hyperfine). Only a
  /// regular file is read: `TZDIR` may name any folder, and opening a FIFO there would wait
  /// for a writer that never comes.
  public static func names(inDatabase directory: String) -> [String] {
    guard let bytes = try? RegularFile.read(directory + "/tzdata.zi", limit: 4 << 20) else {
      return []
    }
    // `Z NAME …` starts a zone and `L TARGET NAME` makes a link: zic(8)'s input, in the
    // abbreviated form tzdata.zi is written in.
    var names: [String] = []
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      guard line.count > 2, line[line.startIndex + 1] == UInt8(ascii: " ") else { continue }
      let fields = line.split(separator: UInt8(ascii: " "))
      let field: Int
      switch line.first {
      case UInt8(ascii: "Z"): field = 1
      case UInt8(ascii: "L"): field = 2
      default: continue
      }
      if fields.count > field, let name = String(validating: fields[field], as: UTF8.self) {
        names.append(name)
      }
    }
    return names
  }
}
