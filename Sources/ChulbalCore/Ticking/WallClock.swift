import FoundationEssentials

/// The wall clock a command reads and a long-running loop sleeps on; the system one sleeps to
/// absolute deadlines, tests use a scripted one that jumps.
public protocol WallClock: Sendable {
  func now() -> Date
  /// Returns once the clock reads `deadline` or later, or earlier when a signal arrives.
  func sleep(until deadline: Date)
}

/// A clock stopped at one instant, as `--now` gives it; looping commands refuse `--now`.
public struct FixedClock: WallClock {
  public let instant: Date

  public init(_ instant: Date) {
    self.instant = instant
  }

  public func now() -> Date { instant }

  /// Returns at once: a stopped clock never reaches a later deadline.
  public func sleep(until deadline: Date) {}
}

/// The loop behind every live display: draw, then sleep to the next deadline, nothing else.
public enum Ticker {
  /// Calls `step` with the current time until it returns no next deadline, sleeping between steps
  /// with no timer or polling.
  ///
  /// - Throws: whatever `step` throws, which ends the loop.
  public static func run<Failure: Error>(
    clock: some WallClock, step: (Date) throws(Failure) -> Date?
  ) throws(Failure) {
    while let deadline = try step(clock.now()) {
      clock.sleep(until: deadline)
    }
  }
}
