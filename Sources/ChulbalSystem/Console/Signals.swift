import FoundationEssentials
import Glibc
import Synchronization

/// Set from the SIGWINCH handler, taken by the drawing loop.
private let resized = Atomic<Bool>(false)

/// The self-pipe ending signals are written into while routed (``Signals/routeEndingSignals()``):
/// `[reader, writer]`, -1 before. The handler writes one byte (async-signal-safe), so no signal is
/// lost between a check and a wait.
nonisolated(unsafe) private var signalPipe: (reader: Int32, writer: Int32) = (-1, -1)

/// What to write to standard output when a signal ends the program: plain bytes, set before the
/// handlers, as the handler reads them; nil until a live display installs them.
nonisolated(unsafe) private var restoreBytes: UnsafeMutableBufferPointer<UInt8>?

/// What SIGBUS writes to standard error (``Signals/reportBusError(_:status:)``): plain bytes for
/// the handler; nil before.
nonisolated(unsafe) private var busErrorBytes: UnsafeMutableBufferPointer<UInt8>?
nonisolated(unsafe) private var busErrorStatus: Int32 = 1

/// Signals that end the program, and window resizes for a live display.
///
/// The handler itself writes the terminal-restoring bytes and calls `_exit(128 + signal)`, both
/// async-signal-safe, so a signal arriving just before a long sleep is not left waiting.
enum Signals {
  /// The signals the Swift runtime's backtracer catches on Linux. Left to it, a Ctrl-\ prints
  /// `*** Program crashed` with a backtrace and, on a terminal, waits 30 seconds for a key.
  static let backtracerSignals = [SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

  /// Ends the program with `128 + number`, restoring the terminal first when a live display
  /// asked for it.
  private static let terminate: @convention(c) (Int32) -> Void = { number in
    if let bytes = restoreBytes, let base = bytes.baseAddress {
      _ = write(STDOUT_FILENO, base, bytes.count)
    }
    _exit(128 + number)
  }

  /// Sets the process's signal dispositions at start.
  ///
  /// SIGPIPE is ignored, so a write to a closed pipe fails with EPIPE. SIGQUIT ends the program
  /// with 131, as Ctrl-C does with 130, without a core dump. The other signals the runtime's
  /// backtracer catches go back to their defaults so a crash ends at once, unless `keepBacktracer`
  /// (`SWIFT_BACKTRACE` is set). A signal the parent ignores stays ignored.
  static func prepareProcess(keepBacktracer: Bool) {
    signal(SIGPIPE, SIG_IGN)
    if !isIgnored(SIGQUIT) { handle(SIGQUIT, with: terminate) }
    guard !keepBacktracer else { return }
    for number in backtracerSignals where number != SIGQUIT {
      signal(number, SIG_DFL)
    }
  }

  /// From now on SIGINT, SIGQUIT, SIGTERM and SIGHUP write `restore` and end the program with
  /// `128 +` the signal; SIGWINCH only wakes the sleep.
  static func install(restoreOnExit restore: String) {
    let bytes = Array(restore.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
    _ = buffer.initialize(from: bytes)
    restoreBytes = UnsafeMutableBufferPointer(rebasing: buffer[0..<bytes.count])

    for number in [SIGINT, SIGQUIT, SIGHUP] where !isIgnored(number) {
      handle(number, with: terminate)
    }
    handle(SIGTERM, with: terminate)
    // No SA_RESTART: a resize must end the sleep so the loop redraws at once.
    handle(SIGWINCH) { _ in resized.store(true, ordering: .relaxed) }
    // A parent may have started us with SIGTERM blocked.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signal in [SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGWINCH] { sigaddset(&unblock, signal) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// From now on SIGBUS writes `text` to standard error and exits with `status`.
  ///
  /// The kernel sends SIGBUS for a write into a mapped file that can no longer be written, as
  /// SQLite maps its `-shm`; the default ends the program silently (135). For one call per process.
  static func reportBusError(_ text: String, status: Int32) {
    let bytes = Array(text.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
    _ = buffer.initialize(from: bytes)
    busErrorBytes = UnsafeMutableBufferPointer(rebasing: buffer[0..<bytes.count])
    busErrorStatus = status
    handle(SIGBUS) { _ in
      if let bytes = busErrorBytes, let base = bytes.baseAddress {
        _ = write(STDERR_FILENO, base, bytes.count)
      }
      _exit(busErrorStatus)
    }
  }

  /// The signals `routeEndingSignals` hands to the loop.
  static let endingSignals = [SIGINT, SIGQUIT, SIGHUP, SIGTERM]

  /// From now on SIGINT, SIGQUIT, SIGHUP and SIGTERM are written to a pipe the loop waits on
  /// (``pipeReader``) instead of ending the program, so the loop can finish its work. Ignored
  /// signals stay ignored, but SIGTERM, which stops a service. Idempotent.
  static func routeEndingSignals() throws(SystemCallError) {
    guard signalPipe.reader < 0 else { return }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw SystemCallError("pipe") }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    signalPipe = (ends[0], ends[1])
    let route: @convention(c) (Int32) -> Void = { number in
      var byte = UInt8(truncatingIfNeeded: number)
      _ = write(signalPipe.writer, &byte, 1)
    }
    for number in endingSignals where number == SIGTERM || !isIgnored(number) {
      handle(number, with: route)
    }
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for number in endingSignals { sigaddset(&unblock, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// The end of the signal pipe to wait on; -1 until ``routeEndingSignals()``.
  static var pipeReader: Int32 { signalPipe.reader }

  /// The signals that arrived since the last call, in order.
  static func takeRouted() -> [Int32] {
    var numbers: [Int32] = []
    var byte: UInt8 = 0
    while signalPipe.reader >= 0, read(signalPipe.reader, &byte, 1) == 1 {
      numbers.append(Int32(byte))
    }
    return numbers
  }

  /// Whether the window was resized since the last call.
  static func takeResize() -> Bool {
    resized.exchange(false, ordering: .relaxed)
  }

  private static func handle(_ number: Int32, with handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    sigaction(number, &action, nil)
  }

  /// Whether the process ignores `number`, as a shell arranges for a background job's SIGINT
  /// and SIGQUIT and `nohup` for SIGHUP.
  private static func isIgnored(_ number: Int32) -> Bool {
    var current = sigaction()
    sigaction(number, nil, &current)
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
      == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
