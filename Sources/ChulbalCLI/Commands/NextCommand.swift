import ChulbalCore
import ChulbalStore

/// `chulbal next`: the single next departure, in one line.
enum NextCommand: Command {
  static let name = "next"
  static let summary = "다음 출발 하나를 한 줄로 봅니다"
  static let specs: [CommandOptions.Spec] = [.init(name: "--tz"), .now, .database, .json, .help]

  static let help = """
    사용법: chulbal next [--json]

    아직 시작하지 않은 약속 가운데 출발이 가장 이른 것을 한 줄로 보여 줍니다.
    없으면 종료 상태 1입니다.

    옵션:
      --now 시각   지금을 이 ISO 8601 시각으로 칩니다
      --db 파일    데이터베이스 파일
      --json       JSON으로
      -h, --help   이 도움말

    """

  static func run(_ options: CommandOptions, _ environment: Environment) throws -> Outcome {
    try options.expectNoPositionals()
    let now = try options.now(environment, timeZone: environment.timeZone(option: options["--tz"]))
    guard let appointment = try options.store(environment, create: false)?.next(after: now) else {
      throw RuntimeFailure(
        message: "다가오는 약속이 없습니다. 추가하려면: chulbal add \"저녁 약속\" --at \"내일 오후 7시\" --travel 30m")
    }
    let view = AppointmentView(appointment, now: now, environment: environment)
    return .success(options.has("--json") ? view.json().rendered() : view.nextLine + "\n")
  }
}
