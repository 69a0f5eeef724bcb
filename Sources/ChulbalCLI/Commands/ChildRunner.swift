import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// A chulbal command the watch runs as a child process (`chulbal --db FILE sync --quiet`,
/// `… trip check --quiet`), so that a slow or hung service never holds up an alert: one at a
/// time, in a process group of its own, its outputs in files. One still running after
/// ``budget`` is killed with its group, so a hang cannot stop the runs after it.
struct ChildRunner {
  private let program: String?
  private let arguments: [String]
  private let variables: [String: String]
  /// How long one run may take.
  let budget: Duration
  /// When the child at work started.
  private var started = ContinuousClock.now
  /// The child at work.
  private var running: ChildProcess?
  private let outputFile: String
  private let errorFile: String

  /// How a run ended.
  enum Ended: Equatable {
    /// It exited with `status`; what it printed, a line each, `chulbal: ` taken off.
    case exited(status: Int32, output: [String], errors: [String])
    /// It ran past ``budget`` and was killed.
    case killed
  }

  /// - Parameters:
  ///   - program: chulbal itself; nil when it cannot be found, and nothing is ever run.
  ///   - command: the command's words after `--db FILE`.
  ///   - name: what the output files are named after.
  init(
    program: String?, database: String, command: [String], variables: [String: String],
    budget: Duration, name: String
  ) {
    self.program = program
    arguments = ["--db", database] + command
    self.variables = variables
    self.budget = budget
    let base = TemporaryFile.path(named: name, variables: variables)
    outputFile = base + ".out"
    errorFile = base + ".err"
  }

  var isRunning: Bool { running != nil }

  /// Starts a run; nothing when there is no program to run.
  ///
  /// - Throws: `SpawnError` when it cannot be started.
  mutating func start() throws(SpawnError) {
    guard let program, running == nil else { return }
    running = try ChildProcess(
      [program] + arguments, environment: variables, standardOutput: outputFile,
      standardError: errorFile, ownGroup: true)
    started = .now
  }

  /// Reaps the child at work if it has ended, or kills it past its budget.
  ///
  /// - Returns: how it ended; nil while it runs within its budget, or when none is at work.
  mutating func reap() -> Ended? {
    guard let child = running else { return nil }
    if let status = child.wait(timeout: 0) {
      running = nil
      return .exited(status: status, output: Self.lines(outputFile), errors: Self.lines(errorFile))
    }
    guard ContinuousClock.now - started > budget else { return nil }
    // Its own group, so what it started there goes with it; a password or key command, which
    // runs in a group of its own, is not reached.
    child.killGroup()
    running = nil
    return .killed
  }

  /// The budget in words: `5분`.
  var budgetText: String {
    KoreanDuration.text(seconds: Int(budget.components.seconds), precision: .seconds)
  }

  /// Removes the output files; a child at work is left to finish and write.
  func close() {
    try? FileManager.default.removeItem(atPath: outputFile)
    try? FileManager.default.removeItem(atPath: errorFile)
  }

  private static func lines(_ path: String) -> [String] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map {
      $0.hasPrefix("chulbal: ") ? String($0.dropFirst(9)) : String($0)
    }
  }
}
