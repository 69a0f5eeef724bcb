import ChulbalCore
import ChulbalStore

/// `chulbal show ID`: everything about one appointment.
enum ShowCommand: Command {
  static let name = "show"
  static let summary = "약속 하나를 자세히 봅니다"
  static let operands: [WordKind] = [.appointment]
  static let usage = ["chulbal show 번호|제목 [--json]"]
  static let about = """
    번호(3 또는 #3)나 제목의 앞부분으로 약속 하나를 골라 자세히 보여 줍니다. 그렇게 시작하는 제목이
    없으면 그 말이 들어간 제목을 찾습니다 (송년회 → 대학 동기 송년회).
    """
  static let options: [OptionSpec] = [
    OptionSpec.timeZone.help(
      "시각을 보여 줄 시간대 (기본: 시스템 시간대). --now도 이 시간대로 읽습니다 (기본: 약속의 시간대)"), .now, .database, .json,
  ]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let selector = try options.singlePositional("약속 번호나 제목", example: "chulbal show 3")
    let zone = try options.timeZone(environment)
    try options.checkNow()
    let store = try options.store(environment, access: .reading)
    let found = try AppointmentSelector.find(selector, in: store)
    // A --now without an offset is read in the appointment's own zone.
    let now = try options.clock(
      environment, timeZone: zone ?? environment.timeZone(stored: found.timeZone)
    ).now()
    // A series as its next occurrence.
    let appointment = try store?.current(found, at: now) ?? found
    var view = AppointmentView(appointment, now: now, environment: environment, readerZone: zone)
    guard try store?.calendarKey(of: found.id) != nil else {
      return .success(options.has(.json) ? view.renderedJSON() : view.detail)
    }
    view.local = try store?.localFields(of: found.id) ?? []
    // Brought in from a calendar: which fields the person set over it.
    return .success(
      options.has(.json) ? view.renderedJSON(localFields: view.local.names) : view.detail)
  }
}
