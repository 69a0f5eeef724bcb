import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// Words as bytes, and names as Unicode: what reaches the commands is what was typed.
@Suite struct ArgumentTextTests {
  static let badBytes: [(bytes: [UInt8], shown: String)] = [
    ([0xFF], "\\xFF"),
    (Array("caf".utf8) + [0xC3], "caf\\xC3"),
    ([0xFF] + Array(".db".utf8), "\\xFF.db"),
    ([0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"),  // an encoded surrogate
    ([0xC0, 0xAF], "\\xC0\\xAF"),  // an overlong '/'
    (Array("저녁".utf8) + [0x80], "저녁\\x80"),
  ]

  @Test(arguments: badBytes)
  func badBytesAreShownAsHex(bytes: [UInt8], shown: String) {
    #expect(CLI.shown(bytes) == shown)
  }

  @Test func aWordThatIsNotUTF8IsRefusedAndNothingIsWritten() {
    let workspace = Workspace()
    let title: [UInt8] = Array("저녁".utf8) + [0xFF]
    let line =
      [Array("add".utf8), title] + ["--at", "19:00", "--travel", "5m"].map { Array($0.utf8) }
    let outcome = CLI.run(line, environment: workspace.environment())
    #expect(
      outcome.standardError
        == "chulbal: 인수 '저녁\\xFF'가 UTF-8이 아닙니다 (텍스트와 '--db' 경로는 UTF-8로 주세요)\n")
    #expect(outcome.exitCode == 2)
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
  }

  @Test func aDatabaseVariableThatIsNotUTF8IsRefused() {
    var environment = Environment.test(variables: ["CHULBAL_DB": "\u{FFFD}.db"])
    environment.undecodableVariables = ["CHULBAL_DB": "\\xFF.db"]
    let outcome = CLI.run(["list"], environment: environment)
    #expect(
      outcome.standardError
        == "chulbal: 환경 변수 CHULBAL_DB의 값 '\\xFF.db'가 UTF-8이 아닙니다 "
        + "(경로는 UTF-8로 주거나 '--db 파일'을 쓰세요)\n")
    #expect(outcome.exitCode == 2)
    // Another variable that is not UTF-8 is no path's source and changes nothing.
    var unrelated = Environment.test(variables: ["CHULBAL_DB": NSTemporaryDirectory() + "none.db"])
    unrelated.undecodableVariables = ["LANG": "\\xFF"]
    #expect(CLI.run(["list"], environment: unrelated).exitCode == 0)
  }

  /// The variable the default path comes from is the one blamed; one it does not come from is
  /// not (a relative XDG_DATA_HOME is ignored, so HOME is used).
  @Test(arguments: [
    (["XDG_DATA_HOME": "/d\u{FFFD}", "HOME": "/h"], "XDG_DATA_HOME", "XDG_DATA_HOME"),
    (["HOME": "/h\u{FFFD}"], "HOME", "HOME"),
    (["XDG_DATA_HOME": "d\u{FFFD}", "HOME": "/h\u{FFFD}"], "XDG_DATA_HOME", nil),
  ])
  func theVariableTheDefaultPathComesFromIsBlamed(
    variables: [String: String], undecodable: String, blamed: String?
  ) {
    var environment = Environment.test(variables: variables)
    environment.undecodableVariables = [undecodable: "\\xFF"]
    let outcome = CLI.run(["list"], environment: environment)
    if let blamed {
      #expect(outcome.exitCode == 2)
      #expect(outcome.standardError.hasPrefix("chulbal: 환경 변수 \(blamed)의 값 '\\xFF'가 UTF-8이"))
    } else {
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    }
  }

  /// The built binary, given bytes that are not UTF-8 by a shell: once stored with U+FFFD.
  @Test(.tags(.process)) func theBinaryRefusesBytesThatAreNotUTF8() throws {
    let workspace = Workspace()
    let result = try ChulbalProcess.run(
      [], environment: ["CHULBAL_DB": workspace.database],
      shell: #""$0" add "$(printf 'x\377')" --at 19:00 --travel 5m"#)
    #expect(result.status == 2)
    #expect(
      result.standardError
        == "chulbal: 인수 'x\\xFF'가 UTF-8이 아닙니다 (텍스트와 '--db' 경로는 UTF-8로 주세요)\n")
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
    let database = try ChulbalProcess.run([], shell: #""$0" --db "$(printf '\377').db" list"#)
    #expect(database.status == 2)
    #expect(database.standardError.contains("'\\xFF.db'"))
  }

  @Test func namesAndTitlesAreOneNameInNFCAndNFD() throws {
    let workspace = Workspace()
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(workspace.run(["place", "add", composed, "--coord", "37.5,127"]).exitCode == 0)
    let duplicate = workspace.run(["place", "add", decomposed, "--coord", "37.5,127"])
    #expect(duplicate.exitCode == 2)
    #expect(
      workspace.run(["place", "remove", decomposed]).standardOutput == "장소 'café'를 지웠습니다\n")
    // Hangul typed as jamo (as some keyboards send it) is the same title as syllables.
    let jamo = "\u{1109}\u{1165}\u{11AB}\u{1112}\u{116A}"  // 선화, decomposed
    let add = workspace.run(["add", jamo, "--at", "19:00", "--travel", "5m", "--json"])
    #expect(add.exitCode == 0)
    #expect(add.standardOutput.contains("\"title\": \"선화\""), "\(add.standardOutput)")
    #expect(workspace.run(["show", "선화"]).exitCode == 0)
    #expect(workspace.run(["show", jamo]).exitCode == 0)
  }
}
