import Foundation

/// A time zone of the zone database (`Asia/Seoul`, `UTC`, `Etc/GMT-9`), by its IANA name.
///
/// Two zones are equal when their names are.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
  /// The zone's IANA name, as appointments store it.
  public let identifier: String
  private let offsets: ZoneOffsets

  private init(_ offsets: ZoneOffsets) {
    identifier = offsets.timeZone.identifier
    self.offsets = offsets
  }

  /// UTC, named `GMT`.
  public static let gmt = Zone(ZoneOffsets.shared(for: .gmt))

  /// The zone an IANA name (`Asia/Seoul`, `UTC`, `Etc/GMT-9`) names.
  ///
  /// `GMT+9`, `UTC+9` and `GMT+14:59` are not zone names but offsets, which POSIX reads the
  /// other way round (`TZ=UTC+9` is nine hours *behind*) and which cannot be stored; those give
  /// nil, as does an unknown name.
  public init?(identifier name: String) {
    // tzdata's own links for UTC.
    if name == "GMT+0" || name == "GMT-0" {
      self = .gmt
      return
    }
    guard !Self.isOffsetIdentifier(name), let zone = TimeZone(identifier: name),
      !Self.isOffsetIdentifier(zone.identifier)
    else { return nil }
    self.init(ZoneOffsets.shared(for: zone))
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
    guard ZoneOffsets.covers(second) else {
      return offsets.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second)))
    }
    return offsets.offset(atSecond: second)
  }

  /// Every zone name the zone database knows.
  public static var knownIdentifiers: [String] { TimeZone.knownTimeZoneIdentifiers }

  /// Seconds east of UTC at `date`.
  public func secondsFromGMT(for date: Date) -> Int {
    offset(atSecond: Int(date.timeIntervalSince1970.rounded(.down)))
  }
}
