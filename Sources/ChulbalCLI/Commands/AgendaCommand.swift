import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import FoundationEssentials

/// `chulbal agenda`: every appointment of the days ahead, under a heading for each day.
enum AgendaCommand: Command {
  static let name = "agenda"
  static let summary = "며칠 동안의 약속을 날짜별로 봅니다 (today, week는 줄임)"
  static let usage = ["chulbal agenda [--days N] [--from 날짜] [--json]"]
  static let about = """
    오늘(또는 --from의 날)부터 며칠 동안(기본 7일) 시작하는 약속을 날짜마다 모아, 약속 시각과
    출발 시각을 보여 줍니다. 이미 지난 오늘의 약속도 보입니다. chulbal today는 오늘 하루,
    chulbal week는 오늘부터 7일입니다.
    """
  static let days = OptionSpec(
    "--days", value: "N", help: "며칠 동안 (1~\(DayWindow.dayLimit), 기본 \(defaultDays))")
  static let from = OptionSpec(
    "--from", value: "날짜", help: "첫날 (기본: 오늘), 예: \"12월 8일\", 내일, 금요일, 2026-12-08")
  static let defaultDays = 7
  static let options: [OptionSpec] = [days, from] + Agenda.options

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    var dayCount = defaultDays
    if let text = options[days] {
      guard let value = Int(text), (1...DayWindow.dayLimit).contains(value) else {
        throw ParseError.invalidNumber(option: days.name, text, accepted: "1~\(DayWindow.dayLimit)")
      }
      dayCount = value
    }
    let firstDay = try options.parse(from, TimeExpression.scanDay)
    return try Agenda.run(options, environment, dayCount: dayCount, firstDay: firstDay)
  }
}

/// `today` and `week`: the agenda of a fixed number of days from today.
protocol FixedAgendaCommand: Command {
  static var dayCount: Int { get }
}

extension FixedAgendaCommand {
  static var usage: [String] { ["chulbal \(name) [--json]"] }
  static var options: [OptionSpec] { Agenda.options }

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try Agenda.run(options, environment, dayCount: dayCount, firstDay: nil)
  }
}

/// `chulbal today`: `agenda --days 1`.
enum TodayCommand: FixedAgendaCommand {
  static let name = "today"
  static let summary = "오늘의 약속을 봅니다 (agenda --days 1)"
  static let about = "오늘 시작하는 약속을 시각 순서로, 출발 시각과 함께 보여 줍니다. 지난 것도 보입니다."
  static let dayCount = 1
}

/// `chulbal week`: `agenda --days 7`.
enum WeekCommand: FixedAgendaCommand {
  static let name = "week"
  static let summary = "오늘부터 7일의 약속을 봅니다 (agenda --days 7)"
  static let about = "오늘부터 7일 동안 시작하는 약속을 날짜별로, 출발 시각과 함께 보여 줍니다."
  static let dayCount = 7
}

/// What `agenda`, `today` and `week` share: the window, the reading and the two outputs.
enum Agenda {
  static let options: [OptionSpec] = [
    OptionSpec.timeZone.help("날짜를 나누고 시각을 보여 줄 시간대 (기본: 시스템 시간대)"), .now, .database,
    OptionSpec.json.help("약속마다 한 원소인 JSON 배열로"),
  ]

  /// - Parameter firstDay: `--from` as scanned; today when nil.
  static func run(
    _ options: ParsedOptions, _ environment: Environment, dayCount: Int, firstDay: ScannedTime?
  ) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    let readerZone = try options.timeZone(environment)
    let zone = try readerZone ?? environment.timeZone(option: nil)
    let now = try options.clock(environment, timeZone: zone).now()
    var window = DayWindow(startingOnDayOf: now, dayCount: dayCount, timeZone: zone)
    if let firstDay {
      do {
        window = DayWindow(
          firstDay: try firstDay.resolveDay(now: now, timeZone: zone), dayCount: dayCount,
          timeZone: zone)
      } catch {
        throw ParseError.invalidValue(option: AgendaCommand.from.name, error)
      }
    }
    let store = try options.store(environment, access: .reading)
    let selection = Store.Selection.starting(from: window.start, before: window.end)
    var zones = AppointmentView.Zones(environment: environment, readerZone: zone)
    func view(_ appointment: Appointment) -> AppointmentView {
      AppointmentView(appointment, now: now, zones: &zones)
    }
    if options.has(.json) {
      // One of a series' occurrences, or a one-off appointment.
      return try ChunkedOutput.jsonArray(of: selection, in: store, console: environment.console) {
        view($0).writeJSON(to: &$1, depth: 1, occurrence: $0.repeats)
      }
    }
    var days = try Days(window, selection: selection, store: store, now: now, view: view)
    guard days.table.rowCount > 0 else { return .success(emptyText(window, now: now) + "\n") }
    days.fit(environment)
    var output = ChunkedOutput(console: environment.console, pretty: false, afterRunning: true)
    for row in 0..<days.table.rowCount where !output.readerGone {
      output.writer.append { days.appendLine(row, to: &$0) }
      try output.flushWhenFull()
    }
    return output.outcome()
  }

  /// The days with appointments, each under its heading, their rows aligned across days: the
  /// table needs every row first, but only its cells' bytes are kept.
  struct Days {
    private(set) var table: TerminalTable
    /// The heading before each row that starts a day.
    private let headings: [Int: String]

    init(
      _ window: DayWindow, selection: Store.Selection, store: Store?, now: Date,
      view: (Appointment) -> AppointmentView
    ) throws {
      let format = KoreanDateFormat(timeZone: window.timeZone)
      let today = CivilDate(now, in: window.timeZone)
      var table = TerminalTable()
      var headings: [Int: String] = [:]
      var lastDay: CivilDate?
      try store?.forEach(selection) { appointment in
        let view = view(appointment)
        let day = CivilDate(view.plan.start, in: window.timeZone)
        if day != lastDay {
          var heading = format.day(view.plan.start, seenAt: now)
          switch day.days - today.days {
          case 0: heading += " · 오늘"
          case 1: heading += " · 내일"
          default: break
          }
          headings[table.rowCount] = heading
          lastDay = day
        }
        view.appendAgendaRow(to: &table)
        return true
      }
      self.table = table
      self.headings = headings
    }

    /// On a terminal long titles and places (an imported street address) are cut short
    /// rather than wrapped; a pipe gets them whole.
    mutating func fit(_ environment: Environment) {
      if let columns = environment.fittingColumns {
        table.fit(within: columns, indent: 2, shortening: [2: 10, 3: 10])
      }
    }

    /// Row `row`, indented under its day, after the day's heading when it is the day's first.
    func appendLine(_ row: Int, to bytes: inout [UInt8]) {
      if let heading = headings[row] {
        if row > 0 { bytes.append(UInt8(ascii: "\n")) }
        bytes += heading.utf8
        bytes.append(UInt8(ascii: "\n"))
      }
      bytes += "  ".utf8
      table.appendLine(row, to: &bytes)
    }
  }

  /// `12월 2일 (수)부터 7일 동안 약속이 없습니다.` and how to add one (`today`'s, for today).
  static func emptyText(_ window: DayWindow, now: Date) -> String {
    let format = KoreanDateFormat(timeZone: window.timeZone)
    let first = format.day(window.start, seenAt: now)
    let today = window.dayCount == 1 && CivilDate(now, in: window.timeZone) == window.firstDay
    let span =
      window.dayCount == 1
      ? (today ? "오늘은" : "\(first)에는") : "\(first)부터 \(window.dayCount)일 동안"
    return "\(span) 약속이 없습니다. \(RuntimeFailure.addHint(day: today ? "오늘" : "내일"))"
  }
}

extension AppointmentView {
  /// An agenda's row: start, number and title, place, and departure.
  func appendAgendaRow(to table: inout TerminalTable) {
    table.appendCell { times.reader.append(plan.start, .time, to: &$0) }
    table.appendCell { bytes in
      bytes.append(UInt8(ascii: "#"))
      bytes.appendDecimal(appointment.id)
    }
    table.append(appointment.title)
    table.append(appointment.place ?? "")
    table.appendCell { bytes in
      bytes += "출발 ".utf8
      appendDeparture(to: &bytes)
    }
    table.endRow()
  }
}
