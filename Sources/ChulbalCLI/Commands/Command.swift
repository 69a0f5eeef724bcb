import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// One chulbal command: its name, its options, its help, and what it does.
protocol Command {
  /// The words that select it, such as `plan` or `place add`.
  static var name: String { get }
  static var summary: String { get }
  /// The synopses after `사용법: `, one a line, wrapped to 80 columns when shown.
  static var usage: [String] { get }
  /// What the command does: paragraphs (a blank line between), wrapped to 80 columns when
  /// shown.
  static var about: String { get }
  /// Every option it takes but `--help`, in the order its help lists them.
  static var options: [OptionSpec] { get }
  /// Sections after the options, such as examples; empty for none.
  static var epilogue: String { get }
  /// What each word after the command's name that is not an option stands for, in order, for
  /// completion; empty when it takes none or only free text (`add`'s title).
  static var operands: [WordKind] { get }
  /// Whether the last of `operands` may be given any number of times (`remove 3 4 5`).
  static var repeatsLastOperand: Bool { get }
  /// Does the work; throws `UsageError` for bad input (nothing written), anything else for a
  /// runtime failure. Every option is read into a typed value before any file is touched.
  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome
}

extension Command {
  static var epilogue: String { "" }
  static var operands: [WordKind] { [] }
  static var repeatsLastOperand: Bool { false }

  /// Every option, `--help` last.
  static var specs: [OptionSpec] { options + [.help] }

  /// The command's help: its synopsis and prose, and a table made from its option specs.
  static var help: String {
    var text = HelpText.usage(usage) + "\n"
    if !about.isEmpty { text += "\n" + HelpText.paragraphs(about) }
    text += "\n옵션:\n" + HelpText.table(specs.map { ($0.synopsis, $0.help) })
    if !epilogue.isEmpty { text += "\n\(epilogue)" }
    return text
  }

  /// Splits the words after the command's name, answers `--help` when it is one of them (not
  /// when it is another option's value), and runs the command, catching every error as an
  /// outcome.
  static func main(_ arguments: [String], environment: Environment) -> Outcome {
    let split = SplitArguments(arguments) {
      ParsedOptions.spec(named: $0, in: specs)?.takesValue ?? false
    }
    do {
      if split.elements.contains(where: {
        if case .option(let name, _) = $0 { return name == "--help" || name == "-h" }
        return false
      }) {
        return .success(help)
      }
      return try run(ParsedOptions(command: name, specs: specs, split: split), environment)
    } catch {
      return .failure(error)
    }
  }
}

extension ParsedOptions {
  /// The clock to read: fixed at `--now` when given, else the environment's.
  ///
  /// A `--now` without a UTC offset is read in `timeZone`, else in the system zone, which is
  /// asked for only then: a broken `TZ` does not stop `--now 2026-11-30T14:00+09:00`.
  func clock(_ environment: Environment, timeZone: Zone?) throws
    -> any WallClock
  {
    try clock(environment.clock, timeZone: timeZone) {
      () throws(ParseError) in try environment.timeZone(option: nil)
    }
  }

  private func clock(
    _ clock: any WallClock, timeZone: Zone?,
    systemZone: () throws(ParseError) -> Zone = { .gmt }
  ) throws -> any WallClock {
    guard let text = self[.now] else { return clock }
    // The zone or why there is none, as a pair rather than a Result: a Result's metadata costs
    // every start-up one of the Swift runtime's conformance searches.
    let zone: Zone?
    let zoneError: ParseError?
    if let timeZone {
      (zone, zoneError) = (timeZone, nil)
    } else {
      do throws(ParseError) {
        (zone, zoneError) = (try systemZone(), nil)
      } catch {
        (zone, zoneError) = (nil, error)
      }
    }
    do {
      return FixedClock(
        try TimeExpression.parseInstant(text) { () throws(InputError) -> Zone in
          if let zone { return zone }
          if case .environment(_, let cause)? = zoneError { throw cause }
          throw .timeZone("")  // Not reached: the system zone fails only through TZ.
        })
    } catch {
      if let zoneError, case .environment(_, error) = zoneError { throw zoneError }
      throw ParseError.invalidValue(option: OptionSpec.now.name, error)
    }
  }

  /// `--now`, checked before anything is read, for a command whose zone for it comes from
  /// what it reads.
  func checkNow() throws {
    _ = try clock(FixedClock(Date(timeIntervalSince1970: 0)), timeZone: .gmt)
  }

  /// `--tz` when given.
  func timeZone(_ environment: Environment) throws -> Zone? {
    guard let text = self[.timeZone] else { return nil }
    return try environment.timeZone(option: text)
  }

  /// The store `--db` or the environment points at, opened for what the command means to do;
  /// nil when there is none yet (a reading command shows its empty state).
  ///
  /// - Throws: `ParseError.missingValue` for an empty `--db`; `StoreError` when the path or
  ///   the file cannot be used.
  func store(_ environment: Environment, access: Store.Access) throws -> Store? {
    let store = try Store.open(
      path: databasePath(environment), access: access, expander: .libical(environment.zones),
      zones: environment.zones)
    store?.tripZone = environment.readerZone(else: .gmt)
    return store
  }

  /// The store for a command that writes: `existing` when there was one, else a new one.
  func writableStore(_ environment: Environment, existing: Store? = nil) throws -> Store {
    if let existing { return existing }
    let store = try Store.openOrCreate(
      path: databasePath(environment), expander: .libical(environment.zones),
      zones: environment.zones)
    store.tripZone = environment.readerZone(else: .gmt)
    return store
  }

  /// `--db`, else the path the environment gives: `CHULBAL_DB` or the XDG default. An empty
  /// `CHULBAL_DB` counts as unset, as an empty variable usually does, but an empty `--db` names
  /// no file.
  ///
  /// - Throws: `ParseError.missingValue` for an empty `--db`; `ParseError.undecodableVariable`
  ///   when the variable the path comes from is not UTF-8: read with U+FFFD in it, it would
  ///   name another file.
  func databasePath(_ environment: Environment) throws -> String {
    if let path = self[.database] {
      guard !path.isEmpty else { throw ParseError.missingValue(option: OptionSpec.database.name) }
      return path
    }
    let location = Store.defaultLocation(environment: environment.variables)
    if let name = location.variable, let shown = environment.undecodableVariables[name] {
      throw ParseError.undecodableVariable(name, shown: shown)
    }
    return location.path
  }
}
