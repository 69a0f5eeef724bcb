import FoundationEssentials

/// The wall clock a command reads and a long-running loop sleeps on.
///
/// The system clock sleeps until an absolute wall-clock deadline, so a suspend or a clock
/// change is noticed at the next wake; tests use a scripted clock that jumps.
public protocol WallClock: Sendable {
  func now() -> Date
  /// Returns once the clock reads `deadline` or later, or earlier when a signal arrives.
  func sleep(until deadline: Date)
}

/// A clock stopped at one instant, as `--now` gives it.
///
/// Time never moves on it, so only commands that read the time once use it; the ones that
/// loop refuse `--now`.
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
  /// Calls `step` with the current time; it draws and returns the next deadline, or nil to
  /// stop. Between steps the process sleeps; no timer or polling wakes it.
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
