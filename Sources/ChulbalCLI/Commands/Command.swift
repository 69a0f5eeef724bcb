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
    try expectPositionals(atMost: 0)
  }

  /// Rejects positional words past the first `count`.
  func expectPositionals(atMost count: Int) throws(UsageError) {
    if positionals.count > count {
      throw .unexpectedArgument(positionals[count], command: command)
    }
  }

  /// The one positional word a command needs, such as an appointment's number.
  ///
  /// - Parameters:
  ///   - name: what the word is, for the error when it is missing.
  ///   - example: a command line that gives it.
  func singlePositional(_ name: String, example: String) throws(UsageError) -> String {
    guard let word = positionals.first else {
      throw .missingOption(name, command: command, example: example)
    }
    try expectPositionals(atMost: 1)
    return word
  }

  /// The store for a command that writes: `existing` when there was one, else a new one.
  func writableStore(_ environment: Environment, existing: Store? = nil) throws -> Store {
    guard let store = try existing ?? self.store(environment, create: true) else {
      throw RuntimeFailure(message: "데이터베이스를 만들 수 없습니다")
    }
    return store
  }
}
