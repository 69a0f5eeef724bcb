import ChulbalTestSupport
import Foundation
import Testing

/// The hostile-input campaign: each case runs the built binary as its own process in a fresh
/// folder and checks the promises every run keeps (see `HostileCheck`).
@Suite(.tags(.campaign, .process)) struct HostileInputTests {
  @Test(arguments: HostileCampaign.optionCases)
  func hostileOptionValues(_ example: HostileCase) async throws {
    try await HostileCheck.run(example)
  }

  @Test(arguments: HostileCampaign.environmentCases)
  func hostileEnvironments(_ example: HostileCase) async throws {
    try await HostileCheck.run(example)
  }

  @Test(arguments: HostileCampaign.databaseCases)
  func brokenDatabaseFiles(_ example: HostileCase) async throws {
    try await HostileCheck.run(example)
  }

  @Test(arguments: HostileCampaign.outputCases)
  func storedTextInEveryOutput(_ example: HostileCase) async throws {
    try await HostileCheck.run(example)
  }

  @Test(arguments: HostileCampaign.streamCases)
  func closedAndFullStreams(_ example: HostileCase) async throws {
    try await HostileCheck.run(example)
  }

  @Test(arguments: HostileCampaign.completionCases)
  func completionOfHostileLinesAndDatabases(_ example: HostileCase) async throws {
    try await HostileCheck.run(example)
  }

  @Test(arguments: HostileCampaign.signalCases)
  func signalsToLongRunningCommands(_ example: HostileCase) async throws {
    try await HostileCheck.run(example)
  }

  /// Every command has a valid line to give hostile values to, and the campaign is as large as
  /// the note says.
  @Test func theCampaignCoversEveryCommand() {
    let uncovered = HostileCampaign.commands.map(\.name).filter { HostileCampaign.bases[$0] == nil }
    #expect(uncovered.isEmpty, "commands the campaign has no line for: \(uncovered)")
    #expect(HostileCampaign.all.count > 1000)
  }
}

/// What every hostile run must keep, and the checks particular to its expectation.
enum HostileCheck {
  static func run(_ example: HostileCase) async throws {
    let folder = TemporaryCaseFolder()
    try example.fixture.make(in: folder.path)
    let before = folder.snapshot()
    let run = HostileRun(
      arguments: example.arguments.map { folder.expand($0) },
      environment: environment(example, folder: folder),
      folder: folder.path, redirection: example.redirection, signal: example.signal,
      limit: example.mayKeepRunning ? .milliseconds(1500) : .seconds(10))
    // The intact file's output, for a reader of a damaged file to match; read just before
    // and (if needed) just after, so a minute turning over in between cannot tell them apart.
    let intact = TemporaryCaseFolder()
    var same = run
    if example.expectation == .refusedOrAsIntact {
      try HostileFixture.standard.make(in: intact.path)
      same.arguments = example.arguments.map { intact.expand($0) }
      same.environment = environment(example, folder: intact)
      same.folder = intact.path
    }
    let earlier = example.expectation == .refusedOrAsIntact ? try await same.run() : nil
    let result = try await run.run()
    var problems = check(example, result, unchanged: folder.snapshot() == before)
    if let earlier, result.status != 1 {
      func matches(_ expected: HostileRun.Result) -> Bool {
        result.status == expected.status && result.standardOutput == expected.standardOutput
      }
      if !matches(earlier) {
        let later = try await same.run()
        if !matches(later) {
          problems.append("neither refused nor the intact file's output:\n\(describe(later))")
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "; "))\n\(describe(result))")
  }

  static let baseEnvironment = [
    "PATH": "/usr/bin:/bin", "TZ": "Asia/Seoul", "TERM": "xterm-256color", "LANG": "C.UTF-8",
  ]

  static func environment(_ example: HostileCase, folder: TemporaryCaseFolder) -> [String: String] {
    var variables = baseEnvironment
    variables["HOME"] = folder.path
    variables["CHULBAL_DB"] = folder.path + "/" + HostileFixture.databaseName
    for (name, value) in example.environment {
      variables[name] = value.map { folder.expand($0) }
    }
    return variables
  }

  /// Scalars that must never reach a reader from user data: C0 controls but newline and tab,
  /// DEL and C1, and the bidirectional controls.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  static func check(_ example: HostileCase, _ result: HostileRun.Result, unchanged: Bool)
    -> [String]
  {
    var problems: [String] = []
    let output = String(validating: result.standardOutput, as: UTF8.self)
    let error = String(validating: result.standardError, as: UTF8.self)
    if output == nil { problems.append("standard output is not UTF-8") }
    if error == nil { problems.append("standard error is not UTF-8") }
    let out = output ?? "", err = error ?? ""
    for marker in ["Fatal error", "Program crashed", "Backtrace", "💣", "Stack dump"]
    where out.contains(marker) || err.contains(marker) {
      problems.append("crash text '\(marker)'")
    }
    // An iCalendar stream ends each line with CR LF (RFC 5545 §3.1): the format's, not data's.
    let calendar = example.arguments.first == "export"
    let lines = calendar ? out.replacingOccurrences(of: "\r\n", with: "\n") : out
    for (name, text) in [("output", lines), ("error", err)]
    where text.unicodeScalars.contains(where: isForbidden) {
      problems.append("a raw control or bidi character on standard \(name)")
    }
    if err.range(
      of: #"SQLite 오류 \d|PRAGMA |SELECT |INSERT |CREATE TABLE|sqlite3_"#,
      options: .regularExpression) != nil
    {
      problems.append("SQLite's code or SQL text reaches a person")
    }
    if result.timedOut && !example.mayKeepRunning { problems.append("still running at the limit") }
    let signalled: Bool
    if case .endsOnSignal = example.expectation { signalled = true } else { signalled = false }
    if result.timedOut {
      // Stopped by the test: nothing more to judge than what it printed.
    } else if result.endedBySignal && !(signalled && result.status == 128 + (example.signal ?? 0)) {
      // Dying of the very signal it was sent is the documented way for a plain display.
      problems.append("killed by signal \(result.status - 128)")
    } else if result.status >= 128 && !signalled {
      problems.append("exit status \(result.status)")
    }
    let stderrOpen = !(example.redirection ?? "").contains("2>")
    if !result.timedOut && !signalled && result.status != 0 && stderrOpen {
      let lines = err.split(separator: "\n", omittingEmptySubsequences: false)
      if !(lines.count == 2 && lines[1].isEmpty && lines[0].hasPrefix("chulbal: ")) {
        problems.append("exit \(result.status) without exactly one 'chulbal: ' line on stderr")
      }
    }
    if result.status == 2 && !result.timedOut {
      if !unchanged { problems.append("bad input changed the folder") }
      if !out.isEmpty && example.redirection == nil { problems.append("bad input printed output") }
    }
    switch example.expectation {
    case .contract: break
    case .refusedFile:
      if result.status != 1 { problems.append("a broken file not refused with exit 1") }
      if !unchanged { problems.append("a refused file was changed") }
    case .writesNothing:
      if !unchanged { problems.append("a reading command wrote") }
    case .unwritableStream:
      // Never 0: a result nobody could read is a failure. 2 is bad input, which a command
      // may find before it writes anything.
      if result.timedOut || !(1...2).contains(result.status) {
        problems.append("an unwritable standard output did not end the command with 1 or 2")
      }
    case .endsOnSignal(let number):
      if result.timedOut || result.status != 128 + number {
        problems.append("signal \(number) did not end it with \(128 + number)")
      }
    case .refusedOrAsIntact:
      if !unchanged { problems.append("a damaged file was changed") }
    case .cleanOutput:
      problems += checkFormat(example.arguments, out, status: result.status)
    case .completesQuietly:
      if result.timedOut || result.status != 0 { problems.append("completion did not exit 0") }
      if !out.hasPrefix("words\n") && !out.hasPrefix("files\n") {
        problems.append("completion did not start with its kind line")
      }
      if !err.isEmpty { problems.append("completion wrote to standard error") }
      if !unchanged { problems.append("completion changed the folder") }
    }
    return problems
  }

  /// Checks particular to one output format: JSON parses, markup is escaped for the reader.
  static func checkFormat(_ arguments: [String], _ output: String, status: Int32) -> [String] {
    guard status == 0 else { return [] }
    var problems: [String] = []
    let format = arguments.firstIndex(of: "--format").map { arguments[$0 + 1] }
    if arguments.contains("--json") || format == "json" || format == "waybar" {
      // `--json` prints one document; a status format one document a line.
      let documents = format == nil ? [output] : output.split(separator: "\n").map(String.init)
      for document in documents {
        guard let object = try? JSONSerialization.jsonObject(with: Data(document.utf8)) else {
          problems.append("not JSON: \(document.prefix(80))")
          continue
        }
        if format == "waybar", let fields = object as? [String: Any] {
          for key in ["text", "tooltip"] {
            if let text = fields[key] as? String, !isEscapedMarkup(text) {
              problems.append("waybar \(key) is not escaped Pango markup: \(text.prefix(80))")
            }
          }
        }
      }
    }
    if format == "tmux" {
      // tmux reads #(...) as a command to run and #[...] as a style; ## is a literal #.
      // Its own styles are the colour at the start and the reset at the end.
      let literal = output.replacingOccurrences(of: "##", with: "")
        .replacingOccurrences(
          of: #"#\[fg=#[0-9a-f]{6},bg=#[0-9a-f]{6}\]|#\[default\]"#, with: "",
          options: .regularExpression)
      for opener in ["#(", "#[", "#{"] where literal.contains(opener) {
        problems.append("tmux format carries '\(opener)' from user data")
      }
    }
    return problems
  }

  /// No `<` or `>`, and every `&` starts an entity.
  static func isEscapedMarkup(_ text: String) -> Bool {
    if text.contains("<") || text.contains(">") { return false }
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      let after = rest[rest.index(after: ampersand)...]
      guard
        ["amp;", "lt;", "gt;", "quot;", "apos;", "#"].contains(where: { after.hasPrefix($0) })
      else { return false }
      rest = after
    }
    return true
  }

  static func describe(_ result: HostileRun.Result) -> String {
    let out = String(decoding: result.standardOutput.prefix(400), as: UTF8.self)
    let err = String(decoding: result.standardError.prefix(400), as: UTF8.self)
    return "exit \(result.status)\(result.timedOut ? " (killed at the limit)" : "")\n"
      + "stdout: \(out.debugDescription)\nstderr: \(err.debugDescription)"
  }
}

/// A folder for one case, removed afterwards; what it holds can be compared before and after.
final class TemporaryCaseFolder: @unchecked Sendable {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "chulbal-hostile-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    // A case may have made a folder without write permission for its owner.
    _ = chmod(path, 0o700)
    try? FileManager.default.removeItem(atPath: path)
  }

  func expand(_ text: String) -> String { text.replacingOccurrences(of: "@DIR", with: path) }

  /// Every entry under the folder (but the run's own output files) with its bytes, or its link
  /// target for a symbolic link.
  func snapshot() -> [String: Data] {
    var entries: [String: Data] = [:]
    let manager = FileManager.default
    guard let names = manager.subpaths(atPath: path) else { return entries }
    for name in names where !name.hasPrefix(".std") {
      let full = path + "/" + name
      if let target = try? manager.destinationOfSymbolicLink(atPath: full) {
        entries[name] = Data(("link:" + target).utf8)
      } else if name.hasSuffix("-shm") {
        // SQLite's shared-memory index of the log: every reader marks in it, and it holds no
        // data (it is rebuilt from the log), so only whether it is there counts.
        entries[name] = Data("shared memory".utf8)
      } else {
        entries[name] = manager.contents(atPath: full) ?? Data("folder".utf8)
      }
    }
    return entries
  }
}
