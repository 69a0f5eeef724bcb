import Foundation

/// How long a test waits for another process before calling it hung: a bound on a hang, never a
/// measure of speed (a debug `chulbal` took over ten seconds to start on a loaded two-core
/// machine). Ordering is checked by waiting for events, never for time.
public let hangGuard: TimeInterval = 300

/// Asks `condition` again every 20 ms until it holds, at most ``hangGuard``.
///
/// - Returns: whether it held; the caller's `#expect` then says what was seen instead.
@discardableResult
public func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(hangGuard)
  while true {
    if try condition() { return true }
    if Date() >= deadline { return false }
    usleep(20_000)
  }
}
