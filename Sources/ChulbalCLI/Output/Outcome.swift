import ChulbalCore
import ChulbalSystem

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

  /// Writes the outcome to the console's streams and returns the status to exit with.
  ///
  /// A result that cannot be written makes a successful outcome a failure (exit 1), said on
  /// standard error if that can be written. A reader that closed the pipe early
  /// (`chulbal list | head -1`) wanted no more: that is no failure and says nothing.
  public func write(to console: any Console) -> Int32 {
    var status = exitCode
    var messages = standardError
    do {
      try console.write(standardOutput, to: .output)
    } catch let error where !error.isReaderGone {
      messages += Self.diagnostics([
        RuntimeFailure.unwritableOutput(error, afterRunning: true).message
      ])
      if status == 0 { status = Self.failureExitCode }
    } catch {}
    // Nothing more can be done when standard error cannot be written; the status still says
    // how the command ended.
    try? console.write(messages, to: .error)
    return status
  }

  /// One line on standard error and the exit status.
  static func failure(_ message: String, exitCode: Int32) -> Outcome {
    Outcome(standardError: diagnostics([message]), exitCode: exitCode)
  }
}
