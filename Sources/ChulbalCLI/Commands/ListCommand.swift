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
    if options.has(all) && options.has(past) { throw ValidationError.allWithPast }
    let readerZone = try options.timeZone(environment)
    let now = try options.clock(environment, timeZone: readerZone).now()
    let store = try options.store(environment, access: .reading)
    let selection: Store.Selection =
      options.has(all) ? .all : options.has(past) ? .past(atOrBefore: now) : .upcoming(after: now)
    var zones = AppointmentView.Zones(environment: environment, readerZone: readerZone)
    func view(_ appointment: Appointment) -> AppointmentView {
      AppointmentView(appointment, now: now, zones: &zones)
    }
    if options.has(.json) {
      return try ChunkedOutput.jsonArray(of: selection, in: store, console: environment.console) {
        view($0).writeJSON(to: &$1, depth: 1)
      }
    }
    // The table's columns are as wide as their widest cell, so every row is needed first;
    // only its cells' bytes are kept.
    var table = TerminalTable()
    for heading in ["번호", "제목", "약속", "출발", "남은 시간"] { table.append(heading) }
    table.endRow()
    try store?.forEach(selection) { appointment in
      view(appointment).appendListRow(to: &table)
      return true
    }
    guard table.rowCount > 1 else {
      // Adding cannot make a past appointment, so the past says only that there is none.
      return .success(
        options.has(past)
          ? "지난 약속이 없습니다.\n" : "다가오는 약속이 없습니다. \(RuntimeFailure.addHint())\n")
    }
    // On a terminal a long title, and a series' rule after its start, are cut short rather
    // than wrapped; a pipe gets them whole.
    if let columns = environment.fittingColumns {
      table.fit(within: columns, shortening: [1: 10, 2: AppointmentView.startColumns])
    }
    var output = ChunkedOutput(console: environment.console, pretty: false, afterRunning: true)
    for row in 0..<table.rowCount where !output.readerGone {
      output.writer.append { table.appendLine(row, to: &$0) }
      try output.flushWhenFull()
    }
    return output.outcome()
  }
}
