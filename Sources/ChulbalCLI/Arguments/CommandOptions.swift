import ChulbalCore

/// The options one command accepts, and what a command line gave for them.
struct CommandOptions {
  /// One accepted option: its long name, an optional short alias, whether it takes a value.
  struct Spec {
    let name: String
    var short: String? = nil
    var takesValue = true
  }

  let command: String
  let specs: [Spec]
  private(set) var values: [String: String] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String] = []

  /// Reads a command's words against its specs.
  ///
  /// - Throws: `UsageError` for an unknown or repeated option, a missing value, or a value
  ///   given to a flag.
  init(command: String, specs: [Spec], arguments: [String]) throws(UsageError) {
    self.command = command
    self.specs = specs
    func spec(_ name: String) -> Spec? {
      specs.first { $0.name == name || $0.short == name }
    }
    let split = try SplitArguments(arguments) { spec($0)?.takesValue ?? false }
    for element in split.elements {
      switch element {
      case .value(let word):
        positionals.append(word)
      case .option(let name, let value):
        guard let spec = spec(name) else {
          throw .unknownOption(
            name, command: command,
            suggestion: suggestion(for: name, among: specs.map(\.name)))
        }
        if spec.takesValue {
          guard values[spec.name] == nil else { throw .repeatedOption(spec.name) }
          values[spec.name] = value
        } else {
          guard value == nil else { throw .unexpectedValue(option: spec.name) }
          guard !flags.contains(spec.name) else { throw .repeatedOption(spec.name) }
          flags.insert(spec.name)
        }
      }
    }
  }

  subscript(name: String) -> String? { values[name] }

  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// Parses an option's value, tagging any error with the option's name.
  func parse<T>(
    _ name: String, _ parser: (String) throws(InputError) -> T
  ) throws(UsageError) -> T? {
    guard let text = values[name] else { return nil }
    do {
      return try parser(text)
    } catch {
      throw .invalidValue(option: name, error)
    }
  }
}
