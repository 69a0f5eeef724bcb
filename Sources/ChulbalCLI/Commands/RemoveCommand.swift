import ChulbalCore
import ChulbalStore
import ChulbalTerminal

/// `chulbal remove ID…`: deletes appointments, after asking.
enum RemoveCommand: Command {
  static let name = "remove"
  static let summary = "약속을 지웁니다"
  static let specs: [CommandOptions.Spec] = [
    .init(name: "--yes", short: "-y", takesValue: false), .database, .help,
  ]

  static let help = """
    사용법: chulbal remove 번호|제목… [--yes]

    약속을 지웁니다. 터미널에서는 먼저 묻고, 입력이 터미널이 아니면 --yes가 있어야 지웁니다.
    여럿을 주면 모두 한 번에 지우거나 하나도 지우지 않습니다.

    옵션:
      -y, --yes    묻지 않고 지웁니다
      --db 파일    데이터베이스 파일
      -h, --help   이 도움말

    """

  static func run(_ options: CommandOptions, _ environment: Environment) throws -> Outcome {
    guard !options.positionals.isEmpty else {
      throw UsageError.missingOption("번호", command: name, example: "chulbal remove 3")
    }
    let store = try options.store(environment, create: false)
    var chosen: [Appointment] = []
    for selector in options.positionals {
      let appointment = try AppointmentSelector.find(selector, in: store)
      if !chosen.contains(where: { $0.id == appointment.id }) { chosen.append(appointment) }
    }
    let labels = chosen.map { "#\($0.id) \($0.title)" }
    if !options.has("--yes") {
      let what = labels.joined(separator: ", ")
      guard environment.isInteractive else { throw UsageError.needsConfirmation(what) }
      guard environment.confirm("\(TerminalText.visible(what)) — 지울까요?") else {
        throw RuntimeFailure(message: "지우지 않았습니다")
      }
    }
    _ = try store?.delete(ids: chosen.map(\.id))
    return .success(labels.map { "\(TerminalText.visible($0)) — 지웠습니다\n" }.joined())
  }
}
