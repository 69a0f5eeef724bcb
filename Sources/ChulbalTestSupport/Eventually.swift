import Foundation

/// How long a test waits for another process to do what it must before calling it hung.
///
/// A bound on a hang, never a measure of speed: on a two-core machine shared with other builds
/// a debug `chulbal` took over ten seconds to start. A test that must see one thing happen
/// before another waits for the events themselves, never for an amount of time.
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
