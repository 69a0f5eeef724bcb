import Testing

@testable import ChulbalCLI

/// One command line that must be refused as bad input.
struct BadInputCase: Sendable, CustomTestStringConvertible {
  let arguments: [String]
  /// Text the one-line message must contain: the bad value, quoted as typed.
  let names: String
  var testDescription: String { arguments.joined(separator: " ") }

  /// Checks the outcome is exit status 2, nothing on standard output, and one line on standard
  /// error naming the value, with no raw control character.
  func expectRefused(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(outcome.exitCode == 2, sourceLocation: sourceLocation)
    #expect(outcome.standardOutput.isEmpty, sourceLocation: sourceLocation)
    #expect(outcome.standardError.hasPrefix("chulbal: "), sourceLocation: sourceLocation)
    #expect(outcome.standardError.hasSuffix("\n"), sourceLocation: sourceLocation)
    #expect(
      outcome.standardError.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
    #expect(
      outcome.standardError.contains(names), "\(outcome.standardError)",
      sourceLocation: sourceLocation)
    #expect(
      !outcome.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 7 },
      sourceLocation: sourceLocation)
  }
}
