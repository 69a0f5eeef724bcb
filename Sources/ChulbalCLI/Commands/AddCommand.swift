import ChulbalCore
import ChulbalStore

/// `chulbal add TITLE --at TIME …`: keeps a new appointment.
enum AddCommand: Command {
  static let name = "add"
  static let summary = "약속을 저장합니다"
  static let usage = [
    "chulbal add 제목 --at 시각 [--repeat 반복 [--until 날짜|--count 횟수]] [--place 이름] [--coord 위도,경도|장소] [--from 장소|위도,경도] [--mode 수단] [--travel 시간] [--buffer 시간] [--prep 시간] [--alerts 목록] [--tz 시간대] [--note 메모] [--json]"
  ]
  static let about = """
    약속을 저장하고 출발 시각을 알려 줍니다. --travel이 없으면 출발지(--from, 없으면 기본
    출발지)에서 --coord까지의 이동 시간을 추정합니다. --coord 없이 --place에 저장된 장소
    이름을 주면 그 장소의 좌표를 씁니다. --repeat를 주면 --at의 시각에서 시작해 약속 시간대의
    벽시계 시각 그대로 반복합니다 (일광 절약 시간이 바뀌어도 같은 시각). 31일처럼 없는 달이
    있는 날은 RFC 5545에 따라 그 달을 건너뜁니다.
    """
  static let options =
    Array(AppointmentOptions.specs.prefix(2)) + RepeatOptions.specs
    + AppointmentOptions.specs.dropFirst(2) + [PlaceLookup.flag, yes]
  static let yes = RemoveCommand.yes.help("같은 제목, 같은 시각의 약속이 있어도 묻지 않고 추가합니다")
  static let epilogue = """
    예:
      chulbal add "저녁 약속" --at "내일 오후 7시" --place "강남역 2번 출구" \\
        --coord 37.4979,127.0276 --from 집
      chulbal add 회의 --at "내일 오전 10시" --place 회사
      chulbal add 치과 --at "금요일 10시 반" --travel 25m
      chulbal add 출근 --at "월요일 오전 9시" --repeat weekdays --place 회사
      chulbal add 스터디 --at "화요일 저녁 7시" --repeat weekly --until "12월 31일"

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    guard !options.positionals.isEmpty else {
      throw ParseError.missingArgument(
        "제목", command: name, example: "chulbal add \"저녁 약속\" --at \"내일 오후 7시\" --travel 30m")
    }
    let input = try AppointmentOptions(
      options, title: options.positionals.joined(separator: " "), environment: environment)
    let repeating = try RepeatOptions(options, atRepeats: input.at?.repeats ?? false)
    let lookup = try PlaceLookup(options)
    let existing = try options.store(environment, access: .writing)
    var (draft, now, savedPlace, words) = try input.resolved(
      over: nil, store: existing, environment: environment)
    let found = try lookup?.resolve(
      &draft, savedPlace: savedPlace, store: existing, options: options, environment: environment)
    var appointment = try AppointmentOptions.appointment(
      draft, over: nil, store: existing, command: name)
    let zone = environment.timeZone(stored: appointment.timeZone)
    if let words {
      appointment.repetition = try repeating.series(
        rule: words.rule, firstStart: words.firstStart, zone: zone, now: now,
        zones: environment.zones)
    } else {
      appointment.repetition = try repeating.repetition(
        start: appointment.start, zone: zone, now: now, zones: environment.zones)
    }
    try existing?.advanceSeries(now: now)
    // The same title again may be meant (a weekly class typed twice) and is kept, and said;
    // the same title at the same time is almost always typed twice, and is asked about.
    let namesakes =
      try existing?.appointments(titlePrefix: appointment.title)
      .filter { $0.title == appointment.title } ?? []
    let twins = namesakes.filter { $0.start == appointment.start }
    if !twins.isEmpty && !options.has(yes) {
      let shown = twins.map { AppointmentView($0, now: now, environment: environment) }
        .map { "\($0.label) (\($0.startText))" }.joined(separator: ", ")
      guard environment.isInteractive else { throw AppointmentError.duplicate(shown) }
      guard environment.confirm("같은 약속이 이미 있습니다: \(shown). 그래도 추가할까요?") else {
        throw RuntimeFailure.notAdded
      }
    }
    let store = try options.writableStore(environment, existing: existing)
    // The trips the insert will plan, asked of the route providers before it writes.
    let routes = try RouteAsker(store: existing, environment: environment, now: now)
    if let routes {
      let asked = appointment
      try routes.prepare { _ = try store.insert(asked, createdAt: now) }
      appointment = try AppointmentOptions.routed(appointment, previous: nil, store: store)
    }
    let stored = try store.insert(appointment, createdAt: now)
    let kept = try found?.save(in: store, now: now) ?? ""
    let view = AppointmentView(stored, now: now, environment: environment)
    let others = namesakes.map { other in
      "#\(other.id) (\(AppointmentView(other, now: now, environment: environment).startText))"
    }
    let notes =
      others.isEmpty
      ? []
      : ["제목이 같은 약속이 이미 있습니다: \(others.joined(separator: ", ")). 모두 남겨 두었습니다"]
    let confirmation = input.confirmation(view, savedPlace: savedPlace, environment: environment)
    // JSON output stays one document; what was found is said beside it.
    return Outcome(
      standardOutput: input.json ? confirmation : kept + confirmation,
      standardError: Outcome.diagnostics((routes?.diagnostics ?? []) + notes)
        + (input.json ? kept : ""))
  }
}
