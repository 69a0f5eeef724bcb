import ChulbalCore
import ChulbalStore

/// `chulbal edit ID …`: changes what is given, keeps the rest.
enum EditCommand: Command {
  static let name = "edit"
  static let summary = "약속을 고칩니다"
  static let specs = AppointmentInput.specs + [.init(name: "--title")]

  static let help = """
    사용법: chulbal edit 번호|제목 [--title 제목] [add와 같은 옵션…]

    준 옵션만 바꾸고 나머지는 그대로 둡니다. 이동 시간이 추정값이었거나 --coord, --from,
    --mode를 바꾸면 이동 시간을 다시 추정합니다 (--travel을 주면 그 값을 씁니다).
    빈 값('--place ""', '--note ""')은 그 항목을 지웁니다.

    옵션:
      --title 제목         새 제목
    \(AppointmentInput.optionsHelp)
      -h, --help           이 도움말

    예:
      chulbal edit 3 --at "내일 오후 7시 30분"
      chulbal edit 저녁 --travel 45m

    """

  static func run(_ options: CommandOptions, _ environment: Environment) throws -> Outcome {
    let selector = try options.singlePositional("번호", example: "chulbal edit 3 --at 19:30")
    let store = try options.store(environment, create: false)
    let base = try AppointmentSelector.find(selector, in: store)
    var edited = try AppointmentInput.read(
      options, over: base, title: options["--title"], store: store, environment: environment)
    edited.id = base.id
    try store?.update(edited)
    let now = try options.now(environment, timeZone: environment.timeZone(stored: edited.timeZone))
    let view = AppointmentView(edited, now: now, environment: environment)
    return .success(options.has("--json") ? view.json().rendered() : view.summaryLine + "\n")
  }
}
