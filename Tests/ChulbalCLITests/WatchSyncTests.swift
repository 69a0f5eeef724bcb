import ChulbalCalendar
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// `chulbal watch` syncing CalDAV sources as a real process: the sync runs as a child
/// `chulbal sync`, so a slow one holds up no alert, and one that fails is one line of the
/// watch's log. (The sync itself against Radicale is in ``CalDAVServerTests``.)
@Suite(.tags(.process, .realTime)) struct WatchSyncTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  /// A store with one CalDAV source, as `source add` leaves it, whose password comes from
  /// `command`; nothing listens at its URL.
  func serverSource(passwordCommand command: String) throws {
    let key = "http://127.0.0.1:9/"
    let store = try Store.openOrCreate(path: database, expander: .libical)
    let source = CalendarSource(
      name: "cloud", path: key, kind: .caldav, addedAt: Date(), user: "alice",
      passwordCommand: command)
    let calendar = CalendarUpdate(
      calendar: SourceCalendar(url: key + "alice/work/"), replacesAll: true, stored: [],
      removed: [])
    _ = try store.addServerSource(
      source, updates: [calendar], batch: Store.CalendarBatch(source: key, appointments: [:]),
      now: Date())
  }

  @Test func aFailedSyncIsOneLineOfTheWatchLog() throws {
    try serverSource(passwordCommand: "echo 'no such entry' >&2; exit 4")
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(
      watch.waitFor(
        "동기화하지 못했습니다 (상태 1): 캘린더 'cloud': 비밀번호 명령이 상태 4로 끝났습니다 "
          + "('echo 'no such entry' >&2; exit 4'): no such entry\n"),
      "\(watch.standardError)")
    #expect(watch.stop() == 0)
    // The failure is recorded with the source, for `source list`.
    let list = try chulbal(["source", "list"], database: database)
    #expect(list.standardOutput.contains("오류: 비밀번호 명령이 상태 4로 끝났습니다"))
  }

  /// A sync that takes long (a password prompt nobody answers) runs beside the watch: the
  /// alert due meanwhile goes out while the sync is still held, before it has ended.
  @Test func aSlowSyncDelaysNoAlert() throws {
    // The password command waits for the test to let it go, so the sync is still running
    // whenever the alert comes, however slow the machine.
    let release = folder.path + "/release"
    try serverSource(passwordCommand: "while [ ! -e '\(release)' ]; do sleep 0.05; done; echo pw")
    for (key, value) in [("buffer", "0"), ("alerts", "0")] {
      #expect(try chulbal(["config", "set", key, value], database: database).status == 0)
    }
    let format = ISO8601DateFormatter()
    let at = format.string(from: Date().addingTimeInterval(62))
    let added = try chulbal(
      ["add", "회의", "--at", at, "--travel", "1m"], database: database)
    try #require(added.status == 0, "\(added.standardError)")
    let watch = try WatchProcess(database: database, in: folder.path)
    defer { _ = FileManager.default.createFile(atPath: release, contents: nil) }
    #expect(watch.waitFor("지금 출발하세요 · 회의"), "\(watch.standardError)")
    #expect(!watch.standardError.contains("동기화"))
    // Let go, the sync ends, failing (nothing listens there).
    _ = FileManager.default.createFile(atPath: release, contents: nil)
    #expect(
      watch.waitFor(
        "동기화하지 못했습니다 (상태 1): 캘린더 'cloud': 서버에 연결할 수 없습니다 "
          + "(http://127.0.0.1:9/alice/work/)"),
      "\(watch.standardError)")
    #expect(watch.stop() == 0)
  }

  /// The watch syncs feeds too: one that now sends a web page is one line of its log, and
  /// what it gave before stays.
  @Test func aFeedThatSendsAWebPageIsOneLineOfTheWatchLogAndItsAppointmentsStay() throws {
    let feed = FeedSourceTests.feed(
      [("a", "체육대회", "20270303T000000Z"), ("b", "학부모 상담", "20270304T060000Z")], ttl: nil)
    let server = try ScriptedServer(
      ["/school.ics": FeedSourceTests.served(feed)], otherwise: .init(status: 405), in: folder)
    let address = server.origin + "/school.ics"
    let added = try chulbal(["source", "add", address], database: database)
    try #require(added.status == 0, "\(added.standardError)")
    try server.update(
      ["/school.ics": .init(status: 200, body: "<html>점검 중</html>", contentType: "text/html")])
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(
      watch.waitFor(
        "동기화하지 못했습니다 (상태 1): 캘린더 '학교': 서버가 보낸 것이 iCalendar가 아니라 "
          + "text/html입니다 (\(address))\n"),
      "\(watch.standardError)")
    #expect(watch.stop() == 0)
    let list = try chulbal(["source", "list"], database: database)
    #expect(list.standardOutput.contains("오류: 서버가 보낸 것이 iCalendar가 아니라 text/html입니다"))
    #expect(list.standardOutput.contains("2개"))
    let titles = try chulbal(["list", "--all", "--json"], database: database).standardOutput
    #expect(titles.contains("체육대회") && titles.contains("학부모 상담"))
  }
}
