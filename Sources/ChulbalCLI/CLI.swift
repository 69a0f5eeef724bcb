import ChulbalCore

/// The chulbal command line: from words to an `Outcome`, printing nothing.
public enum CLI {
  public static let version = "0.2.0"

  /// The commands, in the order `--help` lists them.
  static var commands: [any Command.Type] {
    [
      PlanCommand.self, AddCommand.self, ListCommand.self, AgendaCommand.self, TodayCommand.self,
      WeekCommand.self, NextCommand.self, ShowCommand.self,
      CountdownCommand.self, StatusCommand.self, NavCommand.self,
      EditCommand.self, RemoveCommand.self, UndoCommand.self, ImportCommand.self,
      ExportCommand.self,
      SyncCommand.self,
      SourceAddCommand.self, SourceListCommand.self, SourceEditCommand.self,
      SourceRemoveCommand.self, PlaceAddCommand.self, PlaceSearchCommand.self,
      PlaceListCommand.self,
      PlaceEditCommand.self, PlaceRemoveCommand.self, TripListCommand.self,
      TripForgetCommand.self, TripCheckCommand.self, ConfigGetCommand.self, ConfigSetCommand.self,
      ConfigUnsetCommand.self,
      WatchCommand.self, NotifyCommand.self, LogCommand.self, DoctorCommand.self,
      CompletionsCommand.self,
    ]
  }

  /// The options chulbal takes before a command's name.
  static let globalOptions: [OptionSpec] = [
    .help, OptionSpec("--version", short: "-V", help: "버전"),
    OptionSpec.database.help("데이터베이스 파일 (명령 뒤에 써도 됩니다)"),
  ]

  /// Runs one command line (without the program name).
  public static func run(_ arguments: [String], environment: Environment) -> Outcome {
    if environment.console.isOutputClosed { return .failure(RuntimeFailure.outputClosed) }
    do {
      return try dispatch(arguments, environment: environment)
    } catch {
      return .failure(error)
    }
  }

  private static func dispatch(_ arguments: [String], environment: Environment) throws
    -> Outcome
  {
    // `--db PATH` before the command goes to the command, ahead of its own words (so that a
    // `--` among them cannot turn it into a value).
    var passed: [String] = []
    var index = 0
    while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "-" {
      let word = arguments[index]
      index += 1
      if word == "-h" || word == "--help" { return .success(help) }
      if word == "-V" || word == "--version" { return .success("chulbal \(version)\n") }
      if word == "--db" {
        guard index < arguments.count else { throw ParseError.missingValue(option: word) }
        passed += [word, arguments[index]]
        index += 1
      } else if word.hasPrefix("--db=") {
        passed.append(word)
      } else {
        let names = globalOptions.map(\.name) + globalOptions.compactMap(\.short)
        throw ParseError.unknownOption(
          word, command: nil, suggestion: suggestion(for: word, among: names))
      }
    }
    guard index < arguments.count else {
      return OverviewCommand.main(passed, environment: environment)
    }
    let first = arguments[index]
    let words = Array(arguments[(index + 1)...])
    if first == "help" {
      guard let name = words.first else { return .success(help) }
      let command =
        commands.first { $0.name == words.prefix(2).joined(separator: " ") }
        ?? commands.first { $0.name == name }
      if let command { return .success(command.help) }
      let members = commands.filter { $0.name.hasPrefix(name + " ") }
      if !members.isEmpty { return .success(groupHelp(name, members)) }
      let names = commands.map { $0.name }.filter { !$0.contains(" ") }
      throw ParseError.unknownCommand(name, suggestion: suggestion(for: name, among: names))
    }
    if first == "version" { return .success("chulbal \(version)\n") }
    // Entries for the scripts chulbal installs, not for people: left out of help and of
    // completion.
    if first == "__complete" {
      return .success(Completer(environment: environment).complete(words).rendered)
    }
    if first == "__manpage" {
      if let word = words.first { throw ParseError.unexpectedArgument(word, command: first) }
      return .success(ManPage.text)
    }
    // Two-word commands ('place add') are tried before one-word ones.
    if let second = words.first,
      let command = commands.first(where: { $0.name == "\(first) \(second)" })
    {
      return command.main(passed + Array(words.dropFirst()), environment: environment)
    }
    if let command = commands.first(where: { $0.name == first }) {
      return command.main(passed + words, environment: environment)
    }
    let members = commands.filter { $0.name.hasPrefix(first + " ") }
    if !members.isEmpty {
      guard let second = words.first, second != "--help", second != "-h" else {
        return .success(groupHelp(first, members))
      }
      let names = members.map { String($0.name.dropFirst(first.count + 1)) }
      throw ParseError.unknownCommand(
        "\(first) \(second)",
        suggestion: suggestion(for: second, among: names).map { "\(first) \($0)" })
    }
    let names = commands.map { $0.name }.filter { !$0.contains(" ") } + ["help", "version"]
    throw ParseError.unknownCommand(first, suggestion: suggestion(for: first, among: names))
  }

  /// The first line of the help, and of what bare `chulbal` says with nothing ahead.
  static let tagline = "chulbal — 약속 시각에서 거꾸로 계산해 언제 출발해야 하는지 알려 줍니다"

  static var help: String {
    let rows = commands.map { ($0.name, $0.summary) } + [("help 명령", "명령의 도움말 (chulbal help add)")]
    return """
      \(tagline)

      사용법: chulbal [--db 파일] <명령> [옵션]

      명령:
      \(HelpText.table(rows))
      옵션:
      \(HelpText.table(globalOptions.map { ($0.synopsis, $0.help) }))
      예:
      \(examples.map { "  \($0)\n" }.joined())
      """
  }

  /// Command lines to start from, for the help and the manual page.
  static let examples = [
    #"chulbal plan --at "내일 오후 7시" --travel 35m --buffer 10m"#,
    "chulbal place add 집 --coord 37.5665,126.9780 --default",
    #"chulbal add "저녁 약속" --at "내일 오후 7시" --coord 37.4979,127.0276"#,
    "chulbal next",
  ]

  static func groupHelp(_ group: String, _ members: [any Command.Type]) -> String {
    "사용법: chulbal \(group) <명령> [옵션]\n\n명령:\n"
      + HelpText.table(members.map { ($0.name, $0.summary) })
  }
}
