import ChulbalCore
import ChulbalNotify
import ChulbalTestSupport
import Foundation
import Testing

/// libnotify against a real server: dunst in the private session of contrib/notify-session.sh.
///
/// Serialized: libnotify's state and GLib's default main context belong to the whole process.
@Suite(
  .serialized, .notificationServer,
  .enabled(if: NotifySession.shouldRun, "needs the session of contrib/notify-session.sh"))
struct LibnotifySessionTests {
  /// Presses of the buttons, as `onAction` reports them.
  final class Presses {
    var all: [(key: Int, action: Notice.Action)] = []
  }

  init() throws {
    try NotifySession.require()
    // Nothing of an earlier test on screen: `dunstctl action 0` presses the first one shown.
    try Dunst.closeAll()
  }

  func notifier(_ presses: Presses = Presses()) -> LibnotifyNotifier {
    LibnotifyNotifier(variables: NotifySession.variables) { key, action in
      presses.all.append((key, action))
    }
  }

  @Test func thePreflightFindsDunstAndWhatItCanDo() throws {
    let server = try NotificationServer.preflight(variables: NotifySession.variables).get()
    #expect(server.name == "dunst")
    #expect(server.specVersion == "1.2")
    #expect(server.capabilities.contains("actions"))
    #expect(server.readsBodyMarkup)
  }

  @Test(arguments: [Notice.Urgency.critical, .normal, .low])
  func aNoticeArrivesWithItsTextAsTypedAndItsUrgency(_ urgency: Notice.Urgency) throws {
    let before = try Dunst.lastClosedID()
    let notifier = notifier()
    defer { notifier.close() }
    let body = "R&D <b>강남역</b> 2번 출구\n이동 35분"
    try notifier.deliver(
      Notice(key: 41, summary: "R&D <b> 회의", body: body, urgency: urgency, actions: [.navigate]))
    let closed = try Dunst.closedSince(before)
    try #require(closed.count == 1, "\(closed)")
    let shown = closed[0]
    #expect(shown.summary == "R&D <b> 회의")
    #expect(shown.body == "R&amp;D &lt;b&gt;강남역&lt;/b&gt; 2번 출구\n이동 35분")
    #expect(unescapingMarkup(shown.body) == body)
    #expect(shown.appname == "chulbal")
    #expect(shown.category == "x-chulbal.departure")
    #expect(shown.message.hasPrefix("[\(urgency.rawValue)] "), "\(shown.message)")
  }

  @Test func theServerIsGivenTheIconHintsAndButtonsAndTheIdToReplace() throws {
    let monitor = try NotifyMonitor()
    let notifier = notifier()
    defer { notifier.close() }
    for urgency in [Notice.Urgency.normal, .critical] {
      try notifier.deliver(
        Notice(
          key: 21, summary: "저녁 약속", body: "", urgency: urgency, actions: [.navigate, .snooze]))
    }
    let calls = try monitor.calls(atLeast: 2)
    try #require(calls.count == 2)
    for call in calls {
      #expect(call.lines.first == "string \"chulbal\"")
      #expect(call.icon == "string \"appointment-soon\"")
      #expect(
        call.actions == [
          "string \"navigate\"", "string \"길찾기\"", "string \"snooze\"", "string \"5분 뒤\"",
        ])
      #expect(call.hint("desktop-entry") == "variant string \"chulbal\"")
      #expect(call.hint("category") == "variant string \"x-chulbal.departure\"")
    }
    #expect(calls.map { $0.hint("urgency") } == ["variant byte 1", "variant byte 2"])
    #expect(calls[0].replacesID == 0)
    #expect(calls[1].replacesID != nil && calls[1].replacesID != 0)
  }

  @Test func aLongSummaryArrivesShortened() throws {
    let before = try Dunst.lastClosedID()
    let notifier = notifier()
    defer { notifier.close() }
    let summary = "지금 출발하세요 · " + String(repeating: "아주 긴 약속 이름 ", count: 5)
    try notifier.deliver(Notice(key: 42, summary: summary, body: "", urgency: .normal))
    let closed = try Dunst.closedSince(before)
    #expect(closed.map(\.summary) == [NotificationText.summary(summary)])
    #expect(closed.first?.summary.hasSuffix("…") == true)
  }

  @Test func theAlertsOfOneAppointmentReplaceEachOtherInPlace() throws {
    let before = try Dunst.lastClosedID()
    let notifier = notifier()
    defer { notifier.close() }
    for (summary, urgency) in [
      ("30분 뒤 출발 · 저녁 약속", Notice.Urgency.normal), ("10분 뒤 출발 · 저녁 약속", .normal),
      ("지금 출발하세요 · 저녁 약속", .critical),
    ] {
      try notifier.deliver(Notice(key: 7, summary: summary, body: "오후 7:00 강남역", urgency: urgency))
    }
    try Dunst.waitUntilDisplayed(atLeast: 1)
    #expect(try Dunst.displayed() == 1)
    let closed = try Dunst.closedSince(before)
    #expect(closed.map(\.summary) == ["지금 출발하세요 · 저녁 약속"])
    #expect(closed.first?.message.hasPrefix("[critical] ") == true)
  }

  /// A revision words the notification again in place, and a withdrawal takes it off the
  /// screen; after that there is nothing of the key to change.
  @Test func aRevisedNoticeChangesInPlaceAndAWithdrawnOneLeavesTheScreen() throws {
    let before = try Dunst.lastClosedID()
    let notifier = notifier()
    defer { notifier.close() }
    try notifier.deliver(
      Notice(key: 31, summary: "10분 뒤 출발 · 저녁 약속", body: "오후 7:00", urgency: .normal))
    try notifier.deliver(Notice(key: 32, summary: "10분 뒤 출발 · 회의", body: "", urgency: .normal))
    try Dunst.waitUntilDisplayed(atLeast: 2)
    #expect(
      notifier.revise(
        key: 31,
        with: Notice(key: 31, summary: "40분 뒤 출발 · 늦은 저녁", body: "오후 7:30", urgency: .normal)))
    #expect(try Dunst.displayed() == 2)
    #expect(notifier.revise(key: 32, with: nil))
    #expect(pump(notifier.pollSource) { (try? Dunst.displayed()) == 1 })
    #expect(!notifier.shows(key: 32))
    #expect(!notifier.revise(key: 32, with: nil))
    #expect(!notifier.revise(key: 33, with: nil))
    let closed = try Dunst.closedSince(before)
    #expect(closed.map(\.summary) == ["40분 뒤 출발 · 늦은 저녁", "10분 뒤 출발 · 회의"])
    #expect(closed.map(\.body) == ["오후 7:30", ""])
  }

  /// A notification the person dismissed stays dismissed: an edit does not bring it back.
  @Test func aDismissedNoticeIsNotShownAgainByARevision() throws {
    let before = try Dunst.lastClosedID()
    let notifier = notifier()
    defer { notifier.close() }
    try notifier.deliver(Notice(key: 34, summary: "10분 뒤 출발 · 회의", body: "", urgency: .normal))
    try Dunst.waitUntilDisplayed(atLeast: 1)
    try Dunst.closeAll()
    #expect(pump(notifier.pollSource) { !notifier.shows(key: 34) })
    #expect(
      !notifier.revise(
        key: 34, with: Notice(key: 34, summary: "40분 뒤 출발 · 회의", body: "", urgency: .normal)))
    #expect(try Dunst.displayed() == 0)
    #expect(try Dunst.closedSince(before).map(\.summary) == ["10분 뒤 출발 · 회의"])
  }

  @Test func twoAppointmentsHaveTwoNotifications() throws {
    let before = try Dunst.lastClosedID()
    let notifier = notifier()
    defer { notifier.close() }
    for round in ["30분 뒤", "10분 뒤"] {
      for key in [8, 9] {
        try notifier.deliver(
          Notice(key: key, summary: "\(round) 출발 · 약속 \(key)", body: "", urgency: .normal))
      }
    }
    try Dunst.waitUntilDisplayed(atLeast: 2)
    #expect(try Dunst.displayed() == 2)
    let closed = try Dunst.closedSince(before)
    #expect(Set(closed.map(\.summary)) == ["10분 뒤 출발 · 약속 8", "10분 뒤 출발 · 약속 9"])
  }

  /// dunst's `dunstctl action 0` invokes the first notification's default action, or its only
  /// one; with two buttons the test dunstrc names the one to invoke from `click:` in the body.
  @Test(arguments: Notice.Action.allCases)
  func pressingOneOfTwoButtonsReportsItWithTheKey(_ action: Notice.Action) throws {
    let presses = Presses()
    let notifier = notifier(presses)
    defer { notifier.close() }
    try notifier.deliver(
      Notice(
        key: 12, summary: "지금 출발하세요 · 저녁 약속", body: "오후 7:00 강남역 · click:\(action.rawValue)",
        urgency: .critical, actions: [.navigate, action == .navigate ? .snooze : action]))
    try Dunst.waitUntilDisplayed(atLeast: 1)
    try Dunst.control("action", "0")
    #expect(pump(notifier.pollSource) { !presses.all.isEmpty })
    #expect(presses.all.map(\.key) == [12])
    #expect(presses.all.map(\.action) == [action])
  }

  @Test func pressingTheOnlyButtonReportsIt() throws {
    let presses = Presses()
    let notifier = notifier(presses)
    defer { notifier.close() }
    try notifier.deliver(Notice(key: 3, summary: "다른 약속", body: "", urgency: .normal))
    try notifier.deliver(
      Notice(key: 13, summary: "지금 출발하세요", body: "", urgency: .critical, actions: [.snooze]))
    try Dunst.waitUntilDisplayed(atLeast: 2)
    // dunst lists the newest first.
    try Dunst.control("action", "0")
    #expect(pump(notifier.pollSource) { !presses.all.isEmpty })
    #expect(presses.all.map(\.key) == [13])
    #expect(presses.all.map(\.action) == [.snooze])
  }

  /// A press that delivers again to its own key, as snoozing may, replaces the actions whose
  /// callback is still running.
  @Test func aPressThatDeliversAgainToItsKeyIsShown() throws {
    let before = try Dunst.lastClosedID()
    final class Holder { weak var notifier: LibnotifyNotifier? }
    let holder = Holder()
    let results = Presses()
    let notifier = LibnotifyNotifier(variables: NotifySession.variables) { key, action in
      results.all.append((key, action))
      try? holder.notifier?.deliver(
        Notice(key: key, summary: "5분 뒤에 다시 알려 드립니다", body: "", urgency: .low, actions: [.snooze]))
    }
    holder.notifier = notifier
    defer { notifier.close() }
    try notifier.deliver(
      Notice(key: 17, summary: "지금 출발하세요", body: "", urgency: .critical, actions: [.snooze]))
    try Dunst.waitUntilDisplayed(atLeast: 1)
    try Dunst.control("action", "0")
    #expect(pump(notifier.pollSource) { !results.all.isEmpty })
    try Dunst.waitUntilDisplayed(atLeast: 1)
    #expect(results.all.map(\.action) == [.snooze])
    let closed = try Dunst.closedSince(before)
    #expect(closed.map(\.summary).last == "5분 뒤에 다시 알려 드립니다", "\(closed)")
  }

  @Test func anIdleMainContextNeverWakesTheLoop() throws {
    let notifier = notifier()
    defer { notifier.close() }
    try notifier.deliver(
      Notice(key: 14, summary: "s", body: "b", urgency: .low, actions: [.snooze]))
    let source = notifier.pollSource
    // What the delivery left to dispatch is dispatched first; it never waits here.
    let deadline = ContinuousClock.now + .seconds(2)
    var prepared = source.prepare()
    while prepared.timeoutMilliseconds != -1 && ContinuousClock.now < deadline {
      _ = poll(
        &prepared.descriptors, nfds_t(prepared.descriptors.count), prepared.timeoutMilliseconds)
      source.dispatch(prepared.descriptors)
      prepared = source.prepare()
    }
    #expect(prepared.timeoutMilliseconds == -1)
    #expect(!prepared.descriptors.isEmpty)
    let woken = poll(&prepared.descriptors, nfds_t(prepared.descriptors.count), 150)
    source.dispatch(prepared.descriptors)
    #expect(woken == 0, "an idle context woke the loop")
    let again = source.prepare()
    source.dispatch(again.descriptors)
    #expect(again.timeoutMilliseconds == -1)
  }

  @Test func aFrozenServerFailsWithinTheTimeoutNotLibnotifys25Seconds() throws {
    let dunst = try NotifySession.dunstPID()
    let notifier = notifier()
    defer { notifier.close() }
    // A notice first, so libnotify has its connection and the next one would have used it.
    try notifier.deliver(Notice(key: 15, summary: "s", body: "b", urgency: .normal))
    try #require(kill(dunst, SIGSTOP) == 0)
    defer { kill(dunst, SIGCONT) }

    var start = ContinuousClock.now
    let result = NotificationServer.preflight(variables: NotifySession.variables)
    var elapsed = ContinuousClock.now - start
    #expect(result.failure?.reason == "알림 서버가 750ms 안에 답하지 않습니다")
    #expect(elapsed >= .milliseconds(500) && elapsed < .seconds(5), "\(elapsed)")

    start = ContinuousClock.now
    #expect(
      throws: NotifyFailure(backend: "libnotify", reason: "알림 서버가 750ms 안에 답하지 않습니다")
    ) {
      try notifier.deliver(Notice(key: 15, summary: "s", body: "b", urgency: .critical))
    }
    elapsed = ContinuousClock.now - start
    #expect(elapsed < .seconds(5), "\(elapsed)")
  }

  @Test func anotherAddressThanTheProcesssOwnIsRefused() throws {
    let own = try #require(NotifySession.variables["DBUS_SESSION_BUS_ADDRESS"])
    // The same bus, spelled without its guid: the preflight reaches it, libnotify would not.
    let other = own.split(separator: ",").filter { !$0.hasPrefix("guid=") }.joined(separator: ",")
    try #require(other != own)
    var variables = NotifySession.variables
    variables["DBUS_SESSION_BUS_ADDRESS"] = other
    #expect(throws: Never.self) {
      try NotificationServer.preflight(variables: variables).get()
    }
    let notifier = LibnotifyNotifier(variables: variables) { _, _ in }
    defer { notifier.close() }
    #expect(
      throws: NotifyFailure(
        backend: "libnotify",
        reason: "D-Bus 세션이 이 프로세스의 것과 다릅니다 (libnotify는 프로세스의 DBUS_SESSION_BUS_ADDRESS만 씀)")
    ) {
      try notifier.deliver(Notice(key: 16, summary: "s", body: "b", urgency: .normal))
    }
  }
}
