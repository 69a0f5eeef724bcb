import ChulbalStore

/// A command that ran but could not do its job (exit status 1), with what to tell the person.
struct RuntimeFailure: Error {
  let message: String
}

extension Outcome {
  /// The outcome of any error a command throws: bad input exits 2, everything else 1.
  static func failure(_ error: any Error) -> Outcome {
    switch error {
    case let usage as UsageError:
      return .usageError(usage)
    case let store as StoreError:
      return Outcome(standardError: "chulbal: \(store)\n", exitCode: failureExitCode)
    case let failure as RuntimeFailure:
      return Outcome(standardError: "chulbal: \(failure.message)\n", exitCode: failureExitCode)
    default:
      return Outcome(standardError: "chulbal: \(error)\n", exitCode: failureExitCode)
    }
  }
}
