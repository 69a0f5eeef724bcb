import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// Calendar sources through the in-process CLI in a real SQLite file: added, re-read by
/// `import --sources`, listed with how the last reading went, and removed with or without
/// their appointments.
@Suite struct SourceCommandTests {
  static let now = ImportCommandTests.now

  /// A workspace with a copy of the Google-style fixture as `g.ics`, added as source `g`.
  static func withSource() throws -> (Workspace, String) {
    let workspace = Workspace()
    let file = workspace.folder + "/g.ics"
    try FileManager.default.copyItem(atPath: calendarFixture("good/google.ics"), toPath: file)
    let added = workspace.run(["source", "add", file] + now)
    #expect(added.exitCode == 0, "\(added.standardError)")
    return (workspace, file)
  }

  @Test func aSourceIsReadByImportSourcesAndListedWithItsReading() throws {
    let (workspace, file) = try Self.withSource()
    let list = workspace.run(["source", "list", "--json"] + Self.now)
    let before = try #require(
      try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
    #expect(before.count == 1)
    #expect(before.first?["name"] as? String == "g")
    #expect(before.first?["path"] as? String == file)
    #expect(before.first?["last_read_at"] is NSNull)
    let imported = workspace.run(["import", "--sources"] + Self.now)
    #expect(imported.standardOutput.hasPrefix("새로 3 · 바뀜 0 · 건너뜀 2"))
    let after = workspace.run(["source", "list", "--json"] + Self.now)
    let read = try #require(
      try JSONSerialization.jsonObject(with: Data(after.standardOutput.utf8)) as? [[String: Any]])
    #expect(read.first?["last_read_at"] as? String == "2026-11-30T14:00:00+09:00")
    #expect(read.first?["event_count"] as? Int == 3)
    // The all-day and the cancelled event the reading left out.
    #expect(read.first?["skipped_count"] as? Int == 2)
    let table = workspace.run(["source", "list"] + Self.now).standardOutput
    #expect(table.contains("3개 (건너뜀 2)"), "\(table)")
    // `import PATH` of the source's file is the same calendar: updated, not added.
    let again = workspace.run(["import", file] + Self.now)
    #expect(again.standardOutput.hasPrefix("새로 0 · 바뀜 0 · 그대로 3"))
    // What the first reading said of coordinates is not said again when nothing changed.
    #expect(imported.standardOutput.contains("좌표가 없는 일정"))
    #expect(!again.standardOutput.contains("좌표가 없는 일정"), "\(again.standardOutput)")
    #expect(!again.standardOutput.contains("기본값"), "\(again.standardOutput)")
  }

  /// A folder whose name holds a control character cannot name the source: the message says
  /// the name came from the folder and how to give another, and `--name` with one is said as
  /// a source's name, not a place's. Nothing is written either way.
  @Test func aControlCharacterInAFolderNameAsksForName() throws {
    let workspace = Workspace()
    let folder = workspace.folder + "/work\u{1B}[31m"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let before = try workspace.snapshot()
    let derived = workspace.run(["source", "add", folder] + Self.now)
    #expect(derived.exitCode == 2)
    #expect(
      derived.standardError
        == "chulbal: 폴더 이름 'work\\x1B[31m'을 캘린더 이름으로 쓸 수 없습니다: 제어 문자가 들어 있습니다 "
        + "(--name으로 다른 이름을 주세요, 예: --name 업무)\n")
    let given = workspace.run(["source", "add", folder, "--name", "a\u{7}b"] + Self.now)
    #expect(given.exitCode == 2)
    #expect(given.standardError == "chulbal: --name: 잘못된 캘린더 이름 'a\\x07b': 제어 문자가 들어 있습니다\n")
    #expect(try workspace.snapshot() == before)
    let named = workspace.run(["source", "add", folder, "--name", "업무"] + Self.now)
    #expect(named.exitCode == 0, "\(named.standardError)")
  }

  /// A source that cannot be read keeps its appointments, records the error for `source
  /// list`, and makes the import exit 1 while the other sources are read.
  @Test func anUnreadableSourceIsRecordedAndTheOthersAreRead() throws {
    let (workspace, file) = try Self.withSource()
    workspace.run(["import", "--sources"] + Self.now)
    try "BEGIN:VCALENDAR\r\n".write(toFile: file, atomically: true, encoding: .utf8)
    workspace.run(["source", "add", calendarFixture("good/vdir"), "--name", "work"] + Self.now)
    let outcome = workspace.run(["import", "--sources"] + Self.now)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardOutput.hasPrefix("새로 3 · 바뀜 0 · 건너뜀 0"))
    #expect(outcome.standardError.hasPrefix("chulbal: 캘린더 'g': \(file):1: "))
    #expect(try ImportCommandTests.stored(workspace).count == 6)
    let list = workspace.run(["source", "list"] + Self.now)
    #expect(list.standardOutput.contains("오류: \(file):1: "))
  }

  /// A failed reading leaves the time of the last good one, beside its error.
  @Test func aFailedReadingKeepsTheTimeOfTheLastGoodOne() throws {
    let (workspace, file) = try Self.withSource()
    workspace.run(["import", "--sources"] + Self.now)
    try "BEGIN:VCALENDAR\r\n".write(toFile: file, atomically: true, encoding: .utf8)
    workspace.run(["import", "--sources", "--now", "2026-12-01T09:00+09:00"])
    let list = workspace.run(["source", "list", "--json"] + Self.now)
    let sources = try #require(
      try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
    #expect(sources.first?["last_read_at"] as? String == "2026-11-30T14:00:00+09:00")
    #expect((sources.first?["last_error"] as? String)?.hasPrefix("\(file):1: ") == true)
  }

  @Test func anEventGoneFromASourceIsRemovedOnItsNextRead() throws {
    let (workspace, file) = try Self.withSource()
    workspace.run(["import", "--sources"] + Self.now)
    let text = try String(contentsOfFile: file, encoding: .utf8)
      .replacingOccurrences(of: "\r\n", with: "\n")
    let start = try #require(text.range(of: "BEGIN:VEVENT\nDTSTART:20270310"))
    let end = try #require(text.range(of: "END:VEVENT\n", range: start.upperBound..<text.endIndex))
    try text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let outcome = workspace.run(["import", "--sources"] + Self.now)
    #expect(outcome.standardOutput.hasPrefix("새로 0 · 바뀜 0 · 그대로 2 · 지움 1"))
    #expect(
      try ImportCommandTests.stored(workspace).keys.sorted() == ["저녁 약속", "저녁 약속 (한 시간 늦게)"])
  }

  struct RemoveCase: Sendable, CustomTestStringConvertible {
    let options: [String]
    let interactive: Bool
    let answer: Bool?
    let output: String
    let left: Int
    var testDescription: String {
      options.joined(separator: " ") + " \(answer.map(String.init) ?? "")"
    }
  }

  static let removeCases: [RemoveCase] = [
    RemoveCase(
      options: ["--yes"], interactive: false, answer: nil,
      output: "캘린더 'g'를 뺐습니다. 가져온 약속 3개도 지웠습니다\n", left: 0),
    RemoveCase(
      options: ["--keep"], interactive: false, answer: nil,
      output: "캘린더 'g'를 뺐습니다. 가져온 약속 3개는 남겼습니다\n", left: 3),
    RemoveCase(
      options: [], interactive: true, answer: true,
      output: "캘린더 'g'를 뺐습니다. 가져온 약속 3개도 지웠습니다\n", left: 0),
    RemoveCase(
      options: [], interactive: true, answer: false,
      output: "캘린더 'g'를 뺐습니다. 가져온 약속 3개는 남겼습니다\n", left: 3),
  ]

  @Test(arguments: removeCases)
  func removingASourceAsksAboutItsAppointments(_ test: RemoveCase) throws {
    let (workspace, _) = try Self.withSource()
    workspace.run(["import", "--sources"] + Self.now)
    let outcome = workspace.run(
      ["source", "remove", "g"] + test.options, interactive: test.interactive,
      answer: test.answer)
    #expect(outcome.standardOutput == test.output)
    #expect(try ImportCommandTests.stored(workspace).count == test.left)
    #expect(workspace.run(["source", "list"]).standardOutput.hasPrefix("등록한 캘린더가 없습니다"))
  }

  @Test func importSourcesWithNoneSaysHowToAddOne() {
    let outcome = Workspace().run(["import", "--sources"] + Self.now)
    #expect(
      outcome.standardOutput == "등록한 캘린더가 없습니다. 추가하려면: chulbal source add ~/.calendars/work\n")
    #expect(outcome.exitCode == 0)
  }

  @Test func badInputIsOneLineExit2AndWritesNothing() throws {
    let (workspace, file) = try Self.withSource()
    workspace.run(["import", "--sources"] + Self.now)
    let before = try workspace.snapshot()
    for (line, error) in [
      (
        ["source", "remove", "g"],
        "chulbal: 터미널이 아니라서 물어볼 수 없습니다. 캘린더 'g'에서 가져온 약속 3개도 지우려면 --yes, 남기려면 --keep을 붙이세요\n"
      ),
      (["source", "remove", "없는"], "chulbal: 캘린더 '없는'이 없습니다 (목록: chulbal source list)\n"),
      (
        ["source", "add", file, "--name", "다른"],
        "chulbal: 캘린더 'g'는 이미 있습니다 (목록: chulbal source list)\n"
      ),
      (
        ["source", "add", calendarFixture("good/vdir"), "--name", "g"],
        "chulbal: 캘린더 'g'는 이미 있습니다 (목록: chulbal source list)\n"
      ),
      // Said before any connection: nothing listens on the discard port.
      (
        [
          "source", "add", "http://127.0.0.1:9/dav/", "--calendar", "업무", "--departures", "업무",
        ],
        "chulbal: '업무'는 가져올 캘린더(--calendar)이면서 출발 캘린더(--departures)일 수 없습니다. "
          + "출발은 따로 둔 캘린더에 올리세요 (예: --departures 출발)\n"
      ),
    ] {
      let outcome = workspace.run(line + Self.now.filter { _ in line[1] == "add" })
      #expect(outcome.exitCode == 2, "\(line)")
      #expect(outcome.standardError == error, "\(line)")
    }
    let malformed = calendarFixture("malformed/truncated.ics")
    let refused = workspace.run(["source", "add", malformed] + Self.now)
    #expect(refused.exitCode == 2)
    #expect(refused.standardError.hasPrefix("chulbal: \(malformed):"))
    #expect(try workspace.snapshot() == before)
  }
}
