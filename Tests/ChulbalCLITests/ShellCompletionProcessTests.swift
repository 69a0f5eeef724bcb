import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// The scripts of `chulbal completions`, run in real bash, fish and zsh with the built binary
/// first on `PATH`, against a database with two appointments and two places.
@Suite(.tags(.process)) struct ShellCompletionProcessTests {
  /// Runs a program with the built chulbal first on `PATH` and the test database, and returns
  /// its standard output; standard error is recorded as an issue when there is any.
  static func output(
    _ arguments: [String], variables: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let folder = CompletionTests.workspace.folder
    let output = folder + "/shell-\(UUID().uuidString).out"
    let error = folder + "/shell-\(UUID().uuidString).err"
    defer {
      try? FileManager.default.removeItem(atPath: output)
      try? FileManager.default.removeItem(atPath: error)
    }
    var environment = ProcessInfo.processInfo.environment.merging(variables) { $1 }
    let binaries = ChulbalProcess.executable.deletingLastPathComponent().path
    environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["CHULBAL_DB"] = CompletionTests.workspace.database
    environment["HOME"] = folder
    let child = try ChildProcess(
      arguments, environment: environment, standardOutput: output, standardError: error)
    let status = child.wait(timeout: hangGuard)
    #expect(status == 0, sourceLocation: sourceLocation)
    let errors = (try? String(contentsOfFile: error, encoding: .utf8)) ?? ""
    #expect(errors.isEmpty, "\(errors)", sourceLocation: sourceLocation)
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  struct BashCase: Sendable, CustomTestStringConvertible {
    /// COMP_WORDS; the cursor is in the last.
    let words: [String]
    /// COMP_TYPE: 9 for a Tab that completes, 63 for the second that lists.
    var type = 9
    let reply: [String]
    var testDescription: String { words.joined(separator: " ") + "⇥ (\(type))" }
  }

  static let bashCases: [BashCase] = [
    BashCase(words: ["chulbal", "pl"], reply: ["plan", "place"]),
    BashCase(words: ["chulbal", "place", ""], reply: ["add", "search", "list", "edit", "remove"]),
    BashCase(words: ["chulbal", "config", ""], reply: ["get", "set", "unset"]),
    BashCase(words: ["chulbal", "show", ""], reply: ["1", "2"]),
    BashCase(words: ["chulbal", "show", ""], type: 63, reply: ["1  (저녁 약속)", "2  (치과)"]),
    BashCase(words: ["chulbal", "show", "2"], type: 63, reply: ["2"]),
    BashCase(words: ["chulbal", "show", "#"], reply: ["\\#1", "\\#2"]),
    BashCase(
      words: ["chulbal", "nav", "--provider", ""],
      reply: ["kakao", "naver", "tmap", "google", "apple", "osm"]),
    BashCase(words: ["chulbal", "plan", "--from", "강"], reply: ["강남역\\ 2번\\ 출구"]),
    BashCase(words: ["chulbal", "plan", "--tz", "Asia/Seo"], reply: ["Asia/Seoul"]),
    BashCase(words: ["chulbal", "nav", "--provider", "=", "n"], reply: ["naver"]),
    // Right after the sign bash has the sign itself under the cursor.
    BashCase(
      words: ["chulbal", "nav", "--provider", "="],
      reply: ["kakao", "naver", "tmap", "google", "apple", "osm"]),
    BashCase(
      words: ["chulbal", "--db", "=", CompletionTests.workspace.database, "show", ""],
      reply: ["1", "2"]),
    BashCase(
      words: ["chulbal", "plan", "--mode", "=", "car", "--from", "강"],
      reply: ["강남역\\ 2번\\ 출구"]),
    BashCase(
      words: ["chulbal", "--db", CompletionTests.workspace.folder + "/chulbal.d"],
      reply: [CompletionTests.workspace.database]),
  ]

  @Test(arguments: bashCases)
  func bash(_ test: BashCase) throws {
    // The function as bash calls it: COMP_WORDS, COMP_CWORD and COMP_TYPE set, COMPREPLY read.
    let script = """
      source <(chulbal completions bash)
      COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_TYPE=\(test.type)
      _chulbal
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let output = try Self.output(
      ["bash", "--norc", "--noprofile", "-c", script, "bash"] + test.words)
    #expect(output == test.reply.map { $0 + "\n" }.joined())
  }

  @Test func bashRegistersTheFunctionForChulbal() throws {
    let output = try Self.output([
      "bash", "--norc", "--noprofile", "-c",
      "source <(chulbal completions bash); complete -p chulbal",
    ])
    #expect(output == "complete -F _chulbal chulbal\n")
  }

  struct FishCase: Sendable, CustomTestStringConvertible {
    let line: String
    /// What fish prints: each completion, a tab and its description.
    let completions: [String]
    var testDescription: String { line + "⇥" }
  }

  static let fishCases: [FishCase] = [
    FishCase(
      line: "chulbal pl",
      completions: ["place\tadd, search, list, edit, remove", "plan\t\(PlanCommand.summary)"]),
    FishCase(line: "chulbal show ", completions: ["1\t저녁 약속", "2\t치과"]),
    FishCase(line: "chulbal status --format w", completions: ["waybar"]),
    FishCase(
      line: "chulbal place remove ",
      completions: ["강남역 2번 출구\t37.4979,127.0276", "집\t37.5665,126.978 (기본 출발지)"]),
    // The database's -wal and -shm files beside it are not offered.
    FishCase(
      line: "chulbal --db " + CompletionTests.workspace.folder + "/chulbal.d",
      completions: [CompletionTests.workspace.database]),
  ]

  @Test(arguments: fishCases)
  func fish(_ test: FishCase) throws {
    let script = "chulbal completions fish | source; complete --do-complete $argv[1]"
    let output = try Self.output(["fish", "--no-config", "-c", script, test.line])
    #expect(output == test.completions.map { $0 + "\n" }.joined())
  }

  @Test func zshLoadsUnderCompinitAndCompletesACommandName() throws {
    // compinit registers the function; the widget's own _describe needs the line editor, so a
    // stand-in prints the value:description pairs it is given.
    let script = """
      autoload -Uz compinit && compinit -D -u
      source <(chulbal completions zsh)
      print -r -- "registered: ${_comps[chulbal]}"
      _describe() { print -rl -- "${(@P)${@[-1]}}" }
      words=(chulbal pl); CURRENT=2
      _chulbal
      """
    let output = try Self.output(["zsh", "-f", "-c", script])
    #expect(
      output
        == "registered: _chulbal\nplan:\(PlanCommand.summary)\nplace:add, search, list, edit, remove\n"
    )
  }
}
