import CSystem
import ChulbalCore
import FoundationEssentials
import Glibc
import Synchronization

/// The real wall clock, sleeping on a `CLOCK_REALTIME` timer with an absolute deadline: no drift,
/// and Linux fires it when the clock is set past the deadline or after a suspend. A signal (EINTR)
/// or the watched output's reader leaving ends the sleep early, so `chulbal countdown | head -1`
/// ends with `head`.
public struct SystemWallClock: WallClock {
  private let watch: HangUpWatch?

  /// - Parameter descriptor: an output whose reader leaving ends a sleep early, once; nil for none.
  public init(wakingWhenReaderLeaves descriptor: Int32? = nil) {
    watch = descriptor.map(HangUpWatch.init)
  }

  public func now() -> Date { Date() }

  public func sleep(until deadline: Date) {
    let seconds = deadline.timeIntervalSince1970
    guard seconds.isFinite, deadline > now() else { return }
    let whole = seconds.rounded(.down)
    var time = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    guard let watch, !watch.hasWoken else {
      _ = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &time, nil)
      return
    }
    // The same absolute deadline as a timer poll() can wait on beside the output.
    let timer = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC))
    guard timer >= 0 else {
      _ = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &time, nil)
      return
    }
    defer { close(timer) }
    var setting = itimerspec(it_interval: timespec(), it_value: time)
    guard timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &setting, nil) == 0 else {
      _ = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &time, nil)
      return
    }
    // Asking for no events on the output still reports POLLERR and POLLHUP.
    var waits = [
      pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
      pollfd(fd: watch.descriptor, events: 0, revents: 0),
    ]
    if poll(&waits, 2, -1) > 0, waits[1].revents != 0 { watch.woke() }
  }
}

/// An output whose reader leaving wakes a sleep, only once, so a persistent hang-up cannot make the
/// loop busy.
private final class HangUpWatch: Sendable {
  let descriptor: Int32
  private let woken = Atomic<Bool>(false)

  init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  var hasWoken: Bool { woken.load(ordering: .relaxed) }
  func woke() { woken.store(true, ordering: .relaxed) }
}
