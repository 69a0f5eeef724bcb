import ChulbalCore
import ChulbalStore

/// `chulbal edit ID …`: changes what is given, keeps the rest.
enum EditCommand: Command {
  static let name = "edit"
  static let summary = "약속을 고칩니다"
  static let operands: [WordKind] = [.appointment]
  static let usage = ["chulbal edit 번호|제목 [--title 제목] [add와 같은 옵션…]"]
  static let about = """
    지정한 옵션만 바꾸고 나머지는 그대로 둡니다. 이동 시간이 추정값이었거나 --coord, --from,
    --mode를 바꾸면 이동 시간을 다시 추정합니다 (--travel을 주면 그 값을 씁니다).
    빈 값('--place ""', '--note ""')은 그 항목을 지웁니다. --coord 없이 --place에 저장된
    장소 이름을 주면 그 장소의 좌표로 바꿉니다.
    """
  static let title = OptionSpec("--title", value: "제목", help: "새 제목")
  static let options = [title] + AppointmentOptions.specs
  static let epilogue = """
    예:
      chulbal edit 3 --at "내일 오후 7시 30분"
      chulbal edit 저녁 --travel 45m

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let selector = try options.singlePositional("약속 번호나 제목", example: "chulbal edit 3 --at 19:30")
    // Options that say how to run rather than what to change.
    let running: Set<OptionSpec> = [.database, .now, .json, AppointmentOptions.past]
    let changes = Self.options.filter { !running.contains($0) }
    guard changes.contains(where: { options[$0] != nil || options.has($0) }) else {
      throw UsageError.nothingToEdit(changes.map(\.name))
    }
    let input = try AppointmentOptions(options, title: options[title], environment: environment)
    let store = try options.store(environment, access: .writing)
    let base = try AppointmentSelector.find(selector, in: store)
    let (draft, now, savedPlace) = try input.resolved(
      over: base, store: store, environment: environment)
    var edited = try AppointmentOptions.appointment(draft, over: base, store: store, command: name)
    edited.id = base.id
    try store?.update(edited, now: now)
    let view = AppointmentView(edited, now: now, environment: environment)
    return .success(input.confirmation(view, savedPlace: savedPlace))
  }
}
