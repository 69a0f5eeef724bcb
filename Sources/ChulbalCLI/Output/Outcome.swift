import ChulbalCore

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

  /// Lines for standard error, each `chulbal: ` and the message with its control characters
  /// made visible: the one place every message to standard error is cleaned.
  static func diagnostics(_ messages: [String]) -> String {
    messages.map { "chulbal: \(TextCleaning.visible($0))\n" }.joined()
  }

  /// One line on standard error and the exit status.
  static func failure(_ message: String, exitCode: Int32) -> Outcome {
    Outcome(standardError: diagnostics([message]), exitCode: exitCode)
  }
}
