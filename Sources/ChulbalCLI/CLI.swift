import ChulbalCore

/// The chulbal command line: from words to an `Outcome`, printing nothing.
public enum CLI {
  public static let version = "0.1.0"

  /// The commands, in the order `--help` lists them.
  static let commands: [(name: String, summary: String)] = [
    (PlanCommand.name, PlanCommand.summary)
  ]

  /// Runs one command line (without the program name).
  public static func run(_ arguments: [String], environment: Environment) -> Outcome {
    guard let first = arguments.first else { return .success(help) }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help":
      return .success(help)
    case "help":
      return rest.first.map { run([$0, "--help"], environment: environment) } ?? .success(help)
    case "--version", "version":
      return .success("chulbal \(version)\n")
    case PlanCommand.name:
      return PlanCommand.run(rest, environment: environment)
    default:
      let names = commands.map(\.name) + ["help", "version"]
      let error: UsageError =
        first.hasPrefix("-")
        ? .unknownOption(
          first, command: "chulbal",
          suggestion: suggestion(for: first, among: ["--help", "--version"]))
        : .unknownCommand(first, suggestion: suggestion(for: first, among: names))
      return .usageError(error)
    }
  }

  static var help: String {
    let list = commands.map { "  \($0.name.padding(8))  \($0.summary)" }.joined(separator: "\n")
    return """
      chulbal — 약속 시각에서 거꾸로 계산해 언제 출발해야 하는지 알려 줍니다

      사용법: chulbal <명령> [옵션]

      명령:
      \(list)
        help      명령의 도움말을 봅니다 (chulbal help plan)

      옵션:
        -h, --help    이 도움말
        --version     버전

      예:
        chulbal plan --at "내일 오후 7시" --travel 35m --buffer 10m

      """
  }
}

extension String {
  func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
