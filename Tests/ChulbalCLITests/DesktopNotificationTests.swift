import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

/// `chulbal watch` against a real notification server: dunst in the private session of
/// contrib/notify-session.sh, its own history the witness.
@Suite(
  .tags(.process, .realTime),
  .serialized, .notificationServer,
  .enabled(if: NotifySession.shouldRun, "needs the session of contrib/notify-session.sh"))
struct DesktopNotificationTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }
  /// The session's bus and display, for the watch and the commands.
  var session: [String: String?] {
    [
      "DBUS_SESSION_BUS_ADDRESS": NotifySession.variables["DBUS_SESSION_BUS_ADDRESS"],
      "DISPLAY": NotifySession.variables["DISPLAY"],
    ]
  }

  init() throws {
    try NotifySession.require()
    try Dunst.closeAll()
  }

  /// Adds an appointment whose alerts fall within seconds: with neither travel nor buffer its
  /// departure is its start, to the second.
  func add(_ title: String, in seconds: Int, alerts: String = "0", extra: [String] = []) throws {
    let result = try chulbal(
      ["add", title, "--at", "+\(seconds)s", "--travel", "0", "--buffer", "0", "--alerts", alerts]
        + extra, database: database)
    try #require(result.status == 0, "\(result.standardError)")
  }

  @Test func eachAlertIsOneNotificationWithItsTextAndUrgencyAndARestartAddsNone() throws {
    let before = try Dunst.lastClosedID()
    try add("저녁 약속", in: 2, extra: ["--place", "강남역 2번 출구"])
    try add("회의", in: 3)
    // Leaves in 62 seconds: its one-minute alert is due in 2.
    try add("산책", in: 62, alerts: "1m,0")
    let watch = try WatchProcess(database: database, in: folder.path, environment: session)
    #expect(watch.waitFor("→ libnotify", count: 3), "\(watch.standardError)")
    #expect(watch.stop() == 0)
    let again = try WatchProcess(
      database: database, in: folder.path, extra: ["--once"], environment: session)
    #expect(again.end() == 0)
    #expect(!again.standardError.contains("보냄"), "\(again.standardError)")
    let closed = try Dunst.closedSince(before)
    #expect(
      closed.map(\.summary).sorted() == [
        "1분 뒤 출발 · 산책", "지금 출발하세요 · 저녁 약속", "지금 출발하세요 · 회의",
      ])
    #expect(closed.allSatisfy { $0.appname == "chulbal" && $0.category == "x-chulbal.departure" })
    for notification in closed {
      let urgency = notification.summary.hasPrefix("지금 출발하세요") ? "[critical] " : "[normal] "
      #expect(notification.message.hasPrefix(urgency), "\(notification.message)")
    }
    let dinner = try #require(closed.first { $0.summary.hasSuffix("저녁 약속") })
    #expect(dinner.body.hasSuffix(" 강남역 2번 출구"), "\(dinner.body)")
    #expect(dinner.body.hasPrefix("오후 ") || dinner.body.hasPrefix("오전 "))
  }

  /// The notification on screen follows its appointment: an edit words it again in place,
  /// a removal closes it. dunst's history holds the one notification, as last worded.
  @Test func anEditRewordsTheNotificationInPlaceAndARemovalClosesIt() throws {
    let before = try Dunst.lastClosedID()
    // Leaves in an hour and two seconds: its one-hour alert is due in two.
    try add("따라가기 시험", in: 3602, alerts: "60m", extra: ["--place", "강남역 2번 출구"])
    let watch = try WatchProcess(database: database, in: folder.path, environment: session)
    #expect(watch.waitFor("→ libnotify"), "\(watch.standardError)")
    try Dunst.waitUntilDisplayed(atLeast: 1)
    let edited = try chulbal(
      ["edit", "1", "--title", "고친 시험", "--place", "역삼역 3번 출구"], database: database)
    try #require(edited.status == 0, "\(edited.standardError)")
    #expect(
      watch.waitFor("고침 #1 고친 시험 (1시간 전 알림): 약속이 바뀌어 화면의 알림을 새로 씁니다"),
      "\(watch.standardError)")
    #expect(try Dunst.displayed() == 1)
    let removed = try chulbal(["remove", "1", "--yes"], database: database)
    try #require(removed.status == 0, "\(removed.standardError)")
    #expect(
      watch.waitFor("거둠 #1 고친 시험: 약속이 없어져 화면의 알림을 닫습니다"), "\(watch.standardError)")
    #expect(try Dunst.displayed() == 0)
    #expect(watch.stop() == 0)
    let closed = try Dunst.closedSince(before)
    try #require(closed.count == 1, "\(closed)")
    #expect(closed[0].summary == "1시간 뒤 출발 · 고친 시험")
    #expect(closed[0].body.hasSuffix(" 역삼역 3번 출구"), "\(closed[0].body)")
  }

  /// Starts a watch, waits for its first notification and presses the button the test
  /// dunstrc picks for its title; the watch goes on running.
  ///
  /// - Parameter hangingUpFirst: send SIGHUP before the alert, so that the button reaches
  ///   the backends made again.
  func pressTheButtonOfTheFirstAlert(
    _ environment: [String: String?], hangingUpFirst: Bool = false
  ) throws -> WatchProcess {
    let watch = try WatchProcess(database: database, in: folder.path, environment: environment)
    if hangingUpFirst {
      #expect(watch.waitFor("시작: "), "\(watch.standardError)")
      kill(watch.child.pid, SIGHUP)
      #expect(watch.waitFor("설정을 다시 읽었습니다"), "\(watch.standardError)")
    }
    #expect(watch.waitFor("→ libnotify"), "\(watch.standardError)")
    try Dunst.waitUntilDisplayed(atLeast: 1)
    try Dunst.control("action", "0")
    return watch
  }

  /// Adds an appointment with a place and a coordinate whose alert is due in two seconds, and
  /// puts `script` first on the PATH as `xdg-open`.
  ///
  /// - Returns: the session's environment with that PATH, and the link `nav` gives.
  func navigateTrial(xdgOpen script: String) throws -> (
    environment: [String: String?], link: String
  ) {
    let bin = folder.path + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try writeProgram(script, to: bin + "/xdg-open")
    try add("길찾기 시험", in: 2, extra: ["--place", "강남역 2번 출구", "--coord", "37.4979,127.0276"])
    let link = try chulbal(["nav", "1"], database: database).standardOutput
      .trimmingCharacters(in: .newlines)
    var environment = session
    environment["PATH"] =
      bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    return (environment, link)
  }

  /// `길찾기` hands the appointment's link, as `nav` gives it, to the opener as one argument.
  @Test func pressingNavigateOpensTheAppointmentsLinkAsOneArgument() throws {
    let record = folder.path + "/opened"
    let (environment, link) = try navigateTrial(
      xdgOpen: "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > '\(record)'\n")
    let watch = try pressTheButtonOfTheFirstAlert(environment)
    #expect(watch.waitFor("길찾기를 열었습니다"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
    #expect(link.hasPrefix("https://"), "\(link)")
    #expect(try String(contentsOfFile: record, encoding: .utf8) == "1\n\(link)\n")
  }

  /// A `길찾기` that nothing can open (xdg-open finds no browser, as on a desktop without one)
  /// gives the link in a notice of its own, for the person to open by hand.
  @Test func aNavigatePressThatCannotOpenTheLinkGivesItInANotice() throws {
    let (environment, link) = try navigateTrial(
      xdgOpen: "#!/bin/sh\necho 'xdg-open: no method available for opening' >&2\nexit 3\n")
    let before = try Dunst.lastClosedID()
    let watch = try pressTheButtonOfTheFirstAlert(environment)
    #expect(watch.waitFor("길찾기를 열지 못해 링크를 알림으로 보냄 → libnotify"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
    let closed = try Dunst.closedSince(before)
    let notice = try #require(closed.last, "\(closed)")
    #expect(notice.summary == "길찾기를 열지 못했습니다 · 길찾기 시험")
    #expect(
      unescaped(notice.body)
        == "\(link)\nxdg-open이 링크를 열지 못했습니다 (종료 상태 3: xdg-open: no method available for opening)")
  }

  /// The text markup stands for: what a person reads of a body sent to a server that reads
  /// markup.
  func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// `5분 뒤` records the snooze, so that `log` shows it and a restart keeps it; after a
  /// SIGHUP, which makes the backends again, the button still reaches the watch.
  @Test func pressingSnoozeAfterASighupRecordsTheSnooze() throws {
    // An hour away, so the snooze lands before the start; its 60-minute alert is due soon.
    try add("미루기 시험", in: 3603, alerts: "60m")
    let watch = try pressTheButtonOfTheFirstAlert(session, hangingUpFirst: true)
    #expect(watch.waitFor("미룸 #1 미루기 시험 (1시간 전 알림) → "), "\(watch.standardError)")
    #expect(watch.stop() == 0)
    let log = try chulbal(["log", "--json"], database: database)
    #expect(log.standardOutput.contains("\"outcome\": \"snoozed\""), "\(log.standardOutput)")
  }

  /// `출발했어요` on a late notice records the acknowledgement, which stops the late notices
  /// of the appointment, through a restart too.
  @Test func pressingDepartedStopsTheLateNotices() throws {
    let set = try chulbal(["config", "set", "notify.repeat", "10s"], database: database)
    try #require(set.status == 0, "\(set.standardError)")
    // Five minutes on the way, starting in two: the departure is three minutes past, and a
    // late notice is due at once.
    let added = try chulbal(
      ["add", "출발 시험", "--at", "+2m", "--travel", "5m", "--buffer", "0", "--alerts", "0"],
      database: database)
    try #require(added.status == 0, "\(added.standardError)")
    let watch = try pressTheButtonOfTheFirstAlert(session)
    #expect(watch.waitFor("출발했어요 #1 출발 시험: 늦음 알림을 그칩니다"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
    let log = try chulbal(["log", "--json"], database: database)
    #expect(log.standardOutput.contains("\"outcome\": \"acknowledged\""), "\(log.standardOutput)")
    let again = try WatchProcess(
      database: database, in: folder.path, extra: ["--once"], environment: session)
    #expect(again.end() == 0)
    #expect(!again.standardError.contains("보냄"), "\(again.standardError)")
  }

  /// A frozen server cannot hold the alert: the terminal shows it within a second or so of
  /// its time, not after GDBus's 25 seconds.
  @Test func aFrozenServerHandsTheAlertToTheTerminalAtOnce() throws {
    let dunst = try NotifySession.dunstPID()
    try add("얼음", in: 3)
    let due = Date().addingTimeInterval(3)
    let watch = try WatchProcess(database: database, in: folder.path, environment: session)
    #expect(watch.waitFor("시작: "), "\(watch.standardError)")
    try #require(kill(dunst, SIGSTOP) == 0)
    defer { kill(dunst, SIGCONT) }
    #expect(watch.waitFor("[알림] 지금 출발하세요 · 얼음"), "\(watch.standardError)")
    let late = Date().timeIntervalSince(due)
    // Below GDBus's 25 s with room for a loaded machine: waiting for the frozen server
    // would take all of them.
    #expect(late < 20, "shown \(late) s after its time")
    // Said in the log line that follows the terminal's own.
    #expect(watch.waitFor("알림 서버가 750ms 안에 답하지 않습니다"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
  }
}
