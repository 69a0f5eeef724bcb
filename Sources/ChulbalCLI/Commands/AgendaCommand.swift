import ChulbalCore
import ChulbalStore
import Foundation

/// `chulbal agenda`: every occurrence of every appointment in the days ahead, day by day.
enum AgendaCommand: Command {
  static let name = "agenda"
  static let summary = "앞으로 며칠의 약속을 날짜별로 봅니다 (반복 약속은 회차마다)"
  static let usage = ["chulbal agenda [--days 일수] [--from 날짜] [--json]"]
  static let about = """
    오늘(또는 --from의 날)부터 며칠 동안의 약속을 날짜별로, 시각 순으로 보여 줍니다. 반복
    약속은 그 기간의 회차마다 한 줄씩입니다. chulbal today는 오늘 하루, chulbal week는
    이레입니다.
    """
  static let days = OptionSpec("--days", value: "일수", help: "며칠 동안 (1~366, 기본 7)")
  static let start = OptionSpec("--from", value: "날짜", help: "이 날부터 (기본: 오늘), 예: \"12월 7일\"")
  static let options: [OptionSpec] = [days, start] + shared
  /// What `today` and `week` take too.
  static let shared: [OptionSpec] = [
    OptionSpec.timeZone.help(OptionSpec.readerZoneHelp), .now, .database,
    OptionSpec.json.help("회차마다 하나씩인 JSON 배열로"),
  ]
  static let epilogue = """
    예:
      chulbal agenda --days 14
      chulbal agenda --from "다음 주 월요일" --days 5 --json

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    var count = 7
    if let text = options[days] {
      guard let value = Int(text), (1...366).contains(value) else {
        throw UsageError.invalidNumber(option: days.name, text, accepted: "1~366")
      }
      count = value
    }
    let first = try options.parse(start, RepeatOptions.scanDay)
    return try agenda(options, environment, days: count, from: first)
  }

  /// The agenda of `days` days from the day `from` names (today when nil), in the reader's
  /// zone: `agenda`, `today` and `week`.
  static func agenda(
    _ options: ParsedOptions, _ environment: Environment, days: Int, from: ScannedTime?
  ) throws -> Outcome {
    let zone = try options.timeZone(environment) ?? environment.timeZone(option: nil)
    let now = try options.clock(environment, timeZone: zone).now()
    var firstDay = WallTime(now, in: zone).date
    if let from {
      do {
        firstDay = WallTime(try from.resolve(now: now, timeZone: zone), in: zone).date
      } catch .time(_, let reason) {
        throw UsageError.invalidValue(
          option: start.name, .time(options[start] ?? from.text, reason: reason))
      } catch {
        throw UsageError.invalidValue(option: start.name, error)
      }
    }
    func midnight(_ days: Int) -> Date {
      WallTime(date: CivilDate(days: days), hour: 0, minute: 0).instant(in: zone)
    }
    let windowStart = midnight(firstDay.days)
    let windowEnd = midnight(firstDay.days + days)
    let store = try options.store(environment, access: .reading)
    let occurrences = try store?.occurrences(from: windowStart, to: windowEnd) ?? []
    var zones = AppointmentView.Zones(environment: environment, readerZone: zone)
    let views = occurrences.map { AppointmentView($0, now: now, zones: &zones) }
    if options.has(.json) {
      let items = views.map { view -> JSONValue in
        var members: [(String, JSONValue)] = [
          ("id", .integer(view.appointment.id)),
          ("title", .string(view.appointment.title)),
          ("start", .string(view.format.iso8601(view.plan.start))),
          ("departure", .string(view.format.iso8601(view.plan.departure))),
          ("occurrence", .bool(view.appointment.repetition != nil)),
          ("time_zone", .string(view.appointment.timeZone)),
          ("place", view.appointment.place.map(JSONValue.string) ?? .null),
        ]
        if let text = view.repeatText { members.append(("repeat", .string(text))) }
        return .object(members)
      }
      return .success(JSONValue.array(items).rendered())
    }
    let reader = KoreanDateFormat(timeZone: zone)
    let thisYear = reader.year(of: now)
    guard !views.isEmpty else {
      let first = Self.dayHeader(firstDay, thisYear: thisYear)
      let span = days == 1 ? "에는" : "부터 \(days)일 동안"
      return .success("\(first)\(span) 약속이 없습니다. \(RuntimeFailure.addHint)\n")
    }
    var text = ""
    var shownDay: Int?
    for view in views {
      let day = WallTime(view.plan.start, in: zone).date
      if day.days != shownDay {
        text += (shownDay == nil ? "" : "\n") + Self.dayHeader(day, thisYear: thisYear) + "\n"
        shownDay = day.days
      }
      var line = "  \(reader.time(view.plan.start))  \(view.label) · \(view.departureText) 출발"
      if let repeats = view.repeatText { line += " · \(repeats)" }
      text += line + "\n"
    }
    return .success(text)
  }

  /// `12월 2일 (수)`, with the year in front outside `thisYear`.
  static func dayHeader(_ day: CivilDate, thisYear: Int) -> String {
    let weekday = RecurrenceRule.Weekday(rawValue: day.weekday)?.korean ?? ""
    return (day.year == thisYear ? "" : "\(day.year)년 ") + "\(day.month)월 \(day.day)일 (\(weekday))"
  }
}

/// `chulbal today`: `agenda` of today alone.
enum TodayCommand: Command {
  static let name = "today"
  static let summary = "오늘의 약속 (agenda --days 1)"
  static let usage = ["chulbal today [--json]"]
  static let about = "오늘 하루의 약속을 시각 순으로 보여 줍니다. chulbal agenda --days 1과 같습니다."
  static let options = AgendaCommand.shared

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    return try AgendaCommand.agenda(options, environment, days: 1, from: nil)
  }
}

/// `chulbal week`: `agenda` of the seven days from today.
enum WeekCommand: Command {
  static let name = "week"
  static let summary = "오늘부터 이레의 약속 (agenda --days 7)"
  static let usage = ["chulbal week [--json]"]
  static let about = "오늘부터 이레 동안의 약속을 날짜별로 보여 줍니다. chulbal agenda --days 7과 같습니다."
  static let options = AgendaCommand.shared

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    return try AgendaCommand.agenda(options, environment, days: 7, from: nil)
  }
}
