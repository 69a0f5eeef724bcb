import ChulbalCore
import ChulbalNotify
import ChulbalTestSupport
import Foundation
import Testing

/// The preflight's failures that need no session: they must come at once, or within the
/// timeout, and say why on one line.
@Suite struct NotificationServerTests {
  @Test func withoutASessionAddressItFailsAtOnce() {
    let start = ContinuousClock.now
    let result = NotificationServer.preflight(variables: ["DISPLAY": ":0"])
    #expect(
      result.failure
        == NotifyFailure(
          backend: "libnotify", reason: "D-Bus 세션이 없습니다 (DBUS_SESSION_BUS_ADDRESS가 없음)"))
    #expect(ContinuousClock.now - start < .milliseconds(500))
  }

  @Test func anEmptySessionAddressIsNoSession() {
    let result = NotificationServer.preflight(variables: ["DBUS_SESSION_BUS_ADDRESS": ""])
    #expect(result.failure?.reason == "D-Bus 세션이 없습니다 (DBUS_SESSION_BUS_ADDRESS가 비어 있음)")
  }

  @Test func anAddressNobodyListensOnFailsAtOnceOnOneLine() throws {
    let folder = TemporaryFolder()
    let start = ContinuousClock.now
    let result = NotificationServer.preflight(variables: [
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.path)/nobody"
    ])
    let failure = try #require(result.failure)
    #expect(failure.backend == "libnotify")
    #expect(failure.reason.hasPrefix("D-Bus 세션에 연결할 수 없습니다 ("), "\(failure.reason)")
    #expect(!failure.reason.contains("\n"))
    #expect(ContinuousClock.now - start < .milliseconds(500))
  }

  @Test func anUnreadableAddressFailsOnOneLine() throws {
    let result = NotificationServer.preflight(variables: ["DBUS_SESSION_BUS_ADDRESS": "nonsense"])
    let failure = try #require(result.failure)
    #expect(failure.reason.hasPrefix("D-Bus 세션에 연결할 수 없습니다 ("), "\(failure.reason)")
    #expect(!failure.reason.contains("\n"))
  }

  /// A socket that accepts connections and never says a word, as a frozen bus would: only the
  /// deadline ends the wait for its authentication.
  @Test func aBusThatNeverAnswersFailsWithinTheTimeout() throws {
    let folder = TemporaryFolder()
    let listener = try SilentListener(path: folder.path + "/silent")
    defer { listener.close() }
    let variables = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.path)/silent"]
    let start = ContinuousClock.now
    let result = try #require(
      returning(within: .seconds(5)) {
        NotificationServer.preflight(variables: variables, timeoutMilliseconds: 300)
      }, "the preflight did not return")
    let elapsed = ContinuousClock.now - start
    #expect(result.failure?.reason == "D-Bus 세션이 300ms 안에 답하지 않습니다")
    #expect(elapsed >= .milliseconds(150) && elapsed < .seconds(5), "\(elapsed)")
  }
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

/// A listening Unix socket whose connections are never accepted or read.
struct SilentListener {
  let descriptor: Int32

  init(path: String) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() {
        buffer[index] = byte
      }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    try #require(listen(descriptor, 4) == 0)
  }

  func close() { _ = Glibc.close(descriptor) }
}
