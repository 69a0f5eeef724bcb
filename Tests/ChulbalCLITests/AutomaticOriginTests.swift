import Testing

@testable import ChulbalCLI

/// `--from auto`: an origin once given goes back to the origin rule's choice.
@Suite struct AutomaticOriginTests {
  static let now = ["--now", "2027-01-12T09:00+09:00"]

  @Test func fromAutoHandsTheOriginBackToTheRule() {
    let workspace = Workspace()
    workspace.run(["place", "add", "집", "--coord", "37.5547,126.9707", "--default"])
    workspace.run(["place", "add", "회사", "--coord", "37.5665,126.9780"])
    workspace.run(["add", "회의", "--at", "오후 2시", "--place", "회사"] + Self.now)
    workspace.run(
      [
        "add", "저녁", "--at", "오후 4시", "--place", "강남역", "--coord", "37.4979,127.0276", "--from",
        "집",
      ]
        + Self.now)
    func origin() -> String? {
      workspace.run(["show", "저녁"] + Self.now).standardOutput.split(separator: "\n")
        .first { $0.hasPrefix("출발지") }.map(String.init)
    }
    #expect(origin() == "출발지  집 (37.5547,126.9707) · 직접 정한 출발지")
    #expect(workspace.run(["edit", "저녁", "--from", "auto"] + Self.now).exitCode == 0)
    #expect(origin() == "출발지  회사 (앞 약속 '회의'의 장소)")
  }

  @Test func fromAutoWithoutADefaultPlaceIsRefused() {
    let workspace = Workspace()
    workspace.run(["add", "저녁", "--at", "오후 4시", "--travel", "30m"] + Self.now)
    let before = workspace.run(["show", "저녁", "--json"] + Self.now).standardOutput
    let refused = workspace.run(["edit", "저녁", "--from", "auto"] + Self.now)
    #expect(refused.exitCode == 2)
    #expect(
      refused.standardError
        == "chulbal: --from auto는 기본 출발지에서 시작해 출발지를 다시 고릅니다. 기본 출발지가 없습니다 "
        + "(정하려면: chulbal place add 집 --coord 위도,경도 --default)\n")
    #expect(workspace.run(["show", "저녁", "--json"] + Self.now).standardOutput == before)
  }

  /// A trip from the default place follows it: a new default, the default moved, and the
  /// default taken from it each plan the trips ahead again, which keep a given origin.
  @Test func aChangeOfTheDefaultPlacePlansTheTripsAheadAgain() {
    let workspace = Workspace()
    workspace.run(["place", "add", "집", "--coord", "37.5547,126.9707", "--default"])
    workspace.run(
      ["add", "저녁", "--at", "오후 4시", "--place", "강남역", "--coord", "37.4979,127.0276"]
        + Self.now)
    workspace.run(
      [
        "add", "회의", "--at", "오전 9시 30분", "--place", "시청", "--coord", "37.5665,126.9780", "--from",
        "집",
      ] + Self.now)
    func line(_ title: String, _ prefix: String) -> String? {
      workspace.run(["show", title] + Self.now).standardOutput.split(separator: "\n")
        .first { $0.hasPrefix(prefix) }.map(String.init)
    }
    let given = line("회의", "출발  ")
    #expect(line("저녁", "출발지") == "출발지  집 (37.5547,126.9707) · 기본 출발지")
    let fromHome = line("저녁", "출발  ")
    #expect(
      workspace.run(["place", "add", "회사", "--coord", "37.5172,127.0473", "--default"]).exitCode
        == 0)
    #expect(line("저녁", "출발지") == "출발지  회사 (37.5172,127.0473) · 기본 출발지")
    let fromOffice = line("저녁", "출발  ")
    #expect(fromOffice != fromHome)
    #expect(workspace.run(["place", "edit", "회사", "--coord", "37.5133,127.1001"]).exitCode == 0)
    #expect(line("저녁", "출발지") == "출발지  회사 (37.5133,127.1001) · 기본 출발지")
    #expect(line("저녁", "출발  ") != fromOffice)
    #expect(workspace.run(["place", "edit", "집", "--default"]).exitCode == 0)
    #expect(line("저녁", "출발  ") == fromHome)
    // The origin given with --from stays, and with it the trip.
    #expect(line("회의", "출발  ") == given)
  }
}
