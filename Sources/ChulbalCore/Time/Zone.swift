import FoundationEssentials

/// A time zone by its IANA name (`Asia/Seoul`, `UTC`, `Etc/GMT-9`), with the offsets of its
/// compiled tzdata file.
///
/// The core only parses; ``ZoneDatabase`` (ChulbalSystem) reads the files. Not Foundation's
/// `TimeZone`, which would link ICU and break the start-up budget (docs/performance.md). Two zones
/// are equal when their names are.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
  /// Behind one reference, so copying a zone into every formatter and row does not copy the file's
  /// tables.
  private let table: Table

  private final class Table: Sendable {
    let identifier: String
    /// Not optional: reading through an optional copied the whole file value on every lookup.
    let file: ZoneFile

    init(_ identifier: String, file: ZoneFile) {
      (self.identifier, self.file) = (identifier, file)
    }
  }

  /// The zone called `identifier` whose offsets `file` gives.
  public init(_ identifier: String, file: ZoneFile) {
    table = Table(identifier, file: file)
  }

  /// The zone's IANA name, as appointments store it.
  public var identifier: String { table.identifier }

  /// UTC, named `GMT`; known without the database.
  public static let gmt = Zone("GMT", file: ZoneFile(fixedOffset: 0, abbreviation: "GMT"))

  /// The zone of UTC's names that need no file (`UTC`, `Etc/Zulu`), or nil for another name.
  public static func utc(named name: String) -> Zone? {
    utcNames.contains(name) ? Zone(name, file: ZoneFile(fixedOffset: 0, abbreviation: "UTC")) : nil
  }

  /// Names of UTC that need no file: a machine without tzdata still has UTC (tzdata's
  /// `backward` and `etcetera` give these).
  private static let utcNames: Set<String> = [
    "UTC", "GMT", "UCT", "Universal", "Zulu", "Greenwich", "GMT0", "Etc/UTC", "Etc/GMT",
    "Etc/UCT", "Etc/Universal", "Etc/Zulu", "Etc/Greenwich", "Etc/GMT0", "Etc/GMT+0",
    "Etc/GMT-0",
  ]

  /// Whether `name` may name a zone: a relative path of tzdata's characters, not a fixed offset,
  /// not a database file that is no zone, not a `right/` zone.
  ///
  /// Checked as bytes, since every allowed byte is ASCII.
  public static func isStorableName(_ name: String) -> Bool {
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

  /// Every zone and link name in tzdata's summary `tzdata.zi`, given its bytes.
  ///
  /// Scanned as bytes because completion asks on every Tab.
  public static func names(inSummary bytes: [UInt8]) -> [String] {
    var names: [String] = []
    summary(bytes) { kind, fields in
      // `Z NAME …` starts a zone and `L TARGET NAME` makes a link.
      let field = kind == UInt8(ascii: "Z") ? 1 : 2
      if fields.count > field, let name = String(validating: fields[field], as: UTF8.self) {
        names.append(name)
      }
    }
    return names
  }

  /// Each link in `tzdata.zi`, given its bytes: name → target.
  public static func links(inSummary bytes: [UInt8]) -> [String: String] {
    var links: [String: String] = [:]
    summary(bytes) { kind, fields in
      guard kind == UInt8(ascii: "L"), fields.count > 2,
        let target = String(validating: fields[1], as: UTF8.self),
        let name = String(validating: fields[2], as: UTF8.self)
      else { return }
      links[name] = target
    }
    return links
  }

  /// Calls `line` with the kind (`Z` or `L`) and the fields of each zone and link line of
  /// `tzdata.zi` (zic(8)'s abbreviated input).
  private static func summary(_ bytes: [UInt8], _ line: (UInt8, [ArraySlice<UInt8>]) -> Void) {
    for text in bytes.split(separator: UInt8(ascii: "\n")) {
      guard text.count > 2, text[text.startIndex + 1] == UInt8(ascii: " "),
        let kind = text.first, kind == UInt8(ascii: "Z") || kind == UInt8(ascii: "L")
      else { continue }
      line(kind, text.split(separator: UInt8(ascii: " ")))
    }
  }
}
