import FoundationEssentials
import Glibc

/// The process's real standard output and standard error.
public struct StandardConsole: Console {
  public let isOutputClosed: Bool
  private let isErrorClosed: Bool

  private init(outputClosed: Bool, errorClosed: Bool) {
    isOutputClosed = outputClosed
    isErrorClosed = errorClosed
  }

  /// Sets the process up to write safely and returns its console; call it before anything opens a
  /// file.
  ///
  /// A closed standard stream gets /dev/null in its place, so no file opened later takes its number
  /// (writes to it still fail with `EBADF`). SIGPIPE is ignored, and the runtime's crash reporter
  /// is off unless `SWIFT_BACKTRACE` asks for it (`Signals.prepareProcess`).
  public static func start(variables: [String: String]) -> StandardConsole {
    var closed: [Int32] = []
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // open() takes the lowest free number, which is this one.
      let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if null >= 0, null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
      closed.append(descriptor)
    }
    Signals.prepareProcess(keepBacktracer: variables["SWIFT_BACKTRACE"] != nil)
    return StandardConsole(
      outputClosed: closed.contains(STDOUT_FILENO), errorClosed: closed.contains(STDERR_FILENO))
  }

  public var isTerminal: Bool { !isOutputClosed && isatty(STDOUT_FILENO) == 1 }

  public func width() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  public func height() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
    return Int(size.ws_row)
  }

  public func write(_ text: String, to stream: StandardStream) throws(WriteError) {
    var text = text
    try text.withUTF8 { bytes in
      Result { () throws(WriteError) in try write(utf8: UnsafeRawBufferPointer(bytes), to: stream) }
    }.get()
  }

  public func write(utf8 bytes: UnsafeRawBufferPointer, to stream: StandardStream)
    throws(WriteError)
  {
    guard !bytes.isEmpty, let start = bytes.baseAddress else { return }
    let descriptor = stream == .output ? STDOUT_FILENO : STDERR_FILENO
    guard !(stream == .output ? isOutputClosed : isErrorClosed) else {
      throw WriteError(stream: stream, code: EBADF)
    }
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
      if written >= 0 {
        offset += written
        continue
      }
      let code = errno
      switch code {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        // A parent left the stream non-blocking: wait until it takes more.
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, -1)
      default: throw WriteError(stream: stream, code: code)
      }
    }
  }

  public func isReaderGone() -> Bool {
    Self.isHungUp(STDOUT_FILENO)
  }

  /// Whether `descriptor`'s other end is gone: POLLERR for a pipe without readers, POLLHUP for a
  /// hung-up terminal or closed socket. Files and /dev/null never report them.
  static func isHungUp(_ descriptor: Int32) -> Bool {
    var state = pollfd(fd: descriptor, events: 0, revents: 0)
    return poll(&state, 1, 0) > 0 && state.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
  }

  public func catchSignals(restoreOnExit restore: String) {
    Signals.install(restoreOnExit: restore)
  }

  public func takeResize() -> Bool { Signals.takeResize() }
}
