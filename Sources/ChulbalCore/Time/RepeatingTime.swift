/// A series as a person typed it (`매주 화요일 저녁 7시`): the days it repeats on and the wall
/// time of its first start.
///
/// ``ScannedTime/resolveRepeating(now:timeZone:)`` makes one. The first start is the first
/// time the rule names strictly after `now`, so it is also the series' anchor (RFC 5545's
/// `DTSTART`): `2주마다` counts its weeks from it. The time of day every occurrence keeps is
/// the first start's, on the wall clock of the zone it was resolved in.
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
