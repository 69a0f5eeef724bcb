import ChulbalTerminal

/// What one run of chulbal says and how it ends, decided without printing anything.
///
/// Only `main` writes an outcome to the real streams and exits, so every path through the
/// commands can be tested as a value.
public struct Outcome: Equatable, Sendable {
  public var standardOutput: String
  public var standardError: String
  public var exitCode: Int32

  public init(standardOutput: String = "", standardError: String = "", exitCode: Int32 = 0) {
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.exitCode = exitCode
  }

  /// Exit status for bad input: the command line or a value in it.
  public static let usageExitCode: Int32 = 2
  /// Exit status for a failure while running.
  public static let failureExitCode: Int32 = 1

  static func success(_ text: String) -> Outcome { Outcome(standardOutput: text) }

  /// One line on standard error, with control characters in the user's input made visible.
  static func usageError(_ error: UsageError) -> Outcome {
    Outcome(
      standardError: "chulbal: \(TerminalText.visible(error.message))\n", exitCode: usageExitCode)
  }
}
