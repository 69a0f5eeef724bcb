/// The one rule for a typed UTC offset (ISO 8601 time or `TZ` rule): a whole quarter hour from
/// −12:00 to +14:00, the range every offset in force since 1980 falls in (tzdata 2025b); `+14:59`
/// is a typo, not a place.
public enum UTCOffset {
  /// Seconds east of UTC an offset may have.
  public static let range = (-12 * 3600)...(14 * 3600)
  /// Offsets come in whole multiples of this.
  public static let stepSeconds = 15 * 60
  /// The rule as messages state it.
  public static let rule = "오프셋은 -12:00~+14:00 사이의 15분 단위여야 합니다"

  /// Whether `seconds` east of UTC is an offset a zone uses.
  public static func isValid(_ seconds: Int) -> Bool {
    range.contains(seconds) && seconds % stepSeconds == 0
  }
}
