import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// A database path in a fresh temporary folder, and commands run against it in-process.
final class Workspace: @unchecked Sendable {
  let folder: String
  let database: String

  init() {
    folder = NSTemporaryDirectory() + "chulbal-cli-\(UUID().uuidString)"
    database = folder + "/chulbal.db"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// The test environment with this workspace's database; `answer` replies to a question.
  func environment(interactive: Bool = false, answer: Bool? = nil) -> Environment {
    if let answer {
      return .test(
        variables: ["CHULBAL_DB": database, "HOME": folder], interactive: interactive,
        confirm: { _ in answer })
    }
    return .test(variables: ["CHULBAL_DB": database, "HOME": folder], interactive: interactive)
  }

  @discardableResult
  func run(_ arguments: [String], interactive: Bool = false, answer: Bool? = nil) -> Outcome {
    CLI.run(arguments, environment: environment(interactive: interactive, answer: answer))
  }

  /// The database file's bytes after a checkpoint, so the WAL holds nothing pending.
  func snapshot() throws -> Data {
    _ = try Store.open(path: database, create: false, expander: .libical)?.integrityCheck()
    return FileManager.default.contents(atPath: database) ?? Data()
  }
}

@Suite struct StoreCommandTests {
  @Test func readingCommandsOnNoDatabaseShowEmptyStatesAndCreateNothing() {
    let workspace = Workspace()
    let list = workspace.run(["list"])
    #expect(list.exitCode == 0)
    #expect(list.standardOutput.contains("다가오는 약속이 없습니다. 추가하려면: chulbal add"))
    let next = workspace.run(["next"])
    #expect(next.exitCode == 1)
    #expect(next.standardOutput.isEmpty)
    #expect(next.standardError.contains("다가오는 약속이 없습니다"))
    #expect(workspace.run(["place", "list"]).standardOutput.contains("저장된 장소가 없습니다"))
    #expect(workspace.run(["list", "--json"]).standardOutput == "[]\n")
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
  }

  @Test func addEstimatesFromTheDefaultPlaceAndListShowsIt() throws {
    let workspace = Workspace()
    #expect(
      workspace.run(["place", "add", "집", "--coord", "37.5547,126.9707", "--default"])
        .standardOutput == "장소 '집'을 저장했습니다 (37.5547,126.9707, 기본 출발지)\n")
    let add = workspace.run([
      "add", "저녁 약속", "--at", "내일 오후 7시", "--place", "강남역 2번 출구", "--coord",
      "37.4979,127.0276",
    ])
    #expect(
      add.standardOutput
        == "#1 저녁 약속 — 12월 1일 (화) 오후 7:00 · 오후 6:15 출발 · 이동 35분 (추정) + 여유 10분\n")
    workspace.run(["add", "치과", "--at", "12/3 10:30", "--travel", "25m"])
    let list = workspace.run(["list"])
    #expect(
      list.standardOutput == """
        번호  제목       약속                      출발       남은 시간
        #1    저녁 약속  12월 1일 (화) 오후 7:00   오후 6:15  1일 4시간 15분 남음
        #2    치과       12월 3일 (목) 오전 10:30  오전 9:55  2일 19시간 남음

        """)
    #expect(
      workspace.run(["next"]).standardOutput
        == "#1 저녁 약속 — 오후 6:15 출발 (1일 4시간 15분 남음) · 12월 1일 (화) 오후 7:00 · 강남역 2번 출구\n")
  }

  @Test func appointmentJSONHasTheDocumentedFields() throws {
    let workspace = Workspace()
    workspace.run([
      "add", "저녁", "--at", "2026-12-01T19:00+09:00", "--travel", "35m", "--coord",
      "37.4979,127.0276", "--prep", "10m",
    ])
    for line in [["show", "1", "--json"], ["next", "--json"]] {
      let outcome = workspace.run(line)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
          as? [String: Any])
      for key in [
        "id", "title", "start", "departure", "time_zone", "place", "coord", "travel_minutes",
        "travel_estimated", "buffer_minutes", "prep_minutes", "alerts", "status", "text",
      ] {
        #expect(object[key] != nil, "\(line) lacks \(key)")
      }
      #expect(object["start"] as? String == "2026-12-01T19:00:00+09:00")
      #expect(object["departure"] as? String == "2026-12-01T18:15:00+09:00")
      #expect(object["ready"] as? String == "2026-12-01T18:05:00+09:00")
      #expect(object["place"] is NSNull)
      #expect((object["coord"] as? [String: Double]) == ["lat": 37.4979, "lng": 127.0276])
      #expect((object["text"] as? [String: String])?["remaining"] == "1일 4시간 15분 남음")
      #expect(object["status"] as? String == "upcoming")
    }
    let list = try #require(
      try JSONSerialization.jsonObject(
        with: Data(workspace.run(["list", "--json"]).standardOutput.utf8)) as? [[String: Any]])
    #expect(list.count == 1)
  }

  /// show says how rough an estimate is, and only of an estimate.
  @Test func showSaysHowRoughAnEstimateIs() {
    let workspace = Workspace()
    workspace.run(["place", "add", "집", "--coord", "37.5547,126.9707", "--default"])
    workspace.run(["add", "저녁", "--at", "내일 19:00", "--coord", "37.4979,127.0276"])
    workspace.run([
      "add", "점심", "--at", "내일 12:00", "--coord", "37.4979,127.0276", "--travel", "30m",
    ])
    let rough = "직선거리와 평균 속도로 어림한 값이라 실제와 40%쯤 다를 수 있습니다 (환승·정체 미반영).\n"
    #expect(
      workspace.run(["show", "저녁"]).standardOutput.contains(
        rough + "        실제 시간을 알면: chulbal edit 1 --travel 50m\n"))
    let given = workspace.run(["show", "점심"]).standardOutput
    #expect(given.contains("이동    대중교통 · 30분 + 여유 10분\n") && !given.contains(rough), "\(given)")
  }

  /// A note of several lines shows them as lines under one another, each cleaned; an
  /// imported note's line ends are never a literal `\x0A`.
  @Test func showPutsANotesLinesUnderOneAnother() {
    let workspace = Workspace()
    workspace.run([
      "add", "회의", "--at", "내일 10:00", "--travel", "20m", "--note",
      "첫 줄\n둘째\u{1B}]0;X\u{07} 줄\r\n셋째",
    ])
    let shown = workspace.run(["show", "회의"]).standardOutput
    #expect(shown.hasSuffix("메모    첫 줄\n        둘째\\x1B]0;X\\x07 줄\n        셋째\n"), "\(shown)")
  }

  @Test func editChangesOnlyWhatIsGiven() throws {
    let workspace = Workspace()
    workspace.run(["place", "add", "집", "--coord", "37.5547,126.9707", "--default"])
    workspace.run(["add", "저녁", "--at", "내일 19:00", "--coord", "37.4979,127.0276", "--note", "2층"])
    let edited = workspace.run(["edit", "저녁", "--at", "내일 19:30", "--mode", "car"])
    #expect(edited.exitCode == 0)
    let store = try #require(
      try Store.open(path: workspace.database, create: false, expander: .libical))
    let appointment = try #require(try store.appointment(id: 1))
    #expect(appointment.note == "2층")
    #expect(appointment.mode == .car)
    #expect(appointment.travelSeconds == 22 * 60)  // re-estimated for the car
    workspace.run(["edit", "1", "--travel", "50m", "--note", "", "--title", "회식"])
    let again = try #require(try store.appointment(id: 1))
    #expect(again.title == "회식" && again.note == nil && again.travelSeconds == 3000)
    #expect(!again.travelEstimated)
  }

  @Test func showAndEditReadANowWithoutOffsetInTheAppointmentsZone() throws {
    let workspace = Workspace()
    workspace.run([
      "add", "뉴욕", "--tz", "America/New_York", "--at", "2026-12-01 19:00", "--travel", "5m",
    ])
    // 18:00 in New York, 45 minutes before the 18:45 departure; in Seoul it would be long past.
    let shown = workspace.run(["show", "1", "--now", "2026-12-01 18:00", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [String: Any])
    #expect((object["text"] as? [String: String])?["remaining"] == "45분 남음")
    // At 10:00 on 2 December in New York, today is the 2nd (10:00 in Seoul would be 20:00 on
    // the 1st there), shown to the reader in Seoul with New York's own time beside it.
    let edited = workspace.run(["edit", "1", "--at", "오늘 19:30", "--now", "2026-12-02 10:00"])
    #expect(
      edited.standardOutput.hasPrefix("#1 뉴욕 — 12월 3일 (목) 오전 9:30 (뉴욕 12월 2일 (수) 오후 7:30) ·"),
      "\(edited)")
  }

  @Test func aSavedPlaceWhoseNameHasACommaIsStillAPlace() throws {
    let workspace = Workspace()
    workspace.run(["place", "add", "3,4번 출구", "--coord", "37.5547,126.9707"])
    let added = workspace.run([
      "add", "저녁", "--at", "내일 19:00", "--coord", "37.4979,127.0276", "--from", "3,4번 출구",
    ])
    #expect(added.exitCode == 0, "\(added.standardError)")
    let store = try #require(
      try Store.open(path: workspace.database, create: false, expander: .libical))
    #expect(try store.appointment(id: 1)?.origin?.name == "3,4번 출구")
    let bad = workspace.run(["add", "x", "--at", "19:00", "--coord", "37,127", "--from", "3,400"])
    #expect(bad.exitCode == 2 && bad.standardError.contains("'3,400'"))
  }

  @Test func removeAsksOnATerminalAndNeedsYesElsewhere() throws {
    let workspace = Workspace()
    workspace.run(["add", "하나", "--at", "내일 9시", "--travel", "5m"])
    workspace.run(["add", "둘", "--at", "내일 10시", "--travel", "5m"])
    let refused = workspace.run(["remove", "1"])
    #expect(refused.exitCode == 2 && refused.standardError.contains("--yes를 붙이세요"))
    let declined = workspace.run(["remove", "1"], interactive: true, answer: false)
    #expect(declined.exitCode == 1)
    let store = try #require(
      try Store.open(path: workspace.database, create: false, expander: .libical))
    #expect(try store.appointmentCount == 2)
    let confirmed = workspace.run(["remove", "1"], interactive: true, answer: true)
    #expect(confirmed.standardOutput == "#1 하나 — 지웠습니다\n")
    #expect(workspace.run(["remove", "#2", "--yes"]).exitCode == 0)
    #expect(try store.appointmentCount == 0)
  }

  @Test func titlesAreSelectedByUniquePrefix() {
    let workspace = Workspace()
    workspace.run(["add", "저녁 약속", "--at", "내일 19:00", "--travel", "5m"])
    workspace.run(["add", "저녁 회식", "--at", "모레 19:00", "--travel", "5m"])
    workspace.run(["add", "저녁", "--at", "글피 19:00", "--travel", "5m"])
    #expect(workspace.run(["show", "저녁 회"]).standardOutput.contains("#2 저녁 회식"))
    // A title typed in full wins over longer titles that start with it.
    #expect(workspace.run(["show", "저녁"]).standardOutput.contains("#3 저녁\n"))
    let ambiguous = workspace.run(["show", "저녁 "])
    #expect(ambiguous.exitCode == 2)
    #expect(ambiguous.standardError.contains("#1 저녁 약속, #2 저녁 회식"))
  }

  @Test func controlCharactersFromUsersNeverReachTheTerminalRaw() throws {
    let workspace = Workspace()
    // A typed title with control characters is refused, but a database written by another
    // version or program may still hold one.
    let title = "나쁜\u{1B}]0;owned\u{07}\r제목"
    let store = try Store.openOrCreate(path: workspace.database, expander: .libical)
    _ = try store.insert(
      Appointment(
        title: title, start: mondayAfternoon.addingTimeInterval(86400), timeZone: "Asia/Seoul",
        place: "\u{1B}[2J", mode: .transit, travelSeconds: 300, bufferSeconds: 600,
        alertLeads: []),
      createdAt: mondayAfternoon)
    for line in [["list"], ["next"], ["show", "1"]] {
      let output = workspace.run(line).standardOutput
      #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 7 || $0 == "\r" })
      #expect(output.contains("나쁜\\x1B]0;owned\\x07\\x0D제목"), "\(line)")
    }
    // JSON keeps the exact text, escaped.
    #expect(
      workspace.run(["show", "1", "--json"]).standardOutput.contains("\\u001b]0;owned\\u0007\\r"))
  }

  @Test func configSetsValidatedValuesThatAddUses() throws {
    let workspace = Workspace()
    #expect(workspace.run(["config", "set", "buffer", "15분"]).standardOutput == "buffer = 15m\n")
    #expect(workspace.run(["config", "get", "buffer"]).standardOutput == "15m\n")
    #expect(workspace.run(["config", "set", "prep", "1시간 30분"]).standardOutput == "prep = 1h30m\n")
    #expect(
      workspace.run(["config", "set", "alerts", "1h,15m,0"]).standardOutput == "alerts = 1h,15m,0\n"
    )
    #expect(workspace.run(["config", "set", "providers", "naver, kakao"]).exitCode == 0)
    #expect(workspace.run(["config", "get", "providers"]).standardOutput == "naver,kakao\n")
    #expect(workspace.run(["config", "get", "mode"]).standardOutput == "transit\n")
    workspace.run(["add", "저녁", "--at", "내일 19:00", "--travel", "30m"])
    let store = try #require(
      try Store.open(path: workspace.database, create: false, expander: .libical))
    let appointment = try #require(try store.appointment(id: 1))
    #expect(appointment.bufferSeconds == 900)
    #expect(appointment.alertLeads == [3600, 900, 0])
  }

  @Test func listColumnsLineUpWithDoubleWidthHangul() {
    let workspace = Workspace()
    workspace.run(["add", "a", "--at", "내일 9시", "--travel", "5m"])
    workspace.run(["add", "아주 긴 한글 제목", "--at", "내일 10시", "--travel", "5m"])
    let lines = workspace.run(["list"]).standardOutput.split(separator: "\n").map(String.init)
    let dateColumns = lines.dropFirst().map { line -> Int in
      let prefix = line.components(separatedBy: "12월")[0]
      return TerminalText.width(prefix)
    }
    #expect(Set(dateColumns).count == 1, "\(lines)")
  }
}
