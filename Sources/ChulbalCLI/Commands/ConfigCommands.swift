import ChulbalCore
import ChulbalStore
import ChulbalTerminal

/// `chulbal config get [KEY]`
enum ConfigGetCommand: Command {
  static let name = "config get"
  static let summary = "설정을 봅니다"
  static let specs: [CommandOptions.Spec] = [.database, .json, .help]

  static var help: String {
    """
    사용법: chulbal config get [이름] [--json]

    설정 값을 보여 줍니다. 바꾸지 않은 설정은 기본값입니다.

    설정:
    \(Settings.Key.allCases.map { "  \($0.rawValue.padding(10)) \($0.summary)" }.joined(separator: "\n"))

    """
  }

  static func run(_ options: CommandOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 1)
    let keys =
      try options.positionals.first.map { key throws(UsageError) in [try Settings.Key.named(key)] }
      ?? Settings.Key.allCases
    let settings = try options.store(environment, create: false)?.settings() ?? .defaults
    if options.has("--json") {
      return .success(
        JSONValue.object(keys.map { ($0.rawValue, .string(settings.text($0))) }).rendered())
    }
    if options.positionals.first != nil { return .success(settings.text(keys[0]) + "\n") }
    return .success(
      TerminalText.table(
        keys.map { key in
          [key.rawValue, settings.text(key), settings.stored.contains(key) ? "" : "(기본값)"]
        }))
  }
}

/// `chulbal config set KEY VALUE`
enum ConfigSetCommand: Command {
  static let name = "config set"
  static let summary = "설정을 바꿉니다"
  static let specs: [CommandOptions.Spec] = [.database, .help]

  static var help: String {
    """
    사용법: chulbal config set 이름 값

    예: chulbal config set buffer 15m
        chulbal config set providers kakao,naver,google

    설정:
    \(Settings.Key.allCases.map { "  \($0.rawValue.padding(10)) \($0.summary)" }.joined(separator: "\n"))

    """
  }

  static func run(_ options: CommandOptions, _ environment: Environment) throws -> Outcome {
    guard options.positionals.count >= 2 else {
      throw UsageError.missingOption(
        "이름과 값", command: name, example: "chulbal config set buffer 15m")
    }
    try options.expectPositionals(atMost: 2)
    let key = try Settings.Key.named(options.positionals[0])
    var settings = Settings.defaults
    do {
      try settings.set(key, from: options.positionals[1])
    } catch {
      throw UsageError.invalidValue(option: key.rawValue, error)
    }
    try options.writableStore(environment).save(key, of: settings)
    return .success("\(key.rawValue) = \(settings.text(key))\n")
  }
}

extension Settings.Key {
  /// The key a person typed, or a usage error suggesting the nearest one.
  static func named(_ name: String) throws(UsageError) -> Settings.Key {
    guard let key = Settings.Key(rawValue: name) else {
      throw .unknownSetting(name, suggestion: suggestion(for: name, among: allCases.map(\.rawValue)))
    }
    return key
  }
}
