import Foundation

/// The wall clock a long-running loop reads and sleeps on.
///
/// The system clock sleeps until an absolute wall-clock deadline, so a suspend or a clock
/// change is noticed at the next wake; tests use a scripted clock that jumps.
public protocol WallClock: Sendable {
  func now() -> Date
  /// Returns once the clock reads `deadline` or later, or earlier when a signal arrives.
  func sleep(until deadline: Date)
}

/// The loop behind every live display: draw, then sleep to the next deadline, nothing else.
public enum Ticker {
  /// Calls `step` with the current time; it draws and returns the next deadline, or nil to
  /// stop. Between steps the process sleeps; no timer or polling wakes it.
  public static func run(clock: some WallClock, step: (Date) -> Date?) {
    while let deadline = step(clock.now()) {
      clock.sleep(until: deadline)
    }
  }
}
