import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalNotify

/// The command backend with a real program: what it is given, and what is left of it when it
/// floods its error output or runs too long.
@Suite struct CommandNotifierTests {
  let folder = TemporaryFolder()
  static let variables = ["PATH": "/usr/bin:/bin"]

  /// The title and body reach the program without control characters, bidi controls among
  /// them, which could reorder what it shows; the body keeps its line break.
  @Test func theProgramGetsTheNoticeWithoutControlOrBidiCharacters() throws {
    let record = folder.path + "/record"
    let notifier = CommandNotifier(
      arguments: [
        "/bin/sh", "-c", "printf '%s|%s' \"$CHULBAL_TITLE\" \"$CHULBAL_BODY\" > '\(record)'",
      ], variables: Self.variables)
    try notifier.deliver(
      Notice(
        key: 1, summary: "a\u{202E}b\u{1B}]0;X\u{07}c",
        body: "d\u{2066}e\u{2069}\nf\u{9B}g\u{200F}",
        urgency: .normal))
    let recorded = try String(contentsOfFile: record, encoding: .utf8)
    #expect(recorded == "ab]0;Xc|de\nfg")
  }

  /// A program that writes 20 MB to its error output and fails is reported in one short line:
  /// the first 200 characters of what it said.
  @Test func aFloodOnStandardErrorIsCutToTheStartOfItsFirstLine() throws {
    let notifier = CommandNotifier(
      arguments: ["/bin/sh", "-c", "head -c 20000000 /dev/zero | tr '\\0' e >&2; exit 3"],
      variables: Self.variables.merging(["TMPDIR": folder.path]) { $1 })
    let notice = Notice(key: 1, summary: "시험", body: "", urgency: .normal)
    let failure = #expect(throws: NotifyFailure.self) { try notifier.deliver(notice) }
    #expect(
      failure?.reason
        == "'/bin/sh'가 상태 3으로 끝났습니다: " + String(repeating: "e", count: 200) + "…")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }
}
