import FoundationEssentials

/// How a series repeats: its rule, its first start on the wall of the appointment's own zone
/// (``Appointment/timeZone``), and the occurrences taken out or moved.
///
/// Occurrences are named by the wall time the rule gives them, as RFC 5545's `EXDATE` and
/// `RECURRENCE-ID` name them, so a skipped or moved occurrence stays itself when daylight
/// saving moves the instants around it.
public struct Repetition: Equatable, Sendable {
  public var rule: RecurrenceRule
  public var firstStart: WallTime
  /// Occurrences taken out (`remove --on`).
  public var exceptions: Set<WallTime>
  /// Occurrences moved (`edit --on`), to the instant each now starts.
  public var overrides: [WallTime: Date]

  public init(
    rule: RecurrenceRule, firstStart: WallTime, exceptions: Set<WallTime> = [],
    overrides: [WallTime: Date] = [:]
  ) {
    self.rule = rule
    self.firstStart = firstStart
    self.exceptions = exceptions
    self.overrides = overrides
  }
}
