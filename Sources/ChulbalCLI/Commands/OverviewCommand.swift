import ChulbalCore
import ChulbalStore
import ChulbalTerminal

/// Bare `chulbal`: what matters now, the next departure and today's appointments, or, with
/// nothing ahead, how to add one; the full help is `chulbal help`.
enum OverviewCommand: Command {
  static let name = ""
  static let summary = "다음 출발과 오늘의 약속"
  static let usage = ["chulbal [--db 파일]"]
  static let about = ""
  static let options: [OptionSpec] = [.database]
  static let moreLine = "더 보기: chulbal help"

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let zone = try environment.timeZone(option: nil)
    let now = environment.clock.now()
    let store = try options.store(environment, access: .reading)
    var zones = AppointmentView.Zones(environment: environment, readerZone: zone)
    let next = try store?.next(after: now).map { AppointmentView($0, now: now, zones: &zones) }
    let window = DayWindow(startingOnDayOf: now, dayCount: 1, timeZone: zone)
    var today = try Agenda.Days(
      window, selection: .starting(from: window.start, before: window.end), store: store,
      now: now
    ) { AppointmentView($0, now: now, zones: &zones) }
    guard next != nil || today.table.rowCount > 0 else {
      let first = try store?.appointmentCount ?? 0 == 0
      return .success(
        """
        \(CLI.tagline)
        \(first ? "첫 약속을 " : "다가오는 약속이 없습니다. ")\(RuntimeFailure.addHint())
        \(moreLine)

        """)
    }
    var nextLine = next.map { "다음: \($0.nextLine)" } ?? "다가오는 약속이 없습니다."
    if let columns = environment.fittingColumns {
      nextLine = TerminalText.shortened(nextLine, to: columns)
    }
    var bytes = Array((nextLine + "\n\n").utf8)
    if today.table.rowCount == 0 {
      bytes += "오늘은 약속이 없습니다.\n".utf8
    } else {
      today.fit(environment)
      for row in 0..<today.table.rowCount { today.appendLine(row, to: &bytes) }
    }
    bytes += "\n\(moreLine)\n".utf8
    return .success(String(decoding: bytes, as: UTF8.self))
  }
}
