import FoundationEssentials

/// When a live countdown must next redraw.
///
/// Far from the target (more than 30 minutes) the display shows minutes and changes once a
/// minute; closer, it shows seconds and changes every second. Ticks are computed from the
/// target, never by adding an interval to the last tick, so they cannot drift.
public enum TickPolicy {
  /// Remaining time at or below which the display counts seconds.
  public static let secondsThreshold: TimeInterval = 30 * 60

  /// The next instant after `now` at which the displayed remaining time changes.
  ///
  /// In minute mode that is the next instant the remaining time is a whole number of minutes,
  /// which is never later than the instant it reaches exactly 30:00, so the switch to second
  /// ticks is on time. In second mode, including past the target, it is the next instant the
  /// remaining time is a whole number of seconds.
  public static func nextTick(after now: Date, target: Date) -> Date {
    let remaining = target.timeIntervalSince(now)
    let step: TimeInterval = remaining > secondsThreshold ? 60 : 1
    // The largest multiple of `step` strictly below `remaining`.
    let steps = (remaining / step).rounded(.up) - 1
    return target.addingTimeInterval(-steps * step)
  }
}
