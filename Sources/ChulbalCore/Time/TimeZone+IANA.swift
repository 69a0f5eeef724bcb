import Foundation

extension TimeZone {
  /// The zone an IANA name (`Asia/Seoul`, `UTC`, `Etc/GMT-9`) names.
  ///
  /// Foundation also reads `GMT+9`, `UTC+9` and `GMT+14:59` as fixed offsets east of UTC,
  /// which POSIX reads the other way round (`TZ=UTC+9` is nine hours *behind*) and which are not
  /// zone names that can be stored; those give nil, as does an unknown name.
  public init?(ianaName name: String) {
    // tzdata's own links for UTC, which Foundation reads as an offset of zero.
    if name == "GMT+0" || name == "GMT-0" {
      self = .gmt
      return
    }
    guard let zone = TimeZone(identifier: name), !Self.isOffsetIdentifier(zone.identifier) else {
      return nil
    }
    self = zone
  }

  /// Whether `name` is Foundation's spelling of a fixed offset (`GMT+0900`) or reads as one
  /// (`UTC+9`, `GMT-3:30`).
  public static func isOffsetIdentifier(_ name: String) -> Bool {
    let upper = name.uppercased()
    guard upper.hasPrefix("GMT") || upper.hasPrefix("UTC") else { return false }
    let rest = upper.dropFirst(3)
    guard let sign = rest.first, sign == "+" || sign == "-" else { return false }
    let digits = rest.dropFirst()
    return !digits.isEmpty && digits.allSatisfy { $0.isASCIIDigit || $0 == ":" }
  }
}
