import ChulbalCalDAV
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// Read-only calendar feeds (`source add https://…/basic.ics`, `webcal://…`) through the
/// in-process CLI and the real client, against a scripted Python HTTP server on 127.0.0.1 that
/// serves `text/calendar` with an ETag and a Last-Modified (a 304 when asked with either) and
/// answers PROPFIND with 405: whatever the feed does later, a failure keeps the appointments
/// and `source list` shows it.
@Suite struct FeedSourceTests {
  static let added = ImportCommandTests.now
  /// An hour and a half after `added`: past the feeds' hour-long X-PUBLISHED-TTL.
  static let later = ["--now", "2026-11-30T15:30+09:00"]
  static let etag = "\"v1\""
  static let modified = "Mon, 30 Nov 2026 04:00:00 GMT"

  /// A feed of `events` (uid, title, UTC start) named 학교 that asks to be fetched no more
  /// often than `ttl`.
  static func feed(_ events: [(String, String, String)], ttl: String? = "PT1H") -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//chulbal tests//EN", "X-WR-CALNAME:학교",
    ]
    if let ttl { lines.append("X-PUBLISHED-TTL:\(ttl)") }
    for (uid, title, start) in events {
      lines += [
        "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20261101T000000Z", "DTSTART:\(start)",
        "DURATION:PT1H", "SUMMARY:\(title)", "END:VEVENT",
      ]
    }
    return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
  }

  static let first = feed([("a", "체육대회", "20261203T000000Z"), ("b", "학부모 상담", "20261204T060000Z")])

  /// The feed as served: 200, `text/calendar`, with its version.
  static func served(_ body: String, etag: String = etag, modified: String = modified)
    -> ScriptedServer.Answer
  {
    ScriptedServer.Answer(
      status: 200, headers: ["ETag": etag, "Last-Modified": modified], body: body,
      contentType: "text/calendar; charset=utf-8")
  }

  /// A feed at `/school.ics` and `/school`; PROPFIND anywhere is 405.
  final class Setup: @unchecked Sendable {
    let folder = TemporaryFolder()
    let workspace = Workspace()
    let server: ScriptedServer

    init(_ answer: ScriptedServer.Answer = served(first)) throws {
      server = try ScriptedServer(Self.answers(answer), otherwise: .init(status: 405), in: folder)
    }

    static func answers(_ feed: ScriptedServer.Answer) -> [String: ScriptedServer.Answer] {
      [
        "/school.ics": feed, "/school": feed, "PROPFIND /school": .init(status: 405),
        "PROPFIND /school.ics": .init(status: 405),
      ]
    }

    /// What the feed answers from now on.
    func serve(_ answer: ScriptedServer.Answer) throws {
      try server.update(Self.answers(answer), otherwise: .init(status: 405))
    }

    var address: String { server.origin + "/school.ics" }

    @discardableResult
    func run(_ arguments: [String]) -> Outcome {
      var environment = workspace.environment()
      environment.calendarServer = Environment.liveCalendarServer
      return CLI.run(arguments, environment: environment)
    }

    func add() throws {
      let outcome = run(["source", "add", address] + FeedSourceTests.added)
      try #require(outcome.exitCode == 0, "\(outcome.standardError)")
    }

    func titles() throws -> [String] {
      try ImportCommandTests.stored(workspace).keys.sorted()
    }

    /// `source list --json`'s one source.
    func listed() throws -> [String: Any] {
      let outcome = run(["source", "list", "--json"] + FeedSourceTests.later)
      let list = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
      let sources = try #require(list as? [[String: Any]])
      try #require(sources.count == 1)
      return sources[0]
    }

    /// The requests since the last look, as `METHOD path`.
    func requests() throws -> [ScriptedServer.Request] { try server.requests() }
  }

  @Test func anICSAddressIsAddedAsAFeedWithOneGetAndNoDiscovery() throws {
    let setup = try Setup()
    let outcome = setup.run(["source", "add", setup.address] + Self.added)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(
      outcome.standardOutput.hasPrefix(
        "피드 '학교'를 등록했습니다 (\(setup.address)). 다시 가져오려면: chulbal sync\n새로 2 · 바뀜 0 · 건너뜀 0\n"))
    #expect(try setup.requests() == [.init(method: "GET", path: "/school.ics")])
    #expect(try setup.titles() == ["체육대회", "학부모 상담"])
    let listed = try setup.listed()
    #expect(listed["kind"] as? String == "feed")
    #expect(listed["url"] as? String == setup.address)
    #expect(listed["event_count"] as? Int == 2)
    #expect(listed["departures_url"] == nil)
  }

  /// A sync after the feed's interval names the version kept; the 304 changes nothing.
  @Test func aSyncOfAnUnchangedFeedAsksWithItsVersionAndA304ChangesNothing() throws {
    let setup = try Setup()
    try setup.add()
    let outcome = setup.run(["sync"] + Self.later)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardError == "")
    let asked = try setup.requests().last
    #expect(
      asked
        == .init(
          method: "GET", path: "/school.ics", ifNoneMatch: Self.etag,
          ifModifiedSince: Self.modified))
    #expect(try setup.titles() == ["체육대회", "학부모 상담"])
    #expect(try setup.listed()["last_error"] is NSNull)
  }

  /// Within the feed's X-PUBLISHED-TTL (an hour), a sync does not ask at all, and says when
  /// it will.
  @Test func aFeedIsNotAskedBeforeItsRefreshIntervalIsOver() throws {
    let setup = try Setup()
    try setup.add()
    let outcome = setup.run(["sync", "--now", "2026-11-30T14:30+09:00"])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(try setup.requests().count == 1)
    #expect(
      outcome.standardOutput.hasPrefix(
        "캘린더 '학교'는 피드가 정한 간격이 지나지 않아 받지 않았습니다 (다음: 11월 30일 (월) 오후 3:00)\n"))
  }

  /// A feed that is not due is not signed in to: its password command does not run.
  @Test func aFeedThatIsNotDueRunsNoPasswordCommand() throws {
    let setup = try Setup()
    let runs = setup.workspace.folder + "/runs"
    let command = "echo ran >> '\(runs)'; echo secret"
    let added = setup.run(
      ["source", "add", setup.address, "--user", "u", "--password-command", command]
        + Self.added)
    try #require(added.exitCode == 0, "\(added.standardError)")
    #expect(setup.run(["sync", "--now", "2026-11-30T14:30+09:00"]).exitCode == 0)
    #expect(try String(contentsOfFile: runs, encoding: .utf8) == "ran\n")
    #expect(setup.run(["sync"] + Self.later).exitCode == 0)
    #expect(try String(contentsOfFile: runs, encoding: .utf8) == "ran\nran\n")
    #expect(try setup.requests().compactMap(\.authorization).count == 2)
  }

  /// A changed feed replaces what came from it: a title changed, an event gone, one new.
  @Test func aChangedFeedReplacesItsAppointments() throws {
    let setup = try Setup()
    try setup.add()
    try setup.serve(
      Self.served(
        Self.feed([("a", "가을 체육대회", "20261203T000000Z"), ("c", "방학식", "20261224T000000Z")]),
        etag: "\"v2\"", modified: "Mon, 30 Nov 2026 05:00:00 GMT"))
    let outcome = setup.run(["sync"] + Self.later)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(try setup.titles() == ["가을 체육대회", "방학식"])
    #expect(try setup.listed()["event_count"] as? Int == 2)
  }

  struct Failure: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// What the feed answers instead; nil: the server is gone (connection refused).
    let answer: ScriptedServer.Answer?
    /// What the error line says, after `chulbal: 캘린더 '학교': ` (its URL aside).
    let error: String
  }

  static let failures = [
    Failure(
      testDescription: "a server error", answer: .init(status: 500, body: "oops"),
      error: "서버가 GET 요청에 HTTP 500으로 답했습니다 ("),
    Failure(
      testDescription: "an HTML error page with 200",
      answer: .init(
        status: 200, body: "<!DOCTYPE html><html><body>점검 중</body></html>",
        contentType: "text/html; charset=utf-8"),
      error: "서버가 보낸 것이 iCalendar가 아니라 text/html입니다 ("),
    Failure(
      testDescription: "an empty body with 200 called text/calendar",
      answer: .init(status: 200, body: "", contentType: "text/calendar"),
      error: "서버가 보낸 것이 iCalendar가 아니라 text/calendar입니다 ("),
    Failure(testDescription: "a feed that is down", answer: nil, error: "서버에 연결할 수 없습니다 ("),
    Failure(
      testDescription: "a feed cut short",
      answer: .init(
        status: 200, body: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:체",
        contentType: "text/calendar"),
      error: "/school.ics:3: 'BEGIN:VEVENT'를 닫는 'END:VEVENT'가 없습니다 (파일이 중간에 잘렸습니다)"),
  ]

  /// However the feed fails, the sync ends with status 1 and one line, the appointments stay,
  /// and `source list` shows the error; the next good fetch clears it.
  @Test(arguments: failures)
  func aFeedThatFailsKeepsItsAppointmentsAndShowsTheError(_ failure: Failure) throws {
    let setup = try Setup()
    try setup.add()
    if let answer = failure.answer { try setup.serve(answer) } else { setup.server.stop() }
    let outcome = setup.run(["sync"] + Self.later)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError.hasPrefix("chulbal: 캘린더 '학교': "))
    #expect(outcome.standardError.contains(failure.error))
    #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
    #expect(try setup.titles() == ["체육대회", "학부모 상담"])
    let listed = try setup.listed()
    #expect((listed["last_error"] as? String)?.contains(failure.error) == true)
    #expect(listed["event_count"] as? Int == 2)
    let table = setup.run(["source", "list"] + Self.later).standardOutput
    #expect(table.contains("오류: ") && table.contains(failure.error))
    // A second sync, still failing, removes nothing either.
    #expect(setup.run(["sync", "--now", "2026-11-30T15:45+09:00"]).exitCode == 1)
    #expect(try setup.titles() == ["체육대회", "학부모 상담"])
  }

  @Test func theNextGoodFetchClearsTheError() throws {
    let setup = try Setup()
    try setup.add()
    try setup.serve(.init(status: 500))
    #expect(setup.run(["sync"] + Self.later).exitCode == 1)
    try setup.serve(Self.served(Self.first))
    let outcome = setup.run(["sync", "--now", "2026-11-30T15:45+09:00"])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(try setup.listed()["last_error"] is NSNull)
  }

  /// An address that is not `.ics`: discovery first (PROPFIND is 405, the well-known URL too),
  /// then a GET, and the output says what it found.
  @Test func anAddressWithoutDiscoveryIsTriedAsAFeedAndSaysSo() throws {
    let setup = try Setup()
    let address = setup.server.origin + "/school"
    let outcome = setup.run(["source", "add", address, "--name", "school"] + Self.added)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(
      outcome.standardOutput.hasPrefix(
        "이 주소는 CalDAV 서버가 아니라 iCalendar 피드입니다: 읽기만 합니다.\n"
          + "피드 'school'을 등록했습니다 (\(address)). "))
    #expect(try setup.requests().map(\.method).last == "GET")
    #expect(try setup.titles() == ["체육대회", "학부모 상담"])
  }

  /// Neither CalDAV nor a feed: one line that says both, and nothing kept.
  @Test func anAddressThatIsNeitherSaysWhatEachGave() throws {
    let setup = try Setup(
      .init(status: 200, body: "<html></html>", contentType: "text/html"))
    let address = setup.server.origin + "/school"
    let before = try setup.workspace.snapshot()
    let outcome = setup.run(["source", "add", address] + Self.added)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardError
        == "chulbal: CalDAV 캘린더도 iCalendar 피드도 찾지 못했습니다. CalDAV: 서버가 PROPFIND 요청에 "
        + "HTTP 405로 답했습니다 (\(setup.server.origin)/.well-known/caldav). "
        + "피드: 서버가 보낸 것이 iCalendar가 아니라 text/html입니다 (\(address))\n")
    #expect(try setup.workspace.snapshot() == before)
  }

  /// `--calendar` and `--departures` are a CalDAV account's: refused for a feed before any
  /// request.
  @Test func aFeedRefusesCalDAVOptionsBeforeAnyRequest() throws {
    let setup = try Setup()
    let outcome = setup.run(
      ["source", "add", setup.address, "--departures", "출발"] + Self.added)
    #expect(outcome.exitCode == 2)
    #expect(
      outcome.standardError
        == "chulbal: --departures는 CalDAV 서버에만 씁니다: 피드는 캘린더 하나이고 읽기만 합니다\n")
    #expect(try setup.requests() == [])
  }

  struct Address: Sendable, CustomTestStringConvertible {
    let given: String
    let url: String
    let feed: Bool
    var testDescription: String { given }
  }

  /// webcal is https; http only when written so; `.ics` or webcal is tried as a feed first.
  @Test(arguments: [
    Address(given: "webcal://example.org/a.ics", url: "https://example.org/a.ics", feed: true),
    Address(given: "WEBCALS://example.org/cal", url: "https://example.org/cal", feed: true),
    Address(given: "http://example.org/basic.ICS", url: "http://example.org/basic.ICS", feed: true),
    Address(given: "https://example.org/dav/", url: "https://example.org/dav/", feed: false),
  ])
  func addressesAreReadAsFeedsOrAccounts(_ address: Address) throws {
    #expect(try SourceAddCommand.serverURL(address.given).absoluteString == address.url)
    #expect(SourceAddCommand.namesFeed(address.given) == address.feed)
  }

  @Test func anAddressOfAnotherSchemeIsRefusedNamingTheOnesTaken() {
    let workspace = Workspace()
    let outcome = CLI.run(
      ["source", "add", "ftp://example.org/a.ics"] + Self.added,
      environment: workspace.environment())
    #expect(outcome.exitCode == 2)
    #expect(
      outcome.standardError
        == "chulbal: 'ftp://example.org/a.ics'는 캘린더 주소가 아닙니다 "
        + "(http://, https:// 또는 webcal://로 시작하는 주소)\n")
  }

  @Test func importOfAnAddressSaysToUseSourceAdd() {
    let workspace = Workspace()
    let outcome = CLI.run(
      ["import", "https://example.org/basic.ics"] + Self.added, environment: workspace.environment()
    )
    #expect(outcome.exitCode == 2)
    #expect(
      outcome.standardError
        == "chulbal: 'https://example.org/basic.ics'는 파일이 아니라 주소입니다. "
        + "서버의 캘린더나 피드는 등록해서 가져오세요: chulbal source add 'https://example.org/basic.ics'\n")
  }
}
