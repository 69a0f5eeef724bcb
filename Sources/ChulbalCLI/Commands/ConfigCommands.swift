import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import FoundationEssentials
import Glibc

/// `chulbal config get [KEY]`
enum ConfigGetCommand: Command {
  static let name = "config get"
  static let summary = "설정을 봅니다"
  static let operands: [WordKind] = [.settingKey]
  static let usage = ["chulbal config get [이름] [--json]"]
  static let about = "설정 값을 보여 줍니다. 바꾸지 않은 설정은 기본값입니다."
  static let options: [OptionSpec] = [.database, .json]
  static var epilogue: String { settingsHelp }

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 1)
    let keys =
      try options.positionals.first.map { key throws in [try Settings.Key.named(key)] }
      ?? Settings.Key.allCases
    let settings = try options.store(environment, access: .reading)?.settings() ?? .defaults
    if options.has(.json) {
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
  static let operands: [WordKind] = [.settingKey, .text]
  static let usage = ["chulbal config set 이름 값"]
  static let about = "설정을 바꿉니다. 값은 확인한 뒤 표준 형태로 저장합니다 (10분 → 10m)."
  static let options: [OptionSpec] = [.database]
  static var epilogue: String {
    settingsHelp + """

      예:
        chulbal config set buffer 15m
        chulbal config set providers kakao,naver,google
        chulbal config set notify.command "notify-send -u critical"
        chulbal config set notify.backends command,terminal
        chulbal config set kakao.key-command "pass show kakao/rest-api-key"
        chulbal config set route.car kakao,estimate
        chulbal config set osrm.url http://127.0.0.1:5000

      """
  }

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    guard options.positionals.count >= 2 else {
      throw ParseError.missingArgument(
        "설정 이름과 값", command: name, example: "chulbal config set buffer 15m")
    }
    try options.expectPositionals(atMost: 2)
    let key = try Settings.Key.named(options.positionals[0])
    var settings = Settings.defaults
    do {
      try settings.set(key, from: options.positionals[1])
    } catch {
      throw ParseError.invalidValue(option: key.rawValue, error)
    }
    let program = key == .command ? settings.notifyCommand?.first : nil
    if let program = program ?? (key == .routeCommand ? settings.routes.command?.first : nil) {
      try checkRunnable(program, variables: environment.variables)
    }
    let store = try options.writableStore(environment)
    try store.save(key, of: settings)
    if key == .originChain {
      try store.planTripsAgain(after: options.clock(environment, timeZone: nil).now())
    }
    return .success("\(key.rawValue) = \(settings.text(key))\n")
  }
}

/// `chulbal config unset KEY`
enum ConfigUnsetCommand: Command {
  static let name = "config unset"
  static let summary = "설정을 기본값으로 되돌립니다"
  static let operands: [WordKind] = [.settingKey]
  static let usage = ["chulbal config unset 이름"]
  static let about = "바꾼 설정을 지워 기본값으로 되돌립니다. 바꾼 적이 없으면 그대로 둡니다."
  static let options: [OptionSpec] = [.database]
  static var epilogue: String { settingsHelp }

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let name = try options.singlePositional("설정 이름", example: "chulbal config unset buffer")
    let key = try Settings.Key.named(name)
    let value = Settings.defaults.text(key)
    // No file yet means nothing was ever set: nothing to make.
    guard let store = try options.store(environment, access: .writing) else {
      return .success("\(key.rawValue) = \(value) (기본값)\n")
    }
    let removed = try store.unset(key)
    if removed, key == .originChain {
      try store.planTripsAgain(after: options.clock(environment, timeZone: nil).now())
    }
    return .success(
      "\(key.rawValue) = \(value) (기본값\(removed ? "으로 되돌렸습니다" : ", 바꾼 적이 없습니다"))\n")
  }
}

/// Refuses a program the watch could not start: one that is not on `PATH` (for a bare
/// name), not there, or not executable.
func checkRunnable(_ program: String, variables: [String: String]) throws {
  // Execute bits on a regular file, not access(2), which says yes to any file for root.
  func executable(_ path: String) -> Bool? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return (info.st_mode & S_IFMT) == S_IFREG && info.st_mode & 0o111 != 0
  }
  if program.contains("/") {
    guard let runnable = executable(program) else {
      throw ValidationError.unrunnableCommand(program, reason: "그런 파일이 없습니다")
    }
    guard runnable else { throw ValidationError.unrunnableCommand(program, reason: "실행 권한이 없습니다") }
    return
  }
  let path = variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
  guard path.split(separator: ":").contains(where: { executable("\($0)/\(program)") == true })
  else {
    throw ValidationError.unrunnableCommand(program, reason: "PATH에서 찾을 수 없습니다 (전체 경로를 쓰세요)")
  }
}

/// The settings and what each means, for both commands' help.
private var settingsHelp: String {
  "설정:\n" + HelpText.table(Settings.Key.allCases.map { ($0.rawValue, $0.summary) })
}

extension Settings.Key {
  /// The key a person typed, or a usage error suggesting the nearest one.
  static func named(_ name: String) throws -> Settings.Key {
    guard let key = Settings.Key(rawValue: name) else {
      throw ValidationError.unknownSetting(
        name, suggestion: suggestion(for: name, among: allCases.map(\.rawValue)))
    }
    return key
  }
}
