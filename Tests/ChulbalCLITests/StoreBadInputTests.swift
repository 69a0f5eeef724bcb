import ChulbalStore
import Foundation
import Testing

@testable import ChulbalCLI

@Suite struct StoreBadInputTests {
  typealias Case = BadInputCase

  static let add = ["add", "저녁", "--travel", "30m", "--at"]

  static let cases: [Case] = [
    // add: times, durations, coordinates, places, zones, modes, alerts
    Case(arguments: add + ["25:00"], names: "'25:00'"),
    Case(arguments: add + ["내일"], names: "'내일'"),
    Case(arguments: add + ["2월 30일 9시"], names: "'2월 30일 9시'"),
    Case(arguments: ["add", "저녁", "--at", "19:00", "--travel", "soon"], names: "'soon'"),
    Case(
      arguments: ["add", "저녁", "--at", "19:00", "--travel", "5m", "--buffer", "-1m"], names: "'-1m'"
    ),
    Case(
      arguments: ["add", "저녁", "--at", "19:00", "--travel", "5m", "--prep", "1.5h"], names: "'1.5h'"
    ),
    Case(
      arguments: ["add", "저녁", "--at", "19:00", "--coord", "91,127", "--from", "집"],
      names: "'91,127'"),
    Case(arguments: ["add", "저녁", "--at", "19:00", "--coord", "nan,1"], names: "'nan,1'"),
    Case(
      arguments: ["add", "저녁", "--at", "19:00", "--coord", "37,127", "--from", "학교"], names: "'학교'"),
    Case(
      arguments: ["add", "저녁", "--at", "19:00", "--coord", "37,127", "--from", "37,500"],
      names: "'37,500'"),
    Case(arguments: add + ["19:00", "--tz", "Asia/Busan"], names: "'Asia/Busan'"),
    Case(arguments: add + ["19:00", "--mode", "rocket"], names: "'rocket'"),
    Case(arguments: add + ["19:00", "--alerts", "5m,30s"], names: "'5m,30s'"),
    Case(arguments: add + ["19:00", "--now", "어제"], names: "'어제'"),
    Case(arguments: ["add", "저녁", "--at", "19:00"], names: "'--travel 30m'"),
    Case(arguments: ["add", "--at", "19:00", "--travel", "5m"], names: "add에는 제목이 필요합니다"),
    Case(arguments: ["add", "   ", "--at", "19:00", "--travel", "5m"], names: "제목이 비어 있습니다"),
    Case(arguments: ["add", "저녁", "--travel", "5m"], names: "'--at'"),
    Case(
      arguments: ["add", "저녁", "--at", "19:00", "--travel", "5m", "--colour", "red"],
      names: "'--colour'"),
    // 0,0 is no coordinate, and an estimate past a week is refused, not stored.
    Case(arguments: ["add", "저녁", "--at", "19:00", "--coord", "0,0"], names: "'0,0'"),
    Case(arguments: ["add", "저녁", "--at", "19:00", "--coord", "-34.6,-58.4"], names: "16일 5시간"),
    Case(arguments: ["edit", "1", "--coord", "-34.6,-58.4"], names: "16일 5시간"),
    Case(arguments: ["edit", "1", "--from", "0,0"], names: "'0,0'"),
    Case(arguments: ["place", "add", "바다", "--coord", "0,0"], names: "'0,0'"),
    Case(arguments: add + ["정오 7시"], names: "'정오 7시'"),
    Case(arguments: add + ["19:00", "--tz", "UTC+9"], names: "'UTC+9'"),
    // edit, show, remove: unknown ids, ambiguous prefixes, bad values
    Case(arguments: ["edit", "99", "--travel", "5m"], names: "'99'"),
    Case(arguments: ["edit", "저녁", "--travel", "5m"], names: "'저녁'"),
    Case(arguments: ["edit", "1", "--at", "오후 13시"], names: "'오후 13시'"),
    // The time is checked before the appointment is looked up.
    Case(arguments: ["edit", "99", "--at", "25:00"], names: "--at: 잘못된 시각 '25:00'"),
    Case(arguments: ["edit", "1", "--coord", "1,2,3"], names: "'1,2,3'"),
    Case(arguments: ["show", "#42"], names: "'#42'"),
    Case(arguments: ["show", "없는 약속"], names: "'없는 약속'"),
    Case(arguments: ["show"], names: "show에는 약속 번호나 제목이 필요합니다"),
    Case(arguments: ["remove", "1", "77", "--yes"], names: "'77'"),
    Case(arguments: ["remove", "저녁", "--yes"], names: "'저녁'"),
    Case(arguments: ["remove", "1"], names: "--yes를 붙이세요"),
    // places
    Case(arguments: ["place", "add", "집", "--coord", "37.5,127"], names: "'집'"),
    Case(arguments: ["place", "add", "학교", "--coord", "37.5"], names: "'37.5'"),
    Case(arguments: ["place", "add", "37.5,127", "--coord", "37.5,127"], names: "'37.5,127'"),
    Case(arguments: ["place", "add", "학교"], names: "'--coord'"),
    Case(arguments: ["place", "remove", "학교"], names: "'학교'"),
    Case(arguments: ["place", "rename", "집"], names: "'place rename'"),
    // config
    Case(arguments: ["config", "set", "bufer", "10m"], names: "'bufer'"),
    Case(arguments: ["config", "set", "buffer", "ten"], names: "'ten'"),
    Case(arguments: ["config", "set", "mode", "plane"], names: "'plane'"),
    Case(arguments: ["config", "set", "providers", "kakao,yahoo"], names: "'kakao,yahoo'"),
    Case(arguments: ["config", "set", "providers", "kakao,kakao"], names: "'kakao,kakao'"),
    Case(arguments: ["config", "set", "alerts", "soon"], names: "'soon'"),
    Case(arguments: ["config", "get", "colour"], names: "'colour'"),
    Case(arguments: ["config", "set", "buffer"], names: "config set에는 설정 이름과 값이 필요합니다"),
    // list, next
    Case(arguments: ["list", "--all", "--past"], names: "'--all'"),
    Case(arguments: ["list", "--now", "noon"], names: "'noon'"),
    Case(arguments: ["next", "extra"], names: "'extra'"),
  ]

  /// A database with one place, two appointments sharing a title prefix, and a setting.
  static func seeded() -> Workspace {
    let workspace = Workspace()
    workspace.run(["place", "add", "집", "--coord", "37.5547,126.9707", "--default"])
    workspace.run(["add", "저녁 약속", "--at", "내일 19:00", "--coord", "37.4979,127.0276"])
    workspace.run(["add", "저녁 회식", "--at", "모레 19:00", "--travel", "20m"])
    workspace.run(["config", "set", "buffer", "15m"])
    return workspace
  }

  @Test(arguments: cases)
  func badInputExitsTwoNamesTheValueAndLeavesTheDatabaseByteForByte(_ example: Case) throws {
    let workspace = Self.seeded()
    let before = try workspace.snapshot()
    let outcome = workspace.run(example.arguments)
    example.expectRefused(outcome)
    #expect(try workspace.snapshot() == before)
  }

  @Test func aBadAddOnAMissingDatabaseCreatesNothing() {
    let workspace = Workspace()
    #expect(workspace.run(["add", "저녁", "--at", "25:00", "--travel", "5m"]).exitCode == 2)
    #expect(workspace.run(["place", "add", "집", "--coord", "99,0"]).exitCode == 2)
    #expect(workspace.run(["config", "set", "mode", "plane"]).exitCode == 2)
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
  }

  @Test func aForeignDatabaseIsARuntimeFailureAndUntouched() throws {
    let workspace = Workspace()
    let junk = Data("not a database, a shopping list\n".utf8 + [UInt8](repeating: 1, count: 4096))
    try junk.write(to: URL(fileURLWithPath: workspace.database))
    for line in [["list"], ["add", "x", "--at", "19:00", "--travel", "5m"], ["next"]] {
      let outcome = workspace.run(line)
      #expect(outcome.exitCode == 1, "\(line)")
      #expect(
        outcome.standardError
          == "chulbal: 데이터베이스 '\(workspace.database)' 파일이 손상되었습니다 "
          + "(SQLite: file is not a database). 파일은 바꾸지 않았습니다\n")
    }
    #expect(FileManager.default.contents(atPath: workspace.database) == junk)
  }
}
