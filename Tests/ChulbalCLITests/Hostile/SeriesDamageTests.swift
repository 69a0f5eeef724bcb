import ChulbalCore
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// Hand-damaged series in a real schema-4 file, through the in-process commands: every command
/// that reads the series says which row is wrong and how, in one line with exit status 1, or
/// works; none crashes, hangs, passes the series over in silence, or writes.
@Suite struct SeriesDamageTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let sql: String
    /// What the one line must say, after the file's path.
    let reason: String
    /// The appointment whose reading meets the damage: the one the reason names, unless given.
    let id: String
    var testDescription: String { sql }

    init(_ sql: String, _ reason: String, id: String? = nil) {
      self.sql = sql
      self.reason = reason
      self.id = id ?? String(reason.dropFirst("약속 #".count).prefix { $0.isNumber })
    }
  }

  static let now = ["--now", "2026-12-05T09:00+09:00"]

  /// A daily series at 19:00 from 2 December (#1), a weekly one ending after 3 (#2) and a
  /// one-off (#3), written on 2 December in Seoul.
  static func seeded() -> Workspace {
    let workspace = Workspace()
    let written = ["--now", "2026-12-02T09:00+09:00"]
    for line in [
      ["add", "운동", "--at", "매일 저녁 7시", "--travel", "20m"],
      ["add", "수업", "--at", "2026-12-03T10:00+09:00", "--repeat", "weekly", "--count", "3"]
        + ["--travel", "30m"],
      ["add", "회의", "--at", "2026-12-10T10:00+09:00", "--travel", "20m"],
    ] {
      let outcome = workspace.run(line + written)
      #expect(outcome.exitCode == 0, "\(line): \(outcome.standardError)")
    }
    return workspace
  }

  static let cases: [Case] = [
    Case(
      "UPDATE appointment SET repeat_rule = 'hello' WHERE id = 1",
      "약속 #1, repeat_rule: 읽을 수 없는 반복 규칙 'hello'"),
    Case(
      "UPDATE appointment SET repeat_rule = 'FREQ=DAILY;COUNT=1000000000' WHERE id = 1",
      "약속 #1, repeat_rule: 읽을 수 없는 반복 규칙 'FREQ=DAILY;COUNT=1000000000'"),
    Case(
      "UPDATE appointment SET repeat_rule = 'FREQ=DAILY;INTERVAL=0' WHERE id = 1",
      "약속 #1, repeat_rule: 읽을 수 없는 반복 규칙 'FREQ=DAILY;INTERVAL=0'"),
    Case(
      "UPDATE appointment SET repeat_first = '2026-02-30T19:00:00' WHERE id = 1",
      "약속 #1, repeat_first: 잘못된 시각 '2026-02-30T19:00:00'"),
    Case(
      "UPDATE appointment SET repeat_first = '9999-12-02T19:00:00' WHERE id = 1",
      "약속 #1, repeat_first: 잘못된 시각 '9999-12-02T19:00:00'"),
    Case(
      "UPDATE appointment SET time_zone = 'Etc/GMT+13' WHERE id = 1",
      "약속 #1, time_zone: 알 수 없는 시간대 'Etc/GMT+13'"),
    Case(
      "INSERT INTO repeat_exception VALUES (1, 'junk')",
      "약속 #1의 건너뛸 회차, occurrence: 잘못된 시각 'junk'"),
    Case(
      "INSERT INTO repeat_override VALUES (1, '2026-12-09T19:00:00', 'soon')",
      "약속 #1의 옮긴 회차, start_at: 정수가 아닙니다"),
    // Skipped and moved occurrences of no series, which only damage makes (deleting cascades):
    // a later appointment given the id would take them on.
    Case(
      "INSERT INTO repeat_exception VALUES (99, '2026-12-09T19:00:00')",
      "약속 #99의 건너뛸 회차, appointment_id: 없는 약속입니다", id: "1"),
    Case(
      "INSERT INTO repeat_override VALUES (3, '2026-12-10T10:00:00', 1796259600)",
      "약속 #3의 옮긴 회차, appointment_id: 반복 약속이 아닙니다", id: "1"),
    // The end of a series is read as strictly as its start, and a wrong one is not taken as
    // "ended" (the series vanished from list, next and agenda) or "never ends".
    Case(
      "UPDATE appointment SET repeat_last_at = 'soon' WHERE id = 2",
      "약속 #2, repeat_last_at: 정수가 아닙니다"),
    Case(
      "UPDATE appointment SET repeat_last_at = 1.5 WHERE id = 2",
      "약속 #2, repeat_last_at: 정수가 아닙니다"),
    Case(
      "UPDATE appointment SET repeat_last_at = x'00' WHERE id = 1",
      "약속 #1, repeat_last_at: 정수가 아닙니다"),
    Case(
      "UPDATE appointment SET repeat_last_at = 9223372036854775807 WHERE id = 2",
      "약속 #2, repeat_last_at: 범위 밖의 값 '9223372036854775807' (1900~2200년)"),
    Case(
      "UPDATE appointment SET repeat_last_at = NULL WHERE id = 2",
      "약속 #2, repeat_last_at: 값이 없습니다 (NULL)"),
    Case(
      "UPDATE appointment SET repeat_last_at = 7000000000 WHERE id = 1",
      "약속 #1, repeat_last_at: 반복에 끝(UNTIL, COUNT)이 없는데 값이 있습니다 ('7000000000')"),
    // A cached start past the series' last occurrence (five years on, an hour off) is none of
    // its occurrences: next and list showed it, two thousand days away, while agenda showed
    // the real ones.
    Case(
      "UPDATE appointment SET start_at = start_at + 157680000 + 3600 WHERE id = 2",
      "약속 #2, start_at: 반복의 마지막 회차(repeat_last_at)보다 뒤입니다"),
    Case(
      "UPDATE appointment SET repeat_last_at = 7000000000 WHERE id = 3",
      "약속 #3, repeat_last_at: 반복 약속이 아닌데 값이 있습니다 ('7000000000')"),
  ]

  /// Commands that read every appointment of the next two weeks, or the damaged one, and so
  /// must refuse; and commands that may read only what they show (`next` reads the soonest),
  /// which refuse or print what they print for the undamaged file.
  static func mustRefuse(_ id: String) -> [[String]] {
    [
      ["list"], ["list", "--json"], ["list", "--all"], ["agenda", "--days", "14"],
      ["agenda", "--days", "14", "--json"], ["show", id], ["nav", id],
      ["edit", id, "--travel", "5m"],
    ]
  }
  static let mayRefuse: [[String]] = [["next"], ["status"], ["today"], ["week"], ["agenda"]]

  @Test(arguments: cases)
  func aDamagedSeriesIsRefusedNamingRowAndColumnAndNothingIsWrittenInARealFile(_ example: Case)
    throws
  {
    let intact = Self.seeded()
    let workspace = Self.seeded()
    try Database(path: workspace.database, create: false).execute(
      "PRAGMA foreign_keys=OFF; PRAGMA ignore_check_constraints=ON; " + example.sql)
    let before = try #require(FileManager.default.contents(atPath: workspace.database))
    let refusal = "chulbal: 데이터베이스 '\(workspace.database)' 파일이 손상되었습니다 (\(example.reason)"
    for line in Self.mayRefuse + Self.mustRefuse(example.id) {
      let outcome = workspace.run(line + Self.now)
      if outcome.exitCode == 0, Self.mayRefuse.contains(line) {
        #expect(outcome == intact.run(line + Self.now), "\(line)")
        continue
      }
      #expect(outcome.exitCode == 1, "\(line): \(outcome.standardOutput)")
      #expect(outcome.standardOutput.isEmpty, "\(line)")
      #expect(outcome.standardError.hasPrefix(refusal), "\(line): \(outcome.standardError)")
      #expect(outcome.standardError.filter { $0 == "\n" }.count == 1, "\(line)")
    }
    #expect(FileManager.default.contents(atPath: workspace.database) == before)
  }
}
