import ChulbalCalDAV
import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// CalDAV sources through the in-process CLI, with a real SQLite file and a recording server
/// in place of the network: `source add URL` and `sync` decide what to ask for, keep the
/// cache and the tokens with the appointments, and leave everything as it was when the
/// server fails. The same behaviours run against Radicale in ``CalDAVServerTests``.
@Suite struct ServerSyncTests {
  static let now = ImportCommandTests.now
  static let base = "https://dav.example.org/"

  /// A workspace whose commands reach `server`; the accounts they sign in with are recorded.
  final class Setup: Sendable {
    let workspace = Workspace()
    let server: RecordingCalendarServer
    let accounts = Mutex<[DAVAccount]>([])

    init() {
      server = RecordingCalendarServer(
        calendars: [("work", "업무"), ("home", "가족"), ("birthdays", nil)])
      server.put(
        davEvent(uid: "a", title: "회의", start: "20261201T010000Z"), named: "a.ics", in: "work")
      server.put(
        davEvent(uid: "b", title: "점심", start: "20261202T030000Z"), named: "b.ics", in: "work")
      server.put(
        davEvent(uid: "h", title: "가족 모임", start: "20261205T030000Z"), named: "h.ics", in: "home")
    }

    @discardableResult
    func run(_ arguments: [String]) -> Outcome {
      var environment = workspace.environment()
      environment.calendarServer = { [self] account throws(DAVError) in
        accounts.withLock { $0.append(account) }
        return server
      }
      return CLI.run(arguments, environment: environment)
    }

    /// `source add` of the work calendar as source `cloud`.
    func add(_ extra: [String] = []) -> Outcome {
      // The password in a file, so the command kept does not hold it.
      let secret = workspace.folder + "/secret"
      FileManager.default.createFile(atPath: secret, contents: Data("sekrit\nnot this\n".utf8))
      return run(
        [
          "source", "add", ServerSyncTests.base, "--user", "alice", "--password-command",
          "cat '\(secret)'", "--calendar", "업무", "--name", "cloud",
        ] + extra + ServerSyncTests.now)
    }

    func titles() throws -> [String] {
      try ImportCommandTests.stored(workspace).keys.sorted()
    }
  }

  @Test func addingFindsTheCalendarsKeepsTheChosenAndSyncsThemOnce() throws {
    let setup = Setup()
    let outcome = setup.add()
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(
      outcome.standardOutput
        == "캘린더 'cloud'를 등록했습니다 (https://dav.example.org/의 '업무'). 다시 가져오려면: chulbal sync\n"
        + "새로 2 · 바뀜 0 · 건너뜀 0\n" + "좌표가 없는 일정: 2개\n"
        + "이동 시간을 추정할 수 없는 일정 2개에는 기본값 30분을 썼습니다 (바꾸려면: chulbal config set travel 45m)\n")
    #expect(setup.server.takeCalls() == ["discover", "calendar work", "events work"])
    #expect(try setup.titles() == ["점심", "회의"])
    // The first line of what the command printed, given to the client and kept nowhere.
    let account = try #require(setup.accounts.withLock { $0.first })
    #expect(account.user == "alice")
    #expect(account.password == "sekrit")
    #expect(account.url.absoluteString == Self.base)
    let file = try #require(FileManager.default.contents(atPath: setup.workspace.database))
    let log = FileManager.default.contents(atPath: setup.workspace.database + "-wal") ?? Data()
    #expect(file.range(of: Data("sekrit".utf8)) == nil)
    #expect(log.range(of: Data("sekrit".utf8)) == nil)
    let list = try #require(
      try JSONSerialization.jsonObject(
        with: Data(setup.run(["source", "list", "--json"] + Self.now).standardOutput.utf8))
        as? [[String: Any]])
    #expect(list.first?["kind"] as? String == "caldav")
    #expect(list.first?["url"] as? String == Self.base)
    #expect(list.first?["event_count"] as? Int == 2)
    #expect(list.first?["user"] as? String == "alice")
  }

  /// A change, an addition and a deletion on the server: the sync asks for what changed
  /// since its token and fetches those two events alone; the unchanged one stays from the
  /// cache. A second sync with nothing changed asks once and fetches nothing.
  @Test func aSyncFetchesOnlyWhatChangedAndRebuildsFromTheCache() throws {
    let setup = Setup()
    #expect(setup.add().exitCode == 0)
    _ = setup.server.takeCalls()
    setup.server.put(
      davEvent(uid: "a", title: "회의 (옮김)", start: "20261201T020000Z"), named: "a.ics",
      in: "work")
    setup.server.put(
      davEvent(uid: "c", title: "저녁", start: "20261203T100000Z"), named: "c.ics", in: "work")
    setup.server.delete(named: "b.ics", in: "work")
    let outcome = setup.run(["sync"] + Self.now)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.hasPrefix("새로 1 · 바뀜 1 · 지움 1 · 건너뜀 0\n"))
    #expect(setup.server.takeCalls() == ["changes work", "documents work a.ics,c.ics"])
    #expect(try setup.titles() == ["저녁", "회의 (옮김)"])
    let again = setup.run(["sync"] + Self.now)
    #expect(again.standardOutput == "새로 0 · 바뀜 0 · 그대로 2 · 건너뜀 0\n")
    #expect(setup.server.takeCalls() == ["changes work"])
    let quiet = setup.run(["sync", "--quiet"] + Self.now)
    #expect(quiet == Outcome())
  }

  /// A token the server forgot: everything fetched again, and what is gone removed.
  @Test func aForgottenTokenStartsOverAndDropsWhatIsGone() throws {
    let setup = Setup()
    #expect(setup.add().exitCode == 0)
    setup.server.delete(named: "b.ics", in: "work")
    setup.server.set { $0.forgetsTokens = true }
    _ = setup.server.takeCalls()
    let outcome = setup.run(["sync", "cloud"] + Self.now)
    #expect(outcome.standardOutput.hasPrefix("새로 0 · 바뀜 0 · 그대로 1 · 지움 1"))
    #expect(setup.server.takeCalls() == ["changes work", "calendar work", "events work"])
    #expect(try setup.titles() == ["회의"])
  }

  /// A server without sync tokens is compared by ETag; an unchanged CTag asks nothing more.
  @Test func withoutTokensTheSyncComparesETags() throws {
    let setup = Setup()
    setup.server.set { $0.givesTokens = false }
    #expect(setup.add().exitCode == 0)
    _ = setup.server.takeCalls()
    #expect(setup.run(["sync"] + Self.now).standardOutput.hasPrefix("새로 0 · 바뀜 0 · 그대로 2"))
    #expect(setup.server.takeCalls() == ["calendar work"])
    setup.server.put(
      davEvent(uid: "c", title: "저녁", start: "20261203T100000Z"), named: "c.ics", in: "work")
    #expect(setup.run(["sync"] + Self.now).standardOutput.hasPrefix("새로 1 · 바뀜 0 · 그대로 2"))
    #expect(
      setup.server.takeCalls() == ["calendar work", "etags work", "documents work c.ics"])
  }

  /// A wrong password or a server that cannot be reached: exit 1, one line with the status
  /// and the URL, the error recorded for `source list`, and the appointments, the cache and
  /// the token as they were, so the next good sync is still incremental.
  @Test(arguments: [
    DAVError.unauthorized(url: "https://dav.example.org/alice/work/"),
    DAVError.unreachable(url: "https://dav.example.org/alice/work/", reason: "Connection refused"),
  ])
  func aFailedSyncLeavesEverythingAsItWas(_ failure: DAVError) throws {
    let setup = Setup()
    #expect(setup.add().exitCode == 0)
    let before = try ImportCommandTests.stored(setup.workspace)
    setup.server.set { $0.failure = failure }
    let outcome = setup.run(["sync"] + Self.now)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError == "chulbal: 캘린더 'cloud': \(failure.description)\n")
    #expect(try ImportCommandTests.stored(setup.workspace) == before)
    let list = setup.run(["source", "list"] + Self.now).standardOutput
    #expect(list.contains("오류: \(failure.description)"))
    setup.server.set { $0.failure = nil }
    _ = setup.server.takeCalls()
    #expect(setup.run(["sync"] + Self.now).exitCode == 0)
    #expect(setup.server.takeCalls() == ["changes work"])
    #expect(!setup.run(["source", "list"] + Self.now).standardOutput.contains("오류"))
  }

  /// A resource that is not iCalendar: the sync fails naming it, keeps the appointments,
  /// cache and token, and once the resource is fixed the next sync asks for it again.
  @Test func anUnreadableResourceFailsTheSyncAndIsAskedForAgain() throws {
    let setup = Setup()
    #expect(setup.add().exitCode == 0)
    setup.server.put("BEGIN:VCALENDAR\r\n", named: "a.ics", in: "work")
    let outcome = setup.run(["sync"] + Self.now)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError.hasPrefix("chulbal: 캘린더 'cloud': /alice/work/a.ics"))
    #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
    #expect(try setup.titles() == ["점심", "회의"])
    setup.server.put(
      davEvent(uid: "a", title: "회의 (고침)", start: "20261201T010000Z"), named: "a.ics",
      in: "work")
    _ = setup.server.takeCalls()
    let fixed = setup.run(["sync"] + Self.now)
    #expect(fixed.exitCode == 0, "\(fixed.standardError)")
    #expect(setup.server.takeCalls() == ["changes work", "documents work a.ics"])
    #expect(try setup.titles() == ["점심", "회의 (고침)"])
  }

  /// A password command that fails when a sync needs it: exit 1, the error recorded, the
  /// server not asked.
  @Test func aFailingPasswordCommandAtSyncIsRecorded() throws {
    let setup = Setup()
    #expect(setup.add().exitCode == 0)
    try FileManager.default.removeItem(atPath: setup.workspace.folder + "/secret")
    _ = setup.server.takeCalls()
    let outcome = setup.run(["sync"] + Self.now)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError.hasPrefix("chulbal: 캘린더 'cloud': 비밀번호 명령이 상태 1로 끝났습니다 ("))
    #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
    #expect(setup.server.takeCalls().isEmpty)
    #expect(try setup.titles() == ["점심", "회의"])
    #expect(setup.run(["source", "list"] + Self.now).standardOutput.contains("오류: 비밀번호 명령이"))
  }

  /// `--departures`: the calendar's URL kept with the source, and that calendar never read
  /// back as appointments, even when every calendar is taken. It holds a departure another
  /// machine's chulbal wrote, which makes it no less chulbal's.
  @Test func theDeparturesCalendarIsKeptAndNeverSynced() throws {
    let setup = Setup()
    setup.server.set { state in
      state.calendars[setup.server.url("departures")] = .init(displayName: "출발")
    }
    setup.server.put(
      davEvent(uid: "departure-7@chulbal", title: "출발: 회의", start: "20261201T000000Z"),
      named: "departure-7.ics", in: "departures")
    let outcome = setup.run(
      [
        "source", "add", Self.base, "--departures", "출발", "--name", "cloud",
      ] + Self.now)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("/의 'birthdays', '가족', '업무')"))
    #expect(try setup.titles() == ["가족 모임", "점심", "회의"])
    let store = try #require(
      try Store.open(path: setup.workspace.database, access: .reading, expander: .libical))
    #expect(
      try store.sources().first?.departuresURL == "https://dav.example.org/alice/departures/")
    #expect(
      try store.sourceCalendars("cloud").map(\.url) == [
        "https://dav.example.org/alice/birthdays/", "https://dav.example.org/alice/home/",
        "https://dav.example.org/alice/work/",
      ])
  }

  /// A departures calendar that holds the person's own events is refused before anything
  /// is written, here or on the server: chulbal's departures would ring among them.
  @Test func departuresIntoACalendarWithThePersonsEventsAreRefusedAndNothingIsWritten() throws {
    let setup = Setup()
    setup.server.put(
      davEvent(uid: "departure-3@chulbal", title: "출발: 점심", start: "20261202T020000Z"),
      named: "departure-3.ics", in: "work")
    let before = try setup.workspace.snapshot()
    let outcome = setup.run(
      ["source", "add", Self.base, "--departures", "업무", "--name", "cloud"] + Self.now)
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(
      outcome.standardError
        == "chulbal: '업무' 캘린더에 chulbal이 쓰지 않은 일정이 2개 있어 출발 캘린더(--departures)로 쓸 수 없습니다. "
        + "출발은 빈 캘린더에 올리세요: 서버에 없는 이름을 주면 새로 만듭니다 (예: --departures 출발)\n")
    #expect(setup.server.takeCalls() == ["discover", "events work"])
    #expect(try setup.workspace.snapshot() == before)
  }

  /// `--calendar 업무 --departures work` names one calendar twice, by its display name and
  /// by its URL: refused as the same name twice is, not as a calendar missing.
  @Test func theSameCalendarToReadAndForDeparturesIsRefusedWhateverItIsCalled() throws {
    let setup = Setup()
    let before = try setup.workspace.snapshot()
    let outcome = setup.run(
      ["source", "add", Self.base, "--calendar", "업무", "--departures", "work"] + Self.now)
    #expect(outcome.exitCode == 2)
    #expect(
      outcome.standardError
        == "chulbal: 'work'는 가져올 캘린더(--calendar)이면서 출발 캘린더(--departures)일 수 없습니다. "
        + "출발은 따로 둔 캘린더에 올리세요 (예: --departures 출발)\n")
    #expect(setup.server.takeCalls() == ["discover"])
    #expect(try setup.workspace.snapshot() == before)
  }

  /// Without `--calendar` every calendar is read, and the departures another machine's
  /// chulbal wrote into one of them are skipped, not read as appointments
  /// (`출발: 출발: 회의` on this machine's own departures calendar).
  @Test func everyCalendarReadLeavesAnotherMachinesDeparturesOut() throws {
    let setup = Setup()
    setup.server.set { state in
      state.calendars[setup.server.url("departures")] = .init(displayName: "출발")
    }
    for (id, title) in [(7, "출발: 회의"), (8, "출발: 가족 모임")] {
      setup.server.put(
        davEvent(uid: "departure-\(id)@chulbal", title: title, start: "20261201T000000Z"),
        named: "departure-\(id).ics", in: "departures")
    }
    let outcome = setup.run(["source", "add", Self.base, "--name", "cloud"] + Self.now)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("새로 3 · 바뀜 0 · 건너뜀 2"))
    #expect(try setup.titles() == ["가족 모임", "점심", "회의"])
  }

  @Test func addingWhenTheServerRefusesKeepsNothing() throws {
    let setup = Setup()
    setup.run(["source", "add", calendarFixture("good/google.ics"), "--name", "g"] + Self.now)
    let before = try setup.workspace.snapshot()
    setup.server.set { $0.failure = .unauthorized(url: Self.base) }
    let outcome = setup.add()
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError == "chulbal: \(DAVError.unauthorized(url: Self.base))\n")
    #expect(try setup.workspace.snapshot() == before)
  }

  @Test func removingTheSourceDropsItsAppointmentsAndCache() throws {
    let setup = Setup()
    #expect(setup.add().exitCode == 0)
    let removed = setup.run(["source", "remove", "cloud", "--yes"])
    #expect(removed.standardOutput == "캘린더 'cloud'를 뺐습니다. 가져온 약속 2개도 지웠습니다\n")
    let store = try #require(
      try Store.open(path: setup.workspace.database, access: .reading, expander: .libical))
    #expect(try store.cachedResources("cloud").isEmpty)
    #expect(try store.sourceCalendars("cloud").isEmpty)
    #expect(try setup.titles().isEmpty)
  }

  @Test func syncWithNoServerSourceSaysHowToAddOne() {
    let setup = Setup()
    let outcome = setup.run(["sync"] + Self.now)
    #expect(outcome == Outcome(standardOutput: SyncCommand.addHint))
    #expect(setup.server.takeCalls().isEmpty)
  }

  @Test func syncSaysWhatChangedInJSONAndSourceListShowsTheKindAndURL() throws {
    let setup = Setup()
    #expect(setup.add().exitCode == 0)
    setup.server.delete(named: "a.ics", in: "work")
    let outcome = setup.run(["sync", "--json"] + Self.now)
    let json = try ImportCommandTests.json(outcome)
    #expect(json["added"] as? Int == 0)
    #expect(json["unchanged"] as? Int == 1)
    #expect(json["removed"] as? Int == 1)
    let list = setup.run(["source", "list"] + Self.now).standardOutput
    let row = try #require(list.split(separator: "\n").first { $0.hasPrefix("cloud") })
    #expect(row.contains("CalDAV"))
    #expect(row.contains(Self.base))
    #expect(row.contains("1개"))
  }

  static let badInput: [BadInputCase] = [
    BadInputCase(
      arguments: ["source", "add", "ftp://dav.example.org/"], names: "'ftp://dav.example.org/'"),
    BadInputCase(arguments: ["source", "add", "https://"], names: "'https://'"),
    BadInputCase(
      arguments: ["source", "add", "https://alice:pw@dav.example.org/"],
      names: "'https://dav.example.org/'"),
    BadInputCase(
      arguments: ["source", "add", base, "--password-command", "echo pw"], names: "--user"),
    BadInputCase(
      arguments: ["source", "add", base, "--ca-file", "/nonexistent/ca.pem"],
      names: "--ca-file '/nonexistent/ca.pem'을 읽을 수 없습니다: 파일이 없습니다"),
    BadInputCase(
      arguments: ["source", "add", base, "--calendar", "업무", "--calendar", "없는"],
      names: "서버에 '없는' 캘린더가 없습니다 (있는 캘린더: birthdays, 가족, 업무)"),
    BadInputCase(arguments: ["source", "add", base, "--name", "g"], names: "'g'"),
    BadInputCase(arguments: ["sync", "g"], names: "동기화할 캘린더 'g'가 없습니다 (CalDAV 서버와 피드: 없음)"),
    BadInputCase(arguments: ["config", "set", "sync.interval", "30s"], names: "'30s'"),
    BadInputCase(arguments: ["config", "set", "sync.interval", "2d"], names: "'2d'"),
  ]

  /// A password command that fails is a runtime failure (exit 1), not bad input: the command
  /// may be right and the password store behind it locked. One line, no request to the
  /// server, the database unchanged.
  @Test(arguments: [
    (
      "echo nope >&2; exit 3",
      "비밀번호 명령이 상태 3으로 끝났습니다 ('echo nope >&2; exit 3'): nope"
    ),
    ("true", "비밀번호 명령이 아무것도 출력하지 않았습니다 ('true', 상태 0): 첫 줄에 비밀번호를 출력해야 합니다"),
  ])
  func aFailingPasswordCommandIsARuntimeFailure(_ command: String, _ message: String) throws {
    let setup = Setup()
    setup.run(["source", "add", calendarFixture("good/google.ics"), "--name", "g"] + Self.now)
    let before = try setup.workspace.snapshot()
    let outcome = setup.run(
      ["source", "add", Self.base, "--user", "alice", "--password-command", command] + Self.now)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError == "chulbal: \(message)\n")
    #expect(try setup.workspace.snapshot() == before)
    #expect(setup.server.takeCalls() == [])
  }

  /// Bad input is refused before any network (only `--calendar` needs the server's list),
  /// in one line, exit 2, the database unchanged byte for byte.
  @Test(arguments: badInput)
  func badInputIsRefusedAndWritesNothing(_ test: BadInputCase) throws {
    let setup = Setup()
    setup.run(["source", "add", calendarFixture("good/google.ics"), "--name", "g"] + Self.now)
    let before = try setup.workspace.snapshot()
    let now = test.arguments[0] == "config" ? [] : Self.now
    test.expectRefused(setup.run(test.arguments + now))
    #expect(try setup.workspace.snapshot() == before)
    let asked = setup.server.takeCalls()
    #expect(asked == (test.arguments.contains("--calendar") ? ["discover"] : []))
  }
}
