/// The words before the one being completed, read as `CLI.run` reads them: global options, a
/// command (or group member, or `help`), then its options and operands.
struct TypedLine {
  /// How far the line has got.
  enum Position {
    /// No command yet (or, after `help`, no command asked about yet).
    case start
    /// A group's name (`place`), its member next.
    case group(String)
    case command(any Command.Type)
    /// `help` and a command: nothing more.
    case answered
  }

  private(set) var position = Position.start
  /// The options that may come where the line is.
  private(set) var specs = CLI.globalOptions
  private(set) var givenOptions: [OptionSpec] = []
  /// An option given last without a value: the next word is its value.
  private(set) var pendingOption: OptionSpec?
  /// `--db`'s value, so completion reads the command's database; a leading `~/` is still to expand.
  private(set) var database: String?
  /// How many operands the command has been given.
  private(set) var operandCount = 0
  /// After a lone `--`, every word is an operand.
  private(set) var onlyValues = false
  /// `help` came first: the command after it is asked about, not run.
  private(set) var askingHelp = false

  /// Takes the next word; false when the line cannot be completed past it (unknown command).
  mutating func read(_ word: String) -> Bool {
    if let spec = pendingOption {
      pendingOption = nil
      if spec == .database { database = word }
      return true
    }
    if !onlyValues, word.hasPrefix("-"), word != "-" {
      if word == "--", case .command = position {
        onlyValues = true
      } else {
        option(word)
      }
      return true
    }
    switch position {
    case .start:
      if !askingHelp && word == "help" {
        askingHelp = true
        specs = []
      } else if let command = CLI.commands.first(where: { $0.name == word }) {
        enter(command)
      } else if CLI.commands.contains(where: { $0.name.hasPrefix(word + " ") }) {
        position = .group(word)
        specs = askingHelp ? [] : [.help]
      } else {
        return false
      }
    case .group(let group):
      guard let command = CLI.commands.first(where: { $0.name == "\(group) \(word)" }) else {
        return false
      }
      enter(command)
    case .command:
      operandCount += 1
    case .answered:
      break
    }
    return true
  }

  private mutating func enter(_ command: any Command.Type) {
    position = askingHelp ? .answered : .command(command)
    specs = askingHelp ? [] : command.specs
  }

  /// An option word: `--name`, `--name=value` or a short alias.
  private mutating func option(_ word: String) {
    var name = word
    var value: String?
    if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
      name = String(word[..<equals])
      value = String(word[word.index(after: equals)...])
    }
    guard let spec = ParsedOptions.spec(named: name, in: specs) else { return }
    givenOptions.append(spec)
    guard spec.takesValue else { return }
    if let value {
      // Shells leave a tilde after the sign alone: the command opens a folder named '~'.
      if spec == .database { database = value.hasPrefix("~") ? "./" + value : value }
    } else {
      pendingOption = spec
    }
  }
}
