import FoundationEssentials

/// When a live countdown must next redraw: every minute when more than 30 minutes remain, every
/// second closer. Ticks are computed from the target, so they cannot drift.
public enum TickPolicy {
  /// Remaining time at or below which the display counts seconds.
  public static let secondsThreshold: TimeInterval = 30 * 60

  /// The next instant after `now` at which the displayed remaining time changes: a whole number of
  /// minutes in minute mode (never later than exactly 30:00), a whole number of seconds otherwise,
  /// past the target too.
  public static func nextTick(after now: Date, target: Date) -> Date {
    let remaining = target.timeIntervalSince(now)
    let step: TimeInterval = remaining > secondsThreshold ? 60 : 1
    // The largest multiple of `step` strictly below `remaining`.
    let steps = (remaining / step).rounded(.up) - 1
    return target.addingTimeInterval(-steps * step)
  }
}
