/// A POSIX `TZ` rule such as `UTC+9`, `<+0530>-5:30` or `EST5EDT,M3.2.0,M11.1.0`, read the way
/// the C library reads it (tzset(3)) when no zone file has that name.
///
/// The offset in the text counts hours *west* of UTC, so `UTC+9` is nine hours behind UTC, not
/// ahead: `TZ=UTC+9 date +%z` prints `-0900`.
public struct POSIXTimeZoneRule: Equatable, Sendable {
  public let standardName: String
  /// Seconds east of UTC in standard time (the opposite sign of the text).
  public let standardOffsetSeconds: Int
  /// Whether the rule has a daylight-saving part (`EDT`, `EDT,M3.2.0,M11.1.0`).
  public let hasDaylightSaving: Bool

  /// Reads a rule; nil for text that is not one.
  public init?(_ text: String) {
    var scanner = TextScanner(text)
    guard let name = Self.name(&scanner), let offset = Self.offset(&scanner) else { return nil }
    standardName = name
    standardOffsetSeconds = -offset
    guard !scanner.isAtEnd else {
      hasDaylightSaving = false
      return
    }
    // The daylight part: a name, an optional offset, and the optional change rules.
    guard Self.name(&scanner) != nil else { return nil }
    if let next = scanner.peek, next != "," {
      guard Self.offset(&scanner) != nil else { return nil }
    }
    if scanner.take(",") {
      let rules = scanner.rest
      let allowed = Set("0123456789JM.,/:+-")
      guard !rules.isEmpty, rules.allSatisfy({ allowed.contains($0) }) else { return nil }
      scanner.advance(by: rules.count)
    }
    guard scanner.isAtEnd else { return nil }
    hasDaylightSaving = true
  }

  /// The IANA name of the zone a rule without daylight saving describes: `UTC` at offset 0,
  /// `Etc/GMT-9` for whole hours (tzdata's `Etc` names count west like POSIX); nil when tzdata
  /// has no name for it (daylight saving, or an offset of a part hour).
  public var fixedZoneIdentifier: String? {
    guard !hasDaylightSaving, standardOffsetSeconds % 3600 == 0,
      UTCOffset.isValid(standardOffsetSeconds)
    else { return nil }
    let hours = standardOffsetSeconds / 3600
    if hours == 0 { return "UTC" }
    return hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
  }

  /// `EST` (three or more letters) or `<+09>` (letters, digits and signs in angle brackets).
  private static func name(_ scanner: inout TextScanner) -> String? {
    if scanner.take("<") {
      var name = ""
      while let c = scanner.peek, c != ">" {
        guard c.isASCII, c.isLetter || c.isNumber || c == "+" || c == "-" else { return nil }
        name.append(c)
        scanner.advance()
      }
      guard scanner.take(">"), name.count >= 3 else { return nil }
      return name
    }
    var name = ""
    while let c = scanner.peek, c.isASCII, c.isLetter {
      name.append(c)
      scanner.advance()
    }
    return name.count >= 3 ? name : nil
  }

  /// `[+-]hh[:mm[:ss]]`, hours 0–24, in seconds west of UTC.
  private static func offset(_ scanner: inout TextScanner) -> Int? {
    var sign = 1
    if scanner.take("-") {
      sign = -1
    } else {
      _ = scanner.take("+")
    }
    guard let hours = scanner.number(), hours.digits <= 2, hours.value <= 24 else { return nil }
    var seconds = hours.value * 3600
    for unit in [60, 1] {
      guard scanner.take(":") else { break }
      guard let part = scanner.number(), part.digits <= 2, part.value < 60 else { return nil }
      seconds += part.value * unit
    }
    return sign * seconds
  }
}
