@preconcurrency import CLibnotify
import Dispatch

/// How long a preflight may take, enforced for every step of it.
///
/// D-Bus calls are given what is left as their own timeout. Connecting and authenticating take
/// no timeout, so a cancellable they watch is cancelled from another thread once the time has
/// passed; a bus that accepts the connection and then never answers would otherwise hold the
/// caller forever.
final class CallDeadline {
  private let reference: CancellableReference
  private let end: ContinuousClock.Instant
  private let timer: DispatchWorkItem

  init(milliseconds: Int32) {
    reference = CancellableReference()
    end = .now + .milliseconds(milliseconds)
    timer = DispatchWorkItem { [reference] in reference.cancel() }
    DispatchQueue.global().asyncAfter(
      deadline: .now() + .milliseconds(Int(milliseconds)), execute: timer)
  }

  deinit { timer.cancel() }

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
