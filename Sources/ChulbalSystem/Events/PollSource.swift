import FoundationEssentials
import Glibc

/// Something with descriptors of its own that a long-running loop waits on beside its timer,
/// such as GLib's main context, which carries the D-Bus connection's messages.
///
/// The loop calls ``prepare()`` before each wait and ``dispatch(_:)`` after it, on one thread;
/// a source never waits itself.
public protocol PollSource: AnyObject {
  /// The descriptors to wait on, and the longest the wait may last in milliseconds (-1 for no
  /// limit, which an idle source should give, so that it never wakes the loop on its own).
  func prepare() -> (descriptors: [pollfd], timeoutMilliseconds: Int32)
  /// Handles what the wait found: the descriptors ``prepare()`` gave, `revents` filled in.
  func dispatch(_ descriptors: [pollfd])
}
