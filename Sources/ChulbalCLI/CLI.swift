import ChulbalCore

/// The chulbal command line: from words to an `Outcome`, printing nothing.
public enum CLI {
  public static let version = "0.2.0"

  /// The commands, in the order `--help` lists them.
  static var commands: [any Command.Type] {
    [
      PlanCommand.self, AddCommand.self, ListCommand.self, NextCommand.self, ShowCommand.self,
      CountdownCommand.self, StatusCommand.self, NavCommand.self,
      EditCommand.self, RemoveCommand.self, PlaceAddCommand.self, PlaceListCommand.self,
      PlaceRemoveCommand.self, ConfigGetCommand.self, ConfigSetCommand.self,
    ]
  }

  /// Runs one command line (without the program name).
  public static func run(_ arguments: [String], environment: Environment) -> Outcome {
    guard let first = arguments.first else { return .success(help) }
    switch first {
    case "-h", "--help":
      return .success(help)
    case "help":
      return arguments.count > 1
        ? run(Array(arguments.dropFirst()) + ["--help"], environment: environment)
        : .success(help)
    case "--version", "version":
      return .success("chulbal \(version)\n")
    default:
      break
    }
    // Two-word commands ('place add') are tried before one-word ones.
    let twoWords = arguments.prefix(2).joined(separator: " ")
    if let command = commands.first(where: { $0.name == twoWords }) {
      return command.main(Array(arguments.dropFirst(2)), environment: environment)
    }
    if let command = commands.first(where: { $0.name == first }) {
      return command.main(Array(arguments.dropFirst()), environment: environment)
    }
    let groups = Set(commands.compactMap { $0.name.split(separator: " ").dropLast().first })
    if groups.contains(Substring(first)) {
      let members = commands.filter { $0.name.hasPrefix(first + " ") }
      let second = arguments.dropFirst().first
      if second == nil || second == "--help" || second == "-h" {
        return .success(groupHelp(first, members))
      }
      let names = members.map { String($0.name.dropFirst(first.count + 1)) }
      return .usageError(
        .unknownCommand(
          "\(first) \(second!)",
          suggestion: suggestion(for: second!, among: names).map { "\(first) \($0)" }))
    }
    let error: UsageError =
      first.hasPrefix("-")
      ? .unknownOption(
        first, command: "chulbal",
        suggestion: suggestion(for: first, among: ["--help", "--version"]))
      : .unknownCommand(
        first,
        suggestion: suggestion(
          for: first, among: commands.map { $0.name }.filter { !$0.contains(" ") } + ["help"]))
    return .usageError(error)
  }

  static var help: String {
    let list = commands.map { "  \($0.name.padding(13))  \($0.summary)" }.joined(separator: "\n")
    return """
      chulbal — 약속 시각에서 거꾸로 계산해 언제 출발해야 하는지 알려 줍니다

      사용법: chulbal <명령> [옵션]

      명령:
      \(list)
        help 명령        명령의 도움말 (chulbal help add)

      옵션:
        -h, --help    이 도움말
        --version     버전

      예:
        chulbal plan --at "내일 오후 7시" --travel 35m --buffer 10m
        chulbal place add 집 --coord 37.5665,126.9780 --default
        chulbal add "저녁 약속" --at "내일 오후 7시" --coord 37.4979,127.0276
        chulbal next

      """
  }

  static func groupHelp(_ group: String, _ members: [any Command.Type]) -> String {
    let list = members.map { "  \($0.name.padding(13))  \($0.summary)" }.joined(separator: "\n")
    return "사용법: chulbal \(group) <명령> [옵션]\n\n명령:\n\(list)\n"
  }
}

extension String {
  func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
