import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalNotify

/// The command backend with a real program: what it is given.
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
}
