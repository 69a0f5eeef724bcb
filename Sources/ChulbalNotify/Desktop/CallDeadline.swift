@preconcurrency import CLibnotify
import Foundation

/// How long a preflight may take, enforced for every step of it.
///
/// D-Bus calls are given what is left as their own timeout. Connecting and authenticating take
/// no timeout, so a cancellable they watch is cancelled from another thread once the time has
/// passed; a bus that accepts the connection and then never answers would otherwise hold the
/// caller forever.
///
/// The other thread is a plain one that waits on a condition and ends when the preflight does,
/// not a Dispatch timer: a cancelled `asyncAfter` left a Dispatch worker thread behind that
/// woke the idle watch once a second (seen in /proc/PID/task/*/status).
final class CallDeadline {
  private let reference: CancellableReference
  private let end: ContinuousClock.Instant
  private let watcher: DeadlineThread

  init(milliseconds: Int32) {
    reference = CancellableReference()
    end = .now + .milliseconds(milliseconds)
    watcher = DeadlineThread(
      until: Date().addingTimeInterval(TimeInterval(milliseconds) / 1000), reference: reference)
  }

  deinit { watcher.finish() }

  /// The cancellable that fires at the deadline.
  var cancellable: UnsafeMutablePointer<GCancellable> { reference.cancellable }

  /// The milliseconds left, at least 1 so that a call never waits without limit (0) or for
  /// GDBus's 25-second default (-1).
  var remainingMilliseconds: Int32 {
    let (seconds, attoseconds) = (end - .now).components
    return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
  }
}

/// A cancellable shared with the timer thread, freed when the last of the two lets go.
private final class CancellableReference: @unchecked Sendable {
  // Sendable by hand: the timer thread only cancels, and GLib documents g_cancellable_cancel
  // as safe to call from any thread.
  let cancellable: UnsafeMutablePointer<GCancellable>

  init() { cancellable = g_cancellable_new() }

  deinit { g_object_unref(cancellable) }

  func cancel() { g_cancellable_cancel(cancellable) }
}

/// A thread that cancels the preflight's cancellable at its deadline, unless the preflight
/// finishes first, and then ends.
private final class DeadlineThread: @unchecked Sendable {
  // Sendable by hand: `finished` is only read and written under `condition`.
  private let condition = NSCondition()
  private var finished = false

  init(until deadline: Date, reference: CancellableReference) {
    let thread = Thread { [self] in
      condition.lock()
      while !finished && condition.wait(until: deadline) {}
      let cancel = !finished
      condition.unlock()
      if cancel { reference.cancel() }
    }
    thread.start()
  }

  /// Ends the thread now, without cancelling.
  func finish() {
    condition.lock()
    finished = true
    condition.signal()
    condition.unlock()
  }
}
