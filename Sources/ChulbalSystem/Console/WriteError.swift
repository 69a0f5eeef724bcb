import FoundationEssentials
import Glibc

/// One of the two streams chulbal writes to.
public enum StandardStream: Sendable {
  case output
  case error
}

/// A write to standard output or standard error that failed.
public struct WriteError: Error, Equatable, Sendable {
  public let stream: StandardStream
  /// The `errno` the write failed with: `EPIPE`, `ENOSPC`, `EBADF`, `EIO`, …
  public let code: Int32

  public init(stream: StandardStream, code: Int32) {
    self.stream = stream
    self.code = code
  }

  /// Whether the reader closed the pipe (`chulbal list | head -1`, a status bar that quit):
  /// nobody is left to read, which is the reader's choice rather than a failure.
  public var isReaderGone: Bool { code == EPIPE }
}
