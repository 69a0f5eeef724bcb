import ChulbalCore
import ChulbalStore

/// `chulbal show ID`: everything about one appointment.
enum ShowCommand: Command {
  static let name = "show"
  static let summary = "약속 하나를 자세히 봅니다"
  static let specs: [CommandOptions.Spec] = [.now, .database, .json, .help]

  static let help = """
    사용법: chulbal show 번호|제목 [--json]

    번호(3 또는 #3)나 제목의 앞부분으로 약속 하나를 골라 자세히 보여 줍니다.

    옵션:
      --now 시각   지금을 이 ISO 8601 시각으로 칩니다
      --db 파일    데이터베이스 파일
      --json       JSON으로
      -h, --help   이 도움말

    """

  static func run(_ options: CommandOptions, _ environment: Environment) throws -> Outcome {
    let selector = try options.singlePositional("번호", example: "chulbal show 3")
    let appointment = try AppointmentSelector.find(
      selector, in: options.store(environment, create: false))
    let now = try options.now(
      environment, timeZone: environment.timeZone(stored: appointment.timeZone))
    let view = AppointmentView(appointment, now: now, environment: environment)
    return .success(options.has("--json") ? view.json().rendered() : view.detail)
  }
}
