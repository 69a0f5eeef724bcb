/// A series as typed (`매주 화요일 저녁 7시`): its days and the wall time of its first start, made by
/// ``ScannedTime/resolveRepeating(now:timeZone:)``. The first start, the first time the rule names
/// after `now`, is the series' anchor (RFC 5545's `DTSTART`, from which `2주마다` counts) and gives
/// every occurrence its time of day.
public struct RepeatingTime: Equatable, Sendable {
  /// Which days: `FREQ=WEEKLY;BYDAY=TU`.
  public var rule: RecurrenceRule
  /// The first occurrence, on the wall clock of the zone the text was resolved in.
  public var firstStart: WallTime

  public init(rule: RecurrenceRule, firstStart: WallTime) {
    self.rule = rule
    self.firstStart = firstStart
  }
}
