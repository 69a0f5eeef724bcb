import ChulbalCore
import ChulbalNotify
import Foundation
import Testing

/// What the notifier does without a server: it fails at once and says why.
@Suite struct LibnotifyNotifierTests {
  @Test func aClosedNotifierRefusesNotices() {
    let notifier = LibnotifyNotifier(variables: [:], onAction: { _, _ in })
    notifier.close()
    notifier.close()
    #expect(throws: NotifyFailure(backend: "libnotify", reason: "알림 연결을 이미 닫았습니다")) {
      try notifier.deliver(Notice(key: 1, summary: "s", body: "b", urgency: .normal))
    }
  }

  @Test func aNotifierWithoutASessionFailsAtOnce() {
    let notifier = LibnotifyNotifier(variables: [:], onAction: { _, _ in })
    defer { notifier.close() }
    let start = ContinuousClock.now
    #expect(
      throws: NotifyFailure(
        backend: "libnotify", reason: "D-Bus 세션이 없습니다 (DBUS_SESSION_BUS_ADDRESS가 없음)")
    ) {
      try notifier.deliver(Notice(key: 1, summary: "s", body: "b", urgency: .normal))
    }
    #expect(ContinuousClock.now - start < .seconds(2))
  }
}
