import Foundation
import Synchronization

/// Set from the SIGWINCH handler, taken by the drawing loop.
private let resized = Atomic<Bool>(false)

/// What to write to standard output when SIGINT or SIGTERM ends the program: read by the
/// signal handler, so it is plain bytes set up before the handlers are installed.
nonisolated(unsafe) private var restoreBytes: UnsafeMutableBufferPointer<UInt8>?

/// Ctrl-C, SIGTERM and window resizes, for a live display.
///
/// Termination is handled inside the handler itself: it writes the terminal-restoring bytes
/// and calls `_exit(128 + signal)`, both async-signal-safe. Doing it there rather than in the
/// loop leaves no window in which a signal could arrive just before a minute-long sleep and go
/// unanswered until the sleep ends.
enum Signals {
  static func install(restoreOnExit restore: String) {
    let bytes = Array(restore.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
    _ = buffer.initialize(from: bytes)
    restoreBytes = UnsafeMutableBufferPointer(rebasing: buffer[0..<bytes.count])

    var terminate = sigaction()
    terminate.__sigaction_handler.sa_handler = { number in
      if let bytes = restoreBytes, let base = bytes.baseAddress {
        _ = write(STDOUT_FILENO, base, bytes.count)
      }
      _exit(128 + number)
    }
    sigemptyset(&terminate.sa_mask)
    var resize = sigaction()
    resize.__sigaction_handler.sa_handler = { _ in resized.store(true, ordering: .relaxed) }
    sigemptyset(&resize.sa_mask)
    // No SA_RESTART: a resize must end the sleep so the loop redraws at once.
    sigaction(SIGINT, &terminate, nil)
    sigaction(SIGTERM, &terminate, nil)
    sigaction(SIGWINCH, &resize, nil)
    // A parent may have started us with SIGTERM blocked.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signal in [SIGINT, SIGTERM, SIGWINCH] { sigaddset(&unblock, signal) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// Whether the window was resized since the last call.
  static func takeResize() -> Bool {
    resized.exchange(false, ordering: .relaxed)
  }
}
