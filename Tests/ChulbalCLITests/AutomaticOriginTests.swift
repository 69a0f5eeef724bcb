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
}
