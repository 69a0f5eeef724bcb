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
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  @Test func anEmptySessionAddressIsNoSession() {
    let result = NotificationServer.preflight(variables: ["DBUS_SESSION_BUS_ADDRESS": ""])
    #expect(result.failure?.reason == "D-Bus 세션이 없습니다 (DBUS_SESSION_BUS_ADDRESS가 비어 있음)")
  }

  /// "At once" means without waiting for the deadline: with a deadline of 10 seconds the answer
  /// must be the refused connection, well before it. (A bound of half a second failed once in
  /// CI, where the first call also loads libnotify and GIO on a machine busy with other tests.)
  @Test func anAddressNobodyListensOnFailsAtOnceOnOneLine() throws {
    let folder = TemporaryFolder()
    let start = ContinuousClock.now
    let result = NotificationServer.preflight(
      variables: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.path)/nobody"],
      timeoutMilliseconds: 10_000)
    let elapsed = ContinuousClock.now - start
    let failure = try #require(result.failure)
    #expect(failure.backend == "libnotify")
    #expect(failure.reason.hasPrefix("D-Bus 세션에 연결할 수 없습니다 ("), "\(failure.reason)")
    #expect(!failure.reason.contains("\n"))
    #expect(elapsed < .seconds(5), "\(elapsed)")
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
