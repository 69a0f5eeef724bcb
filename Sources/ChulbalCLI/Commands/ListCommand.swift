import ChulbalCore
import ChulbalStore
import ChulbalTerminal

/// `chulbal list`: the appointments, upcoming by default.
enum ListCommand: Command {
  static let name = "list"
  static let summary = "약속 목록을 봅니다"
  static let usage = ["chulbal list [--all|--past] [--json]"]
  static let about = "다가오는 약속을 출발 순서대로 보여 줍니다."
  static let all = OptionSpec("--all", help: "지난 약속까지 모두 (약속 시각 순)")
  static let past = OptionSpec("--past", help: "지난 약속만 (최근 것부터)")
  static let options: [OptionSpec] = [
    all, past, OptionSpec.timeZone.help(OptionSpec.readerZoneHelp), .now, .database,
    OptionSpec.json.help("JSON 배열로"),
  ]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    if options.has(all) && options.has(past) { throw UsageError.allWithPast }
    let readerZone = try options.timeZone(environment)
    let now = try options.clock(environment, timeZone: readerZone).now()
    let store = try options.store(environment, access: .reading)
    let appointments: [Appointment]
    if options.has(all) {
      appointments = try store?.all() ?? []
    } else if options.has(past) {
      appointments = try store?.past(atOrBefore: now) ?? []
    } else {
      appointments = try store?.upcoming(after: now) ?? []
    }
    func view(_ appointment: Appointment) -> AppointmentView {
      AppointmentView(appointment, now: now, environment: environment, readerZone: readerZone)
    }
    if options.has(.json) {
      // One row at a time, written as the chunks fill: the whole document is never held.
      var output = ChunkedOutput(console: environment.console, pretty: true)
      guard !appointments.isEmpty else { return .success("[]\n") }
      output.writer.append("[")
      for (index, appointment) in appointments.enumerated() {
        if index > 0 { output.writer.append(",") }
        output.writer.newline(depth: 1)
        output.writer.write(view(appointment).json(), depth: 1)
        try output.flushWhenFull()
        if output.readerGone { break }
      }
      output.writer.append("\n]\n")
      return output.outcome()
    }
    let views = appointments.map(view)
    guard !views.isEmpty else {
      let what = options.has(past) ? "지난 약속이" : "다가오는 약속이"
      return .success("\(what) 없습니다. \(RuntimeFailure.addHint)\n")
    }
    let header = ["번호", "제목", "약속", "출발", "남은 시간"]
    let rows = views.map { view in
      [
        "#\(view.appointment.id)", view.appointment.title,
        view.startText,
        view.departureText, view.remainingText,
      ]
    }
    return .success(TerminalText.table([header] + rows))
  }
}
