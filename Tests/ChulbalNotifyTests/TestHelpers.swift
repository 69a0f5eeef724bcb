import ChulbalSystem
import Foundation

/// Runs a poll source as a long-running loop would, until `done` says so or `limit` passes.
///
/// - Returns: whether `done` said so.
func pump(
  _ source: any PollSource, within limit: Duration = .seconds(5), until done: () -> Bool
) -> Bool {
  let deadline = ContinuousClock.now + limit
  while !done() {
    let left = deadline - ContinuousClock.now
    guard left > .zero else { return false }
    var (descriptors, timeout) = source.prepare()
    let leftMilliseconds =
      Int32(left.components.seconds * 1000)
      + Int32(left.components.attoseconds / 1_000_000_000_000_000) + 1
    let wait = timeout < 0 ? leftMilliseconds : min(timeout, leftMilliseconds)
    _ = poll(&descriptors, nfds_t(descriptors.count), wait)
    source.dispatch(descriptors)
  }
  return true
}

/// The text markup stands for: what a person reads of a body sent to a server that reads markup.
func unescapingMarkup(_ text: String) -> String {
  text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    .replacingOccurrences(of: "&amp;", with: "&")
}

/// What `body` returns, run on a thread of its own, or nil when it has not returned within
/// `limit`; a call that never returns then fails its test instead of hanging the whole run.
func returning<T: Sendable>(within limit: Duration, _ body: @escaping @Sendable () -> T) -> T? {
  let outcome = Outcome<T>()
  let finished = DispatchSemaphore(value: 0)
  Thread {
    outcome.value = body()
    finished.signal()
  }.start()
  let (seconds, attoseconds) = limit.components
  let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
  guard finished.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return nil }
  return outcome.value
}

/// A value one thread writes before it signals a semaphore and another reads after waiting for it.
private final class Outcome<T>: @unchecked Sendable {
  var value: T?
}

extension Result {
  var failure: Failure? {
    if case .failure(let failure) = self { failure } else { nil }
  }
}
