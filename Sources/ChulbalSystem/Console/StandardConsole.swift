import Foundation

/// The process's real standard output.
public struct StandardConsole: Console {
  public init() {}

  public var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  public func width() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  @discardableResult
  public func write(_ text: String) -> Bool {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        Foundation.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  public func ignoreClosedPipe() {
    signal(SIGPIPE, SIG_IGN)
  }

  public func catchSignals(restoreOnExit restore: String) {
    Signals.install(restoreOnExit: restore)
  }

  public func takeResize() -> Bool { Signals.takeResize() }
}
