@preconcurrency import CLibnotify
import FoundationEssentials
import Glibc

/// How long a preflight may take, enforced for every step of it.
///
/// D-Bus calls are given what is left as their own timeout. Connecting and authenticating take
/// no timeout, so a cancellable they watch is cancelled from another thread once the time has
/// passed; a bus that accepts the connection and then never answers would otherwise hold the
/// caller forever.
///
/// The other thread is a plain one that waits in poll(2) and ends when the preflight does,
/// not a Dispatch timer: a cancelled `asyncAfter` left a Dispatch worker thread behind that
/// woke the idle watch once a second (seen in /proc/PID/task/*/status).
final class CallDeadline {
  private let reference: CancellableReference
  private let end: ContinuousClock.Instant
  private let watcher: DeadlineThread

  init(milliseconds: Int32) {
    reference = CancellableReference()
    end = .now + .milliseconds(milliseconds)
    watcher = DeadlineThread(until: end, reference: reference)
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
///
/// It waits in poll(2) on a pipe whose other end ``finish()`` closes (poll then says the pipe
/// hung up); poll's timeout is the deadline.
private final class DeadlineThread: @unchecked Sendable {
  // Sendable by hand: after init, the thread only reads its end of the pipe, and this object
  // only closes the other.
  private let wake: Int32

  private final class Job {
    let listen: Int32
    let end: ContinuousClock.Instant
    let reference: CancellableReference

    init(listen: Int32, end: ContinuousClock.Instant, reference: CancellableReference) {
      (self.listen, self.end, self.reference) = (listen, end, reference)
    }
  }

  init(until end: ContinuousClock.Instant, reference: CancellableReference) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      // No pipe, no thread: the deadline is then kept by the calls' own timeouts alone.
      wake = -1
      return
    }
    wake = ends[1]
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let job = Unmanaged.passRetained(Job(listen: ends[0], end: end, reference: reference))
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { raw in
        let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
        var finished = false
        while !finished {
          let (seconds, attoseconds) = (job.end - .now).components
          let left = seconds * 1000 + attoseconds / 1_000_000_000_000_000
          guard left > 0 else { break }
          var entry = pollfd(fd: job.listen, events: Int16(POLLIN), revents: 0)
          let ready = poll(&entry, 1, Int32(clamping: left))
          finished = ready > 0 || (ready < 0 && errno != EINTR)
        }
        close(job.listen)
        if !finished { job.reference.cancel() }
        return nil
      }, job.toOpaque())
    if started == 0 {
      pthread_detach(thread)
    } else {
      job.release()
      close(ends[0])
    }
  }

  /// Ends the thread now, without cancelling.
  func finish() {
    if wake >= 0 { close(wake) }
  }
}
