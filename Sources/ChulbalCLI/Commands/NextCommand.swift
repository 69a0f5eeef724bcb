import ChulbalCore
import ChulbalStore

/// `chulbal next`: the single next departure, in one line.
enum NextCommand: Command {
  static let name = "next"
  static let summary = "다음 출발 하나를 한 줄로 봅니다"
  static let usage = ["chulbal next [--json]"]
  static let about = """
    아직 시작하지 않은 약속 가운데 출발이 가장 이른 것을 한 줄로 보여 줍니다.
    없으면 종료 상태 1입니다.
    """
  static let options: [OptionSpec] = [
    OptionSpec.timeZone.help(OptionSpec.readerZoneHelp), .now, .database, .json,
  ]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    let now = try options.clock(environment, timeZone: options.timeZone(environment)).now()
    guard let appointment = try options.store(environment, access: .reading)?.next(after: now)
    else {
      throw RuntimeFailure.nothingUpcoming(command: name)
    }
    let view = try AppointmentView(
      appointment, now: now, environment: environment, readerZone: options.timeZone(environment))
    return .success(options.has(.json) ? view.renderedJSON() : view.nextLine + "\n")
  }
}
