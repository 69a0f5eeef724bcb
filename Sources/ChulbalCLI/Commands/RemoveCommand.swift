import ChulbalCore
import ChulbalStore

/// `chulbal remove ID…`: deletes appointments, after asking.
enum RemoveCommand: Command {
  static let name = "remove"
  static let summary = "약속을 지웁니다"
  static let operands: [WordKind] = [.appointment]
  static let repeatsLastOperand = true
  static let usage = ["chulbal remove 번호|제목… [--yes]", "chulbal remove 번호|제목 --on 날짜 [--yes]"]
  static let about = """
    약속을 지웁니다. 터미널에서는 먼저 묻고, 입력이 터미널이 아니면 --yes가 있어야 지웁니다.
    여럿을 주면 모두 한 번에 지우거나 하나도 지우지 않습니다. 반복 약속은 반복 전체를
    지우고, --on을 주면 그날의 회차 하나만 건너뜁니다 (나머지 회차는 그대로).
    """
  static let yes = OptionSpec("--yes", short: "-y", help: "묻지 않고 지웁니다")
  static let options: [OptionSpec] = [yes, OccurrenceOption.spec, .now, .database]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    guard !options.positionals.isEmpty else {
      throw ParseError.missingArgument("약속 번호나 제목", command: name, example: "chulbal remove 3")
    }
    let occurrence = try OccurrenceOption(options)
    if occurrence != nil, options.positionals.count > 1 {
      throw ParseError.unexpectedArgument(options.positionals[1], command: name)
    }
    try options.checkNow()
    let store = try options.store(environment, access: .writing)
    var chosen: [Appointment] = []
    for selector in options.positionals {
      let appointment = try AppointmentSelector.find(selector, in: store)
      if !chosen.contains(where: { $0.id == appointment.id }) { chosen.append(appointment) }
    }
    if let occurrence, let series = chosen.first {
      return try skip(
        occurrence, of: series, store: store, options: options, environment: environment)
    }
    let labels = chosen.map { "#\($0.id) \($0.title)" }
    if !options.has(yes) {
      let what = labels.joined(separator: ", ")
      guard environment.isInteractive else { throw ValidationError.needsConfirmation(what) }
      guard environment.confirm("\(TextCleaning.visible(what)) — 지울까요?") else {
        throw RuntimeFailure.notRemoved
      }
    }
    _ = try store?.delete(ids: chosen.map(\.id))
    return .success(labels.map { "\(TextCleaning.visible($0)) — 지웠습니다\n" }.joined())
  }

  /// `remove --on`: takes one occurrence out of a series, after asking as a removal does.
  private static func skip(
    _ option: OccurrenceOption, of series: Appointment, store: Store?, options: ParsedOptions,
    environment: Environment
  ) throws -> Outcome {
    let zone = environment.timeZone(stored: series.timeZone)
    let now = try options.clock(environment, timeZone: zone).now()
    let occurrence = try option.occurrence(of: series, zone: zone, now: now)
    let when = KoreanDateFormat(timeZone: zone).full(occurrence.start, seenAt: now)
    let what = TextCleaning.visible("#\(series.id) \(series.title)") + "의 \(when) 회차"
    if !options.has(yes) {
      guard environment.isInteractive else { throw ValidationError.needsConfirmation(what) }
      guard environment.confirm("\(what) — 건너뛸까요?") else { throw RuntimeFailure.notRemoved }
    }
    var changed = series
    changed.repetition?.exceptions.insert(occurrence.wall)
    changed.repetition?.overrides[occurrence.wall] = nil
    try store?.advanceSeries(now: now)
    try store?.update(changed, now: now)
    return .success("\(what) — 건너뜁니다\n")
  }
}
