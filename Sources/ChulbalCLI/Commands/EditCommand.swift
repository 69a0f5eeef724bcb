import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// `chulbal edit ID …`: changes what is given, keeps the rest.
enum EditCommand: Command {
  static let name = "edit"
  static let summary = "약속을 고칩니다"
  static let operands: [WordKind] = [.appointment]
  static let usage = [
    "chulbal edit 번호|제목 [--title 제목] [add와 같은 옵션…]",
    "chulbal edit 번호|제목 --on 날짜 --at 시각",
  ]
  static let about = """
    지정한 옵션만 바꾸고 나머지는 그대로 둡니다. 이동 시간이 추정값이었거나 --coord, --from,
    --mode를 바꾸면 이동 시간을 다시 추정합니다 (--travel을 주면 그 값을 씁니다).
    빈 값('--place ""', '--note ""')은 그 항목을 지웁니다. --coord 없이 --place에 저장된
    장소 이름을 주면 그 장소의 좌표로 바꿉니다.

    출발지와 목적지가 모두 좌표로 알려진 약속에 --travel을 주면 그 이동 시간을 기억해 두고,
    같은 두 곳(150m 안) 사이를 같은 수단으로 가는 약속에 추정 대신 씁니다: 이미 저장한 약속
    중 이동 시간을 추정했던 것도 다시 계획합니다. 기억한 이동은 chulbal trip list로 봅니다.

    반복 약속에 --at을 주면 반복이 그 시각부터 다시 시작합니다: 반복하는 요일과 날은 규칙
    그대로, 시각은 --at의 시각으로 바뀌고, 이미 지난 회차는 그대로 지난 것으로 남습니다.
    건너뛰거나 옮긴 회차는 새 시작 뒤에 있고 시각이 같을 때만 남습니다 (COUNT는 새 시작부터
    다시 셉니다). --on 날짜 --at 시각은 그날의 회차 하나만 옮깁니다.

    날짜 없는 --at 시각은 약속(--on이면 그 회차)의 날 그대로 시각만 바꾸고, 오전/오후 없이 쓴
    N시는 원래 시각에 가까운 쪽으로 읽습니다: 저녁 7시 약속을 '8시'로 고치면 같은 날 오후 8시,
    '7시 반'이면 오후 7시 반입니다.
    """
  static let title = OptionSpec("--title", value: "제목", help: "새 제목")
  static let options = [title, OccurrenceOption.spec] + AppointmentOptions.specs
  static let epilogue = """
    예:
      chulbal edit 3 --at "내일 오후 7시 30분"
      chulbal edit 저녁 --travel 45m

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    // Before the words the shell split off `--at` are taken for a second appointment.
    try AppointmentOptions.refuseSplitAt(options)
    let selector = try options.singlePositional("약속 번호나 제목", example: "chulbal edit 3 --at 19:30")
    // Options that say how to run rather than what to change.
    let running: Set<OptionSpec> = [
      .database, .now, .json, AppointmentOptions.past, OccurrenceOption.spec,
    ]
    let changes = Self.options.filter { !running.contains($0) }
    guard changes.contains(where: { options[$0] != nil || options.has($0) }) else {
      throw ValidationError.nothingToEdit(changes.map(\.name))
    }
    let input = try AppointmentOptions(options, title: options[title], environment: environment)
    let occurrence = try OccurrenceOption(options)
    if occurrence != nil {
      guard input.at != nil else { throw AppointmentError.occurrenceNeedsAt(option: nil) }
      let others = changes.filter { $0 != .at }
      if let other = others.first(where: { options[$0] != nil || options.has($0) }) {
        throw AppointmentError.occurrenceNeedsAt(option: other.name)
      }
    }
    let store = try options.store(environment, access: .writing)
    let base = try AppointmentSelector.find(selector, in: store)
    if let occurrence {
      return try move(
        occurrence, of: base, input: input, store: store, options: options, environment: environment
      )
    }
    let (draft, now, savedPlace, words) = try input.resolved(
      over: base, store: store, environment: environment)
    var edited = try AppointmentOptions.appointment(draft, over: base, store: store, command: name)
    edited.id = base.id
    if let words {
      // `--at "매주 수요일 7시"`: a new rule from its first occurrence on, with none of the old
      // rule's skipped or moved occurrences; a one-off becomes a series.
      edited.repetition = try RepeatOptions(options, atRepeats: true).series(
        rule: words.rule, firstStart: words.firstStart,
        zone: environment.timeZone(stored: edited.timeZone), now: now, zones: environment.zones)
    } else if var repetition = base.repetition,
      input.at != nil || draft.timeZone != base.timeZone
    {
      // The series starts again from --at, on the rule's days, at --at's time of day.
      let first = WallTime(edited.start, in: environment.timeZone(stored: edited.timeZone))
      let keep = { (wall: WallTime) in
        wall >= first
          && (wall.hour, wall.minute, wall.second) == (first.hour, first.minute, first.second)
      }
      repetition.firstStart = first
      repetition.exceptions = repetition.exceptions.filter(keep)
      repetition.overrides = repetition.overrides.filter { keep($0.key) }
      edited.repetition = repetition
    }
    let imported = try store?.calendarKey(of: base.id) != nil
    // A corrected trip between two known places is remembered for the trips after it.
    var remembered: (trip: RememberedTrip, replanned: [Appointment])?
    // The trips the update will plan, asked of the route providers before it writes.
    let routes = try RouteAsker(store: store, environment: environment, now: now)
    if let routes, let store {
      let asked = edited
      try routes.prepare { try store.update(asked, now: now) }
      edited = try AppointmentOptions.routed(edited, previous: base, store: store)
    }
    if let store {
      let label = TextCleaning.visible("#\(base.id) \(base.title)")
      edited = try store.recordingUndo(name, now: now) {
        try store.advanceSeries(now: now)
        let local = try draft.localFields(over: store.localFields(of: base.id), result: edited)
        guard draft.travelSeconds != nil, let trip = RememberedTrip(correcting: edited) else {
          return (try store.update(edited, now: now, local: local), "\(label) 고침")
        }
        let result = try store.update(edited, now: now, local: local, remembering: trip)
        remembered = (result.trip, result.replanned)
        return (result.appointment, "\(label) 고침")
      }
    }
    let view = AppointmentView(edited, now: now, environment: environment)
    var text = input.confirmation(view, savedPlace: savedPlace, environment: environment)
    if let remembered, !input.json {
      text += TripView.rememberedLine(remembered.trip, replanned: remembered.replanned.count)
    }
    if imported, !input.json,
      input.draft.changesCalendarFields || input.at != nil || input.zone != nil
    {
      text += "캘린더에서 가져온 약속입니다. 제목·시각·장소·메모는 캘린더에서 바뀌면 캘린더를 따릅니다.\n"
    }
    return Outcome(
      standardOutput: text, standardError: Outcome.diagnostics(routes?.diagnostics ?? []))
  }

  /// `edit --on D --at T`: moves one occurrence of a series to `T`, read as a time on that
  /// day unless it names a day itself.
  private static func move(
    _ option: OccurrenceOption, of series: Appointment, input: AppointmentOptions, store: Store?,
    options: ParsedOptions, environment: Environment
  ) throws -> Outcome {
    let zone = environment.timeZone(stored: series.timeZone)
    let now = try options.clock(environment, timeZone: zone).now()
    let occurrence = try option.occurrence(
      of: series, zone: zone, now: now, zones: environment.zones)
    guard let at = input.at else { throw AppointmentError.occurrenceNeedsAt(option: nil) }
    let start: Date
    do throws(InputError) {
      // A time with no day is the occurrence's day, a bare hour the reading nearest its time.
      // A named day is read from just before the occurrence's day begins; a month and day
      // from now, as `add` reads them, or a day before the occurrence's would be next year's.
      let reference = at.namesMonth ? now : occurrence.dayStart.addingTimeInterval(-1)
      start = try at.resolve(now: reference, timeZone: zone, keeping: occurrence.start)
    } catch {
      throw ParseError.invalidValue(option: OptionSpec.at.name, error)
    }
    let format = KoreanDateFormat(timeZone: zone)
    let label = TextCleaning.visible("#\(series.id) \(series.title)")
    if start <= now && !options.has(AppointmentOptions.past) {
      throw AppointmentError.pastStart(format.full(start, seenAt: now), afternoon: nil)
    }
    // Not onto another occurrence: the agenda would list the series twice at one time, and
    // the two would share their alerts (the log knows an occurrence by its start).
    var others = series
    others.repetition?.exceptions.insert(occurrence.wall)
    others.repetition?.overrides[occurrence.wall] = nil
    if try !others.occurrences(
      from: start, to: start.addingTimeInterval(1), zones: environment.zones
    ).isEmpty {
      throw AppointmentError.occurrenceTaken(
        at.text, series: label, start: format.full(start, seenAt: now))
    }
    var changed = series
    changed.repetition?.overrides[occurrence.wall] = start
    let from = format.full(occurrence.start, seenAt: now)
    try store?.recordingUndo(name, now: now) {
      try store?.advanceSeries(now: now)
      try store?.update(changed, now: now, occurrence: (occurrence.wall, start))
      return ((), "\(label)의 \(from) 회차 옮김")
    }
    let reading = at.ruleReading(of: start, timeZone: zone).map { $0 + "\n" } ?? ""
    return .success(
      "\(label)의 \(from) 회차를 옮겼습니다: \(format.full(start, seenAt: now))\n" + reading)
  }
}
