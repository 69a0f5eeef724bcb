import ChulbalCore
import Foundation

/// The real wall clock; sleeps with `clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME)`.
///
/// An absolute deadline on the real-time clock means no drift from repeated intervals, and
/// Linux wakes such a sleep when the clock is set past the deadline or after a suspend that
/// outlasted it, so the next draw shows the true remaining time. A signal ends the sleep early
/// (EINTR), which lets the loop notice Ctrl-C or a resize at once.
public struct SystemWallClock: WallClock {
  public init() {}

  public func now() -> Date { Date() }

  public func sleep(until deadline: Date) {
    let seconds = deadline.timeIntervalSince1970
    guard seconds.isFinite, deadline > now() else { return }
    let whole = seconds.rounded(.down)
    var time = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    _ = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &time, nil)
  }
}
