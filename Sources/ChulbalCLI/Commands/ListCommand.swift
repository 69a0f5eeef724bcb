import ChulbalCore
import ChulbalStore
import ChulbalTerminal

/// `chulbal list`: the appointments, upcoming by default.
enum ListCommand: Command {
  static let name = "list"
  static let summary = "약속 목록을 봅니다"
  static let specs: [CommandOptions.Spec] = [
    .init(name: "--all", takesValue: false), .init(name: "--past", takesValue: false),
    .init(name: "--tz"), .now, .database, .json, .help,
  ]

  static let help = """
    사용법: chulbal list [--all|--past] [--json]

    다가오는 약속을 출발 순서대로 보여 줍니다.

    옵션:
      --all        지난 약속까지 모두 (약속 시각 순)
      --past       지난 약속만 (최근 것부터)
      --now 시각   지금을 이 ISO 8601 시각으로 칩니다
      --db 파일    데이터베이스 파일
      --json       JSON 배열로
      -h, --help   이 도움말

    """

  static func run(_ options: CommandOptions, _ environment: Environment) throws -> Outcome {
    try options.expectNoPositionals()
    if options.has("--all") && options.has("--past") {
      throw UsageError.conflict("'--all'과 '--past'는 함께 쓸 수 없습니다")
    }
    let now = try options.now(environment, timeZone: environment.timeZone(option: options["--tz"]))
    let store = try options.store(environment, create: false)
    let appointments: [Appointment]
    if options.has("--all") {
      appointments = try store?.all() ?? []
    } else if options.has("--past") {
      appointments = try store?.past(atOrBefore: now) ?? []
    } else {
      appointments = try store?.upcoming(after: now) ?? []
    }
    let views = appointments.map { AppointmentView($0, now: now, environment: environment) }
    if options.has("--json") {
      return .success(JSONValue.array(views.map { $0.json() }).rendered())
    }
    guard !views.isEmpty else {
      let what = options.has("--past") ? "지난 약속이" : "다가오는 약속이"
      return .success(
        "\(what) 없습니다. 추가하려면: chulbal add \"저녁 약속\" --at \"내일 오후 7시\" --travel 30m\n")
    }
    let header = ["번호", "제목", "약속", "출발", "남은 시간"]
    let rows = views.map { view in
      [
        "#\(view.appointment.id)", view.appointment.title, view.format.full(view.plan.start),
        view.departureText, view.remainingText,
      ]
    }
    return .success(TerminalText.table([header] + rows))
  }
}
