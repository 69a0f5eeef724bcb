import FoundationEssentials
import Glibc

/// An output whose reader going away (a pipe closed, a terminal hung up) ends an
/// ``EventLoop`` wait, as it ends ``SystemWallClock``'s sleep.
public final class HangUpSource: PollSource {
  private let descriptor: Int32

  public init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Asking for no events still reports POLLERR and POLLHUP; no timeout of its own.
  public func prepare() -> (descriptors: [pollfd], timeoutMilliseconds: Int32) {
    ([pollfd(fd: descriptor, events: 0, revents: 0)], -1)
  }

  /// Nothing to read: the loop's caller asks whether the reader is gone.
  public func dispatch(_ descriptors: [pollfd]) {}
}
