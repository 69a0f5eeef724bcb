import ChulbalCore
import ChulbalStore
import Foundation

/// One chulbal command: its name, its options, its help, and what it does.
protocol Command {
  /// The words that select it, such as `plan` or `place add`.
  static var name: String { get }
  static var summary: String { get }
  static var specs: [CommandOptions.Spec] { get }
  static var help: String { get }
  /// Does the work; throws `UsageError` for bad input (nothing written), anything else for a
  /// runtime failure.
  static func run(_ options: CommandOptions, _ environment: Environment) throws -> Outcome
}

extension Command {
  /// Parses the words after the command's name and runs it, catching every error as an
  /// outcome; `--help` anywhere wins.
  static func main(_ arguments: [String], environment: Environment) -> Outcome {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .success(help) }
    do {
      let options = try CommandOptions(command: name, specs: specs, arguments: arguments)
      return try run(options, environment)
    } catch {
      return .failure(error)
    }
  }
}

extension CommandOptions.Spec {
  static let json = Self(name: "--json", takesValue: false)
  static let help = Self(name: "--help", short: "-h", takesValue: false)
  static let now = Self(name: "--now")
  static let database = Self(name: "--db")
}

extension CommandOptions {
  /// `--now`, read in `timeZone`, else the real clock.
  func now(_ environment: Environment, timeZone: TimeZone) throws(UsageError) -> Date {
    try parse("--now") { text throws(InputError) in
      try TimeExpression.parseInstant(text, timeZone: timeZone)
    } ?? environment.now
  }

  /// The store `--db` or the environment points at.
  ///
  /// - Parameter create: create it when missing (commands that write); a reading command gets
  ///   nil instead and shows its empty state.
  func store(_ environment: Environment, create: Bool) throws -> Store? {
    let path = self["--db"] ?? Store.defaultPath(environment: environment.variables)
    return try Store.open(path: path, create: create)
  }

  /// Rejects positional words for a command that takes none.
  func expectNoPositionals() throws(UsageError) {
    if let word = positionals.first { throw .unexpectedArgument(word, command: command) }
  }
}
