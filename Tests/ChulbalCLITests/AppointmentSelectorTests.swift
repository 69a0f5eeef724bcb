import ChulbalTestSupport
import Testing

@testable import ChulbalCLI

/// Naming an appointment by a word of its title: a prefix first, then a word inside it, then
/// a title a typo away.
@Suite struct AppointmentSelectorTests {
  static func workspace() -> Workspace {
    let workspace = Workspace()
    for (title, at) in [
      ("대학 동기 송년회", "12월 18일 오후 7시"), ("팀 회의", "내일 오후 3시"), ("회사 송년회", "12월 23일 오후 6시"),
    ] {
      #expect(workspace.run(["add", title, "--at", at, "--travel", "30m"]).exitCode == 0)
    }
    return workspace
  }

  @Test func aWordInsideOneTitleFindsIt() {
    let workspace = Self.workspace()
    let show = workspace.run(["show", "동기"])
    #expect(show.exitCode == 0)
    #expect(show.standardOutput.hasPrefix("약속    #1 대학 동기 송년회\n"), "\(show.standardOutput)")
  }

  /// A prefix wins over words inside titles: '회' starts '회사 송년회' alone, though '팀 회의'
  /// and '대학 동기 송년회' hold it too.
  @Test func aPrefixWinsOverAWordInside() {
    let workspace = Self.workspace()
    #expect(workspace.run(["show", "회"]).standardOutput.hasPrefix("약속    #3 회사 송년회\n"))
  }

  struct RefusedCase: Sendable, CustomTestStringConvertible {
    let word: String
    let message: String
    var testDescription: String { word }
  }

  @Test(arguments: [
    RefusedCase(
      word: "송년회",
      message: "'송년회'가 들어간 약속이 여럿입니다: #1 대학 동기 송년회, #3 회사 송년회 — 번호로 고르세요"),
    RefusedCase(
      word: "송연회",
      message: "약속 '송연회'가 없습니다 (목록: chulbal list --all) — 혹시 '대학 동기 송년회'?"),
    RefusedCase(word: "동귀", message: "약속 '동귀'가 없습니다 (목록: chulbal list --all) — 혹시 '대학 동기 송년회'?"),
    RefusedCase(word: "저녁", message: "약속 '저녁'이 없습니다 (목록: chulbal list --all)"),
  ])
  func severalOrNoneAreRefusedWithWhichOrAGuess(_ example: RefusedCase) {
    let outcome = Self.workspace().run(["show", example.word])
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError == "chulbal: \(example.message)\n")
  }
}
