import ChulbalCore
import FoundationEssentials

/// What one command line gave for a command's options, read against its specs.
struct ParsedOptions {
  let command: String
  let specs: [OptionSpec]
  // Lists, not a dictionary: hashing OptionSpec costs every run a conformance search
  // (docs/performance.md).
  private var values: [(spec: OptionSpec, value: String?)] = []
  private var flags: [OptionSpec] = []
  private(set) var positionals: [String] = []
  /// Positional words right after an option's value, which the shell split off an unquoted value
  /// (`--at 내일 저녁 7시`).
  private var trailing: [(spec: OptionSpec, word: String)] = []

  /// Reads a command's words against its specs.
  ///
  /// Every word but a path is put in Unicode NFC, so `café` typed precomposed or decomposed, or
  /// Hangul as syllables or jamo, is one name.
  ///
  /// - Throws: `UsageError` for an unknown or repeated option, a missing value, or a value given to
  ///   a flag.
  init(command: String, specs: [OptionSpec], split: SplitArguments) throws {
    self.command = command
    self.specs = specs
    var follows: OptionSpec?
    for element in split.elements {
      switch element {
      case .value(let word):
        positionals.append(word.precomposed)
        if let follows { trailing.append((follows, word.precomposed)) }
      case .unfinished(let name):
        throw ParseError.missingValue(option: Self.spec(named: name, in: specs)?.name ?? name)
      case .option(let name, let value):
        guard let spec = Self.spec(named: name, in: specs) else {
          throw ParseError.unknownOption(
            name, command: command,
            suggestion: suggestion(for: name, among: specs.map(\.name)))
        }
        if spec.takesValue {
          guard spec.repeats || !values.contains(where: { $0.spec == spec }) else {
            throw ParseError.repeatedOption(spec.name)
          }
          values.append((spec, spec == .database ? value : value?.precomposed))
          follows = spec
        } else {
          guard value == nil else { throw ParseError.unexpectedValue(option: spec.name) }
          guard !flags.contains(spec) else { throw ParseError.repeatedOption(spec.name) }
          flags.append(spec)
          follows = nil
        }
      }
    }
  }

  /// The spec a word names, by its long name or its short alias.
  static func spec(named name: String, in specs: [OptionSpec]) -> OptionSpec? {
    specs.first { $0.name == name || $0.short == name }
  }

  subscript(spec: OptionSpec) -> String? { values.first { $0.spec == spec }?.value }

  /// Every value given to an option that may be repeated, in order.
  func values(_ spec: OptionSpec) -> [String] {
    values.filter { $0.spec == spec }.compactMap(\.value)
  }

  func has(_ flag: OptionSpec) -> Bool { flags.contains(flag) }

  /// The positional words typed right after `spec`'s value, before any other option.
  func words(after spec: OptionSpec) -> [String] {
    trailing.filter { $0.spec == spec }.map(\.word)
  }

  /// Parses an option's value, tagging any error with the option's name.
  func parse<T>(
    _ spec: OptionSpec, _ parser: (String) throws(InputError) -> T
  ) throws -> T? {
    guard let text = self[spec] else { return nil }
    do {
      return try parser(text)
    } catch {
      throw ParseError.invalidValue(option: spec.name, error)
    }
  }

  /// A value that must be one of `choices`.
  ///
  /// - Parameter noun: what the choices are (`지도`), for the message when `text` is none.
  func choice<T: RawRepresentable & CaseIterable>(
    _ spec: OptionSpec, _: T.Type, noun: String? = nil
  ) throws -> T? where T.RawValue == String {
    guard let text = self[spec] else { return nil }
    guard let value = T(rawValue: text.lowercased()) else {
      throw ParseError.invalidChoice(
        option: spec.name, value: text, accepted: T.allCases.map(\.rawValue), noun: noun)
    }
    return value
  }

  /// Rejects positional words past the first `count`.
  func expectPositionals(atMost count: Int) throws {
    if positionals.count > count {
      throw ParseError.unexpectedArgument(positionals[count], command: command)
    }
  }

  /// The one positional word a command needs, such as an appointment's number.
  ///
  /// - Parameters:
  ///   - name: what the word is, for the error when missing.
  ///   - example: a command line that gives it.
  func singlePositional(_ name: String, example: String) throws -> String {
    guard let word = positionals.first else {
      throw ParseError.missingArgument(name, command: command, example: example)
    }
    try expectPositionals(atMost: 1)
    return word
  }
}
