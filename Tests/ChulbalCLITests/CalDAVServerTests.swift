import ChulbalCalDAV
import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// CalDAV sources against a real Radicale (`contrib/caldav-session.sh`), set up and changed
/// with curl (``CalDAVTestServer``), never through the code under test: `source add` from
/// the server's root with discovery and `--calendar`, a first sync, then a change, an
/// addition and a deletion made with curl and an incremental sync that fetches those alone;
/// a wrong password; the server gone (its own Radicale, stopped); `source remove`.
@Suite(.tags(.process)) struct CalDAVServerTests {
  let server: CalDAVTestServer
  static let now = ["--now", "2026-11-30T14:00+09:00"]

  init() throws {
    server = try CalDAVTestServer.fromEnvironment()
  }

  /// The real client, and what the sync asked it for and got: the hrefs of every resource
  /// whose data came back (`events` and `documents`), as the server gave them.
  final class WatchedClient: ForwardingCalendarServer, Sendable {
    let inner: CalDAVClient
    let fetched = Mutex<[String]>([])

    init(_ inner: CalDAVClient) { self.inner = inner }

    func take() -> [String] {
      fetched.withLock { fetched in
        defer { fetched = [] }
        return fetched
      }
    }

    func events(in calendar: URL, from start: Date) throws(DAVError) -> [DAVDocument] {
      let documents = try inner.events(in: calendar, from: start)
      fetched.withLock { $0 += documents.map(\.href) }
      return documents
    }
    func documents(_ hrefs: [String], in calendar: URL) throws(DAVError) -> [DAVDocument] {
      let documents = try inner.documents(hrefs, in: calendar)
      fetched.withLock { $0 += documents.map(\.href) }
      return documents
    }
  }

  /// A workspace whose in-process commands reach the real server through one watched client.
  final class Setup: @unchecked Sendable {
    let workspace = Workspace()
    var client: WatchedClient?

    func run(_ arguments: [String]) -> Outcome {
      var environment = workspace.environment()
      environment.calendarServer = { [self] account throws(DAVError) in
        let client = WatchedClient(try CalDAVClient(account: account))
        self.client = client
        return client
      }
      return CLI.run(arguments, environment: environment)
    }

    /// A password command that prints `password` without holding it.
    func passwordCommand(_ password: String) -> String {
      let file = workspace.folder + "/password"
      _ = FileManager.default.createFile(atPath: file, contents: Data((password + "\n").utf8))
      return "cat '\(file)'"
    }

    func titles() throws -> [String] { try ImportCommandTests.stored(workspace).keys.sorted() }
  }

  /// The whole path a person takes: `source add --departures` makes the calendar on the
  /// server and fills it (read back with curl and Python's icalendar: the departure, one alarm
  /// per alert); an `edit` of the appointment, then `sync`, moves the departure there.
  /// A calendar of its own name (`업무-…`) on the server holding one appointment, 치과 at
  /// 2026-12-05 14:00 in Seoul: with the default 30 minutes of travel and 10 of buffer, it is
  /// time to leave at 13:20 (04:20Z). With a departures calendar name no other test uses.
  func workCalendarWithOneAppointment() throws -> (name: String, url: URL, departures: String) {
    let name = "업무-\(UUID().uuidString.prefix(8))"
    let work = try server.makeCalendar(displayName: name)
    try server.put(
      davEvent(uid: "d-\(name)", title: "치과", start: "20261205T050000Z", location: "서울대병원"),
      at: work.appendingPathComponent("d.ics"))
    return (name, work, "출발-\(UUID().uuidString.prefix(8))")
  }

  @Test func addWithDeparturesThenAnEditAndASyncMoveTheDepartureOnRealRadicale() throws {
    let (name, _, departures) = try workCalendarWithOneAppointment()
    let setup = Setup()
    let added = setup.run(
      [
        "source", "add", server.url.absoluteString, "--user", server.user, "--password-command",
        setup.passwordCommand(server.password), "--calendar", name, "--departures", departures,
        "--name", "radicale",
      ] + Self.now)
    #expect(added.exitCode == 0, "\(added.standardError)")
    #expect(added.standardOutput.contains("출발 캘린더: 새로 1 · 바뀜 0 · 지움 0"))
    let store = try #require(
      try Store.open(path: setup.workspace.database, access: .reading, expander: .libical))
    let calendar = try #require(try store.sources().first?.departuresURL.flatMap(URL.init))
    let read = try DepartureCalendarRadicaleTests.readBack(server, calendar)
    let event = try #require(read.values.first)
    #expect(read.count == 1)
    #expect(event.summary == "출발: 치과")
    #expect(event.start == DepartureCalendarRadicaleTests.seconds("2026-12-05T04:20:00Z"))
    #expect(event.alarms.map(\.trigger) == [-1800, -600, 0])

    let id = try #require(try store.all().first?.id)
    let edited = setup.run(["edit", "\(id)", "--travel", "1h"] + Self.now)
    #expect(edited.exitCode == 0, "\(edited.standardError)")
    let synced = setup.run(["sync"] + Self.now)
    #expect(synced.exitCode == 0, "\(synced.standardError)")
    #expect(synced.standardOutput.contains("출발 캘린더: 새로 0 · 바뀜 1 · 지움 0"))
    let moved = try DepartureCalendarRadicaleTests.readBack(server, calendar)
    #expect(moved.count == 1)
    #expect(
      moved.values.first?.start == DepartureCalendarRadicaleTests.seconds("2026-12-05T03:50:00Z"))
  }

  /// A person's fixes to a synced appointment survive the server's change of the event: the
  /// travel and origin edited in chulbal stay, the title and time follow the server. A removed
  /// appointment stays removed at the next change; `remove --on-server` deletes the event on
  /// the server (read back with curl: 404) after which a sync has nothing to bring back.
  @Test func localFixesSurviveAServerChangeAndRemoveOnServerDeletesWithRealRadicale() throws {
    let name = "업무-\(UUID().uuidString.prefix(8))"
    let work = try server.makeCalendar(displayName: name)
    let meeting = work.appendingPathComponent("m.ics")
    let lunch = work.appendingPathComponent("l.ics")
    try server.put(
      davEvent(uid: "m-\(name)", title: "기획 회의", start: "20270105T060000Z", location: "판교역"),
      at: meeting)
    try server.put(
      davEvent(uid: "l-\(name)", title: "점심", start: "20270106T030000Z", location: "시청"),
      at: lunch)
    let setup = Setup()
    #expect(
      setup.run(["place", "add", "회사", "--coord", "37.566535,126.977969"]).exitCode == 0)
    let added = setup.run(
      [
        "source", "add", server.url.absoluteString, "--user", server.user, "--password-command",
        setup.passwordCommand(server.password), "--calendar", name, "--name", "radicale",
      ] + Self.now)
    #expect(added.exitCode == 0, "\(added.standardError)")
    let stored = try ImportCommandTests.stored(setup.workspace)
    let meetingID = try #require(stored["기획 회의"]?.id)
    let lunchID = try #require(stored["점심"]?.id)
    let edit = setup.run(["edit", "\(meetingID)", "--from", "회사", "--travel", "50m"] + Self.now)
    #expect(edit.exitCode == 0, "\(edit.standardError)")
    #expect(setup.run(["remove", "\(lunchID)", "--yes"] + Self.now).exitCode == 0)

    try server.put(
      davEvent(uid: "m-\(name)", title: "기획 회의 (옮김)", start: "20270105T070000Z", location: "판교역"),
      at: meeting)
    try server.put(
      davEvent(uid: "l-\(name)", title: "점심 (옮김)", start: "20270106T040000Z", location: "시청"),
      at: lunch)
    let synced = setup.run(["sync"] + Self.now)
    #expect(synced.exitCode == 0, "\(synced.standardError)")
    let after = try ImportCommandTests.stored(setup.workspace)
    #expect(after.keys.sorted() == ["기획 회의 (옮김)"])
    let moved = try #require(after["기획 회의 (옮김)"])
    #expect(moved.id == meetingID)
    #expect(moved.start == instant("2027-01-05T07:00:00Z"))
    #expect(moved.origin?.name == "회사")
    #expect(moved.travelSeconds == 50 * 60 && !moved.travelEstimated)
    #expect(setup.run(["show", "\(meetingID)"] + Self.now).standardOutput.contains("50분 (직접 정함)"))

    // Changed on the server since the last sync: not deleted unseen, nothing removed here.
    try server.put(
      davEvent(uid: "m-\(name)", title: "기획 회의 (옮김)", start: "20270105T073000Z", location: "판교역"),
      at: meeting)
    let stale = setup.run(["remove", "\(meetingID)", "--on-server", "--yes"] + Self.now)
    #expect(stale.exitCode == 1)
    #expect(stale.standardError.contains("412"), "\(stale.standardError)")
    #expect(try server.curl("GET", meeting).status == 200)
    #expect(try setup.titles() == ["기획 회의 (옮김)"])
    #expect(setup.run(["sync"] + Self.now).exitCode == 0)

    let removed = setup.run(["remove", "\(meetingID)", "--on-server", "--yes"] + Self.now)
    #expect(removed.exitCode == 0, "\(removed.standardError)")
    #expect(
      removed.standardOutput
        == "#\(meetingID) 기획 회의 (옮김) — 지웠습니다. 서버의 캘린더 'radicale'에서도 지웠습니다.\n")
    #expect(try server.curl("GET", meeting).status == 404)
    #expect(setup.run(["sync"] + Self.now).exitCode == 0)
    #expect(try setup.titles().isEmpty)
  }

  /// A second machine: its `source add` of the departures calendar the first one fills reads
  /// none of it as appointments; `--departures` naming the person's calendar is refused
  /// before anything is written here or on the server; naming the first machine's
  /// departures calendar is taken, as its events are all chulbal's.
  @Test func aSecondMachineNeitherReadsDeparturesNorWritesAmongThePersonsEventsOnRealRadicale()
    throws
  {
    let (name, work, departures) = try workCalendarWithOneAppointment()
    let first = Setup()
    let signIn = { (setup: Setup) in
      [
        "--user", self.server.user, "--password-command",
        setup.passwordCommand(self.server.password),
      ]
    }
    let added = first.run(
      ["source", "add", server.url.absoluteString] + signIn(first)
        + ["--calendar", name, "--departures", departures] + Self.now)
    #expect(added.exitCode == 0, "\(added.standardError)")
    let store = try #require(
      try Store.open(path: first.workspace.database, access: .reading, expander: .libical))
    let calendar = try #require(try store.sources().first?.departuresURL.flatMap(URL.init))
    #expect(try DepartureCalendarRadicaleTests.readBack(server, calendar).count == 1)

    let second = Setup()
    let readsDepartures = second.run(
      ["source", "add", calendar.absoluteString] + signIn(second) + ["--name", "출발들"] + Self.now)
    #expect(readsDepartures.exitCode == 0, "\(readsDepartures.standardError)")
    #expect(readsDepartures.standardOutput.contains("새로 0 · 바뀜 0 · 건너뜀 1"))
    #expect(try second.titles().isEmpty)

    let third = Setup()
    let requests = server.requests(under: work.path).count
    let refused = third.run(
      ["source", "add", work.absoluteString] + signIn(third) + ["--departures", name] + Self.now)
    #expect(refused.exitCode == 2)
    #expect(
      refused.standardError
        == "chulbal: '\(name)' 캘린더에 chulbal이 쓰지 않은 일정이 1개 있어 출발 캘린더(--departures)로 쓸 수 없습니다. "
        + "출발은 빈 캘린더에 올리세요: 서버에 없는 이름을 주면 새로 만듭니다 (예: --departures 출발)\n")
    #expect(!FileManager.default.fileExists(atPath: third.workspace.database))
    // A PROPFIND to find it and a REPORT to read it; nothing put.
    #expect(
      server.requests(under: work.path).dropFirst(requests).allSatisfy {
        $0.hasPrefix("PROPFIND") || $0.hasPrefix("REPORT")
      })
    #expect(try DepartureCalendarRadicaleTests.readBack(server, work).count == 1)

    let fourth = Setup()
    let shared = fourth.run(
      ["source", "add", server.url.absoluteString] + signIn(fourth)
        + ["--calendar", name, "--departures", departures] + Self.now)
    #expect(shared.exitCode == 0, "\(shared.standardError)")
  }

  @Test func addFindsTheCalendarThenASyncFetchesOnlyWhatChangedWithRealRadicale() throws {
    let name = "업무-\(UUID().uuidString.prefix(8))"
    let work = try server.makeCalendar(displayName: name)
    let other = try server.makeCalendar(displayName: "가족-\(UUID().uuidString.prefix(8))")
    try server.put(
      davEvent(uid: "a-\(name)", title: "회의", start: "20270105T010000Z"),
      at: work.appendingPathComponent("a.ics"))
    try server.put(
      davEvent(uid: "b-\(name)", title: "점심", start: "20270106T030000Z"),
      at: work.appendingPathComponent("b.ics"))
    try server.put(
      davEvent(uid: "h-\(name)", title: "가족 모임", start: "20270107T030000Z"),
      at: other.appendingPathComponent("h.ics"))
    let setup = Setup()
    let added = setup.run(
      [
        "source", "add", server.url.absoluteString, "--user", server.user, "--password-command",
        setup.passwordCommand(server.password), "--calendar", name, "--name", "radicale",
      ] + Self.now)
    #expect(added.exitCode == 0, "\(added.standardError)")
    #expect(added.standardOutput.contains("/의 '\(name)')"))
    #expect(added.standardOutput.contains("새로 2 · 바뀜 0 · 건너뜀 0"))
    #expect(setup.client?.take().map { $0.split(separator: "/").last ?? "" } == ["a.ics", "b.ics"])
    #expect(try setup.titles() == ["점심", "회의"])

    try server.put(
      davEvent(uid: "a-\(name)", title: "회의 (옮김)", start: "20270105T020000Z"),
      at: work.appendingPathComponent("a.ics"))
    try server.put(
      davEvent(uid: "c-\(name)", title: "저녁", start: "20270108T100000Z"),
      at: work.appendingPathComponent("c.ics"))
    try server.delete(work.appendingPathComponent("b.ics"))
    let before = server.requests(under: work.path).count
    let synced = setup.run(["sync"] + Self.now)
    #expect(synced.exitCode == 0, "\(synced.standardError)")
    #expect(synced.standardOutput.hasPrefix("새로 1 · 바뀜 1 · 지움 1 · 건너뜀 0\n"))
    // From the server's answers: the changed and the added event, not the unchanged one.
    #expect(
      setup.client?.take().map { $0.split(separator: "/").last ?? "" }.sorted() == [
        "a.ics", "c.ics",
      ])
    // From Radicale's log: a sync-collection and a multiget, no GET, nothing else.
    let calendarPath = work.path.hasSuffix("/") ? work.path : work.path + "/"
    #expect(
      Array(server.requests(under: work.path).dropFirst(before)) == [
        "REPORT \(calendarPath)", "REPORT \(calendarPath)",
      ])
    #expect(try setup.titles() == ["저녁", "회의 (옮김)"])

    // Nothing changed: one request, nothing fetched.
    let quiet = server.requests(under: work.path).count
    let again = setup.run(["sync", "radicale"] + Self.now)
    #expect(again.standardOutput == "새로 0 · 바뀜 0 · 그대로 2 · 건너뜀 0\n")
    #expect(setup.client?.take() == [])
    #expect(server.requests(under: work.path).count == quiet + 1)

    let removed = setup.run(["source", "remove", "radicale", "--yes"])
    #expect(removed.standardOutput == "캘린더 'radicale'을 뺐습니다. 가져온 약속 2개도 지웠습니다\n")
    #expect(try setup.titles().isEmpty)
  }

  /// The built binary with a wrong password: exit 1, one line with the status and the URL,
  /// nothing kept.
  @Test func aWrongPasswordIsRefusedWithTheStatusAndTheURL() throws {
    let workspace = Workspace()
    let result = try ChulbalProcess.run(
      [
        "--db", workspace.database, "source", "add", server.url.absoluteString, "--user",
        server.user,
        "--password-command", "echo wrong",
      ] + Self.now)
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.hasPrefix("chulbal: "))
    #expect(result.standardError.contains("HTTP 401"))
    #expect(result.standardError.contains("127.0.0.1"))
    #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    let list = try ChulbalProcess.run(["--db", workspace.database, "source", "list"])
    #expect(list.standardOutput.hasPrefix("등록한 캘린더가 없습니다"))
  }

  /// Without `--user` and `--password-command` the sign-in comes from `~/.netrc`, which
  /// chulbal neither reads nor keeps: the built binary, with a home of its own.
  @Test func theSignInComesFromNetrcWhenNoneIsGiven() throws {
    let workspace = Workspace()
    let name = "netrc-\(UUID().uuidString.prefix(8))"
    let calendar = try server.makeCalendar(displayName: name)
    try server.put(
      davEvent(uid: "n-\(name)", title: "회의", start: "20270105T010000Z"),
      at: calendar.appendingPathComponent("n.ics"))
    let netrc = workspace.folder + "/.netrc"
    try "machine \(server.url.host ?? "") login \(server.user) password \(server.password)\n"
      .write(toFile: netrc, atomically: true, encoding: .utf8)
    chmod(netrc, 0o600)
    let home = ["HOME": workspace.folder]
    let added = try ChulbalProcess.run(
      ["--db", workspace.database, "source", "add", server.url.absoluteString, "--calendar", name]
        + Self.now, environment: home)
    #expect(added.status == 0, "\(added.standardError)")
    #expect(added.standardOutput.contains("새로 1 · 바뀜 0 · 건너뜀 0"))
    let synced = try ChulbalProcess.run(
      ["--db", workspace.database, "sync"] + Self.now, environment: home)
    #expect(synced.status == 0, "\(synced.standardError)")
    let file = try #require(FileManager.default.contents(atPath: workspace.database))
    #expect(file.range(of: Data(server.password.utf8)) == nil)
  }

  /// A source added from a Radicale of its own, which is then stopped: `sync` fails in one
  /// line naming the URL, within the client's timeout, and the appointments stay.
  @Test func aServerGoneLeavesTheAppointmentsAndRecordsTheError() throws {
    let workspace = Workspace()
    let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("contrib/caldav-session.sh").path
    // Inside its own session: a calendar and an event made with curl, then the source added
    // with the binary ($1) into the workspace ($2).
    let script = workspace.folder + "/add.sh"
    try #"""
    set -e
    auth="$CHULBAL_TEST_CALDAV_USER:$CHULBAL_TEST_CALDAV_PASSWORD"
    cal="${CHULBAL_TEST_CALDAV_URL}${CHULBAL_TEST_CALDAV_USER}/work/"
    curl -sf -u "$auth" -X MKCALENDAR "$cal" >/dev/null
    {
      printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\n'
      printf 'UID:gone-1\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20270105T010000Z\r\n'
      printf 'DURATION:PT1H\r\nSUMMARY:회의\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'
    } | curl -sf -u "$auth" -X PUT --data-binary @- -H 'Content-Type: text/calendar' \
      "${cal}a.ics" >/dev/null
    printf '%s\n' "$CHULBAL_TEST_CALDAV_PASSWORD" >"$2/password"
    "$1" --db "$2/chulbal.db" source add "$CHULBAL_TEST_CALDAV_URL" \
      --user "$CHULBAL_TEST_CALDAV_USER" --password-command "cat '$2/password'" --name gone \
      --now 2026-11-30T14:00+09:00

    """#.write(toFile: script, atomically: true, encoding: .utf8)
    let added = try ChulbalProcess.run(
      [workspace.folder], shell: "bash '\(session)' sh '\(script)' \"$0\" \"$1\"")
    #expect(added.status == 0, "\(added.standardError)")
    #expect(added.standardOutput.contains("새로 1"))
    // A wait for the server would end in a timeout's message, not this one.
    let synced = try ChulbalProcess.run(["--db", workspace.database, "sync"] + Self.now)
    #expect(synced.status == 1)
    #expect(
      synced.standardError.hasPrefix("chulbal: 캘린더 'gone': 서버에 연결할 수 없습니다 (http://127.0.0.1:"))
    #expect(synced.standardError.filter { $0 == "\n" }.count == 1)
    let list = try ChulbalProcess.run(
      ["--db", workspace.database, "source", "list", "--json"] + Self.now)
    let sources = try #require(
      try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
    #expect((sources.first?["last_error"] as? String)?.hasPrefix("서버에 연결할 수 없습니다") == true)
    #expect(sources.first?["event_count"] as? Int == 1)
    #expect(try ImportCommandTests.stored(workspace).keys.sorted() == ["회의"])
  }
}
