import ChulbalCore
import ChulbalTerminal
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

@Suite struct HelpTests {
  /// The main help and every command's.
  static let helps: [(String, String)] =
    [("chulbal", run(["--help"]).standardOutput)]
    + CLI.commands.map {
      ($0.name, run($0.name.split(separator: " ").map(String.init) + ["--help"]).standardOutput)
    }

  @Test func everyHelpLineFitsEightyColumns() {
    for (name, help) in Self.helps {
      #expect(help.hasPrefix(name == "chulbal" ? "chulbal — " : "사용법: chulbal \(name)"), "\(name)")
      for line in help.split(separator: "\n") where TerminalText.width(String(line)) > 80 {
        Issue.record("\(name): \(TerminalText.width(String(line))) columns: \(line)")
      }
    }
  }

  @Test func tableColumnsLineUpByDisplayWidth() {
    // Every row of the main help's command table starts its summary in one column, the
    // Korean 'help 명령' row included.
    let help = run(["--help"]).standardOutput
    let rows = help.components(separatedBy: "명령:\n")[1].components(separatedBy: "\n\n")[0]
      .split(separator: "\n").map(String.init)
    #expect(rows.count == CLI.commands.count + 1)
    let summaryColumns = rows.map { row -> Int in
      let name = CLI.commands.first { row.hasPrefix("  \($0.name) ") }?.name ?? "help 명령"
      let rest = row.dropFirst(2 + name.count).prefix { $0 == " " }
      return TerminalText.width("  " + name) + rest.count
    }
    #expect(Set(summaryColumns).count == 1, "\(rows)")
  }

  @Test(arguments: [
    ("list", ["--all", "--past", "--tz 시간대", "--now 시각", "--db 파일", "--json"]),
    ("next", ["--tz 시간대", "--now 시각", "--db 파일", "--json"]),
    ("status", ["--format 형식", "--follow", "--tz 시간대", "--now 시각", "--db 파일"]),
    ("nav", ["--now 시각", "--to 이름", "--provider 지도", "--qr", "--app"]),
    ("add", ["--from 장소|위도,경도", "--coord 위도,경도|장소", "--note 메모", "-h, --help"]),
    ("plan", ["--from 장소|위도,경도", "--to 장소|위도,경도", "--db 파일"]),
    ("place edit", ["--coord 위도,경도", "--default", "--rename 새 이름", "--db 파일"]),
  ])
  func everyAcceptedOptionIsDocumented(command: String, options: [String]) {
    let help = run(command.split(separator: " ").map(String.init) + ["--help"]).standardOutput
    for option in options {
      #expect(help.contains("\n  \(option) "), "\(command) lacks \(option)")
    }
  }

  @Test func helpIsAnOptionOnlyWhereItIsNotAnotherOptionsValue() throws {
    let workspace = Workspace()
    // '-h' is the note here, not a request for help.
    let note = workspace.run(["add", "저녁", "--at", "19:00", "--travel", "5m", "--note", "-h"])
    #expect(note.exitCode == 0, "\(note.standardError)")
    // After '--' even '--help' is a title.
    let title = workspace.run(["add", "--at", "20:00", "--travel", "5m", "--", "--help"])
    #expect(title.exitCode == 0, "\(title.standardError)")
    let shown = workspace.run(["list", "--json"]).standardOutput
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [[String: Any]])
    #expect(list.map { $0["title"] as? String } == ["저녁", "--help"])
    #expect(list.map { $0["note"] as? String } == ["-h", nil])
  }

  @Test func globalOptionsGoBeforeTheCommand() {
    let workspace = Workspace()
    workspace.run(["add", "저녁", "--at", "19:00", "--travel", "5m"])
    let elsewhere = Workspace()
    let next = run(["--db", workspace.database, "next"], elsewhere.environment())
    #expect(next.exitCode == 0, "\(next.standardError)")
    #expect(next.standardOutput.hasPrefix("#1 저녁 — 오후 6:45 출발"))
    #expect(run(["--db=\(workspace.database)", "list"], elsewhere.environment()).exitCode == 0)
    #expect(run(["-V"]).standardOutput == "chulbal \(CLI.version)\n")
    #expect(
      run(["-v"]).standardError
        == "chulbal: chulbal에 없는 옵션 '-v' — 혹시 '-V'? (옵션 목록: chulbal --help)\n")
    // plan reads saved places from a --db given before it, as after it.
    workspace.run(["place", "add", "집", "--coord", "37.5547,126.9707"])
    let plan = run(
      [
        "--db", workspace.database, "plan", "--at", "19:00", "--from", "집", "--to",
        "37.4979,127.0276",
      ],
      elsewhere.environment())
    #expect(
      plan.standardOutput.contains("오후 6:15   이동 35분 (추정) + 여유 10분\n"), "\(plan.standardError)")
  }
}
