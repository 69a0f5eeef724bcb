import ChulbalCalDAV
import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// `chulbal remove ID…`: deletes appointments, after asking.
enum RemoveCommand: Command {
  static let name = "remove"
  static let summary = "약속을 지웁니다"
  static let operands: [WordKind] = [.appointment]
  static let repeatsLastOperand = true
  static let usage = [
    "chulbal remove 번호|제목… [--yes] [--on-server]", "chulbal remove 번호|제목 --on 날짜 [--yes]",
  ]
  static let about = """
    약속을 지웁니다. 터미널에서는 먼저 묻고, 입력이 터미널이 아니면 --yes가 있어야 지웁니다.
    여럿을 주면 모두 한 번에 지우거나 하나도 지우지 않습니다. 반복 약속은 반복 전체를
    지우고, --on을 주면 그날의 회차 하나만 건너뜁니다 (나머지 회차는 그대로).

    캘린더에서 가져온 약속은 이 컴퓨터에서만 지웁니다: 캘린더의 일정은 그대로 두고, 캘린더를
    다시 읽어도 가져오지 않습니다. CalDAV 캘린더의 일정은 --on-server로 서버에서도 지웁니다.
    """
  static let yes = OptionSpec("--yes", short: "-y", help: "묻지 않고 지웁니다")
  static let onServer = OptionSpec(
    "--on-server", help: "CalDAV 캘린더에서 가져온 약속을 서버의 캘린더에서도 지웁니다")
  static let options: [OptionSpec] = [yes, onServer, OccurrenceOption.spec, .now, .database]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    guard !options.positionals.isEmpty else {
      throw ParseError.missingArgument("약속 번호나 제목", command: name, example: "chulbal remove 3")
    }
    let occurrence = try OccurrenceOption(options)
    if occurrence != nil, options.positionals.count > 1 {
      throw ParseError.unexpectedArgument(options.positionals[1], command: name)
    }
    try options.checkNow()
    if occurrence != nil, options.has(onServer) {
      throw AppointmentError.onServerWithOn
    }
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
    let now = try options.clock(environment, timeZone: nil).now()
    let labels = chosen.map { TextCleaning.visible("#\($0.id) \($0.title)") }
    // The calendar each was read from, by the name a person knows it by.
    var calendars: [Int: (source: CalendarSource?, name: String, key: Store.CalendarKey)] = [:]
    if let store {
      let sources = try store.sources()
      for appointment in chosen {
        guard let (path, key) = try store.calendarKey(of: appointment.id) else { continue }
        let source = sources.first { $0.path == path }
        let name = source?.name ?? URL(fileURLWithPath: path).lastPathComponent
        calendars[appointment.id] = (source, name, key)
      }
    }
    var remote: [(source: CalendarSource, resource: CachedResource)] = []
    if options.has(onServer), let store {
      for (appointment, label) in zip(chosen, labels) {
        guard let calendar = calendars[appointment.id], let source = calendar.source,
          source.kind == .caldav
        else { throw AppointmentError.notFromServer(label) }
        guard calendar.key.instance.isEmpty else { throw AppointmentError.instanceOnServer(label) }
        guard let resource = try Self.resource(holding: calendar.key.uid, of: source, in: store)
        else { throw RuntimeFailure.notOnServer(label) }
        remote.append((source, resource))
      }
    }
    if !options.has(yes) {
      let what = labels.joined(separator: ", ")
      guard environment.isInteractive else { throw ValidationError.needsConfirmation(what) }
      // Each with its time, and a series with its rule, so that the question shows what goes.
      let described = chosen.map { appointment in
        let view = AppointmentView(appointment, now: now, environment: environment)
        return view.label + " (" + (view.repeatText.map { "\($0), 모든 회차" } ?? view.startText) + ")"
      }.joined(separator: ", ")
      let oneOccurrence = chosen.count == 1 && chosen[0].repetition != nil ? " 한 회차만: --on 날짜" : ""
      let question =
        remote.isEmpty
        ? "\(described) — 지울까요?\(oneOccurrence)" : "\(described) — 서버의 캘린더에서도 지울까요?"
      guard environment.confirm(question) else { throw RuntimeFailure.notRemoved }
    }
    // One sign-in (one run of the password command) for each source, however many go.
    var servers: [String: any CalendarServer] = [:]
    for item in remote {
      let server =
        try servers[item.source.name] ?? ServerSync.connect(item.source, environment: environment)
      servers[item.source.name] = server
      do throws(DAVError) {
        try server.delete(item.resource.href, etag: item.resource.etag)
      } catch {
        throw ServerSync.Failure.server(error)
      }
    }
    if let store {
      if remote.isEmpty {
        _ = try store.recordingUndo(name, now: now) {
          (
            try store.delete(ids: chosen.map(\.id), now: now),
            labels.joined(separator: ", ") + " 지움"
          )
        }
      } else {
        // What went from the server cannot come back with the appointment, so nothing before
        // this removal can be undone either.
        _ = try store.delete(ids: chosen.map(\.id), now: now)
        try store.forgetUndo()
      }
    }
    var text = ""
    for (appointment, label) in zip(chosen, labels) {
      if let calendar = calendars[appointment.id] {
        let name = TextCleaning.visible(calendar.name)
        text +=
          remote.isEmpty
          ? "\(label) — 지웠습니다. 캘린더 '\(name)'의 일정은 그대로 두고, 다시 읽어도 가져오지 않습니다.\n"
          : "\(label) — 지웠습니다. 서버의 캘린더 '\(name)'에서도 지웠습니다.\n"
      } else {
        text += "\(label) — 지웠습니다\n"
      }
    }
    return .success(text)
  }

  /// The resource kept from `source`'s calendars whose event has `uid` (RFC 4791 §4.1: one
  /// UID a resource), read as a sync reads it; nil when none holds it.
  private static func resource(holding uid: String, of source: CalendarSource, in store: Store)
    throws -> CachedResource?
  {
    try store.cachedResources(source.name).first { resource in
      let events =
        (try? ICalendarFile.read(
          data: resource.data, name: resource.href, zones: store.zones))?.events
      return events?.contains { $0.uid == uid } ?? false
    }
  }

  /// `remove --on`: takes one occurrence out of a series, after asking as a removal does.
  private static func skip(
    _ option: OccurrenceOption, of series: Appointment, store: Store?, options: ParsedOptions,
    environment: Environment
  ) throws -> Outcome {
    let zone = environment.timeZone(stored: series.timeZone)
    let now = try options.clock(environment, timeZone: zone).now()
    let occurrence = try option.occurrence(
      of: series, zone: zone, now: now, zones: environment.zones)
    let when = KoreanDateFormat(timeZone: zone).full(occurrence.start, seenAt: now)
    let what = TextCleaning.visible("#\(series.id) \(series.title)") + "의 \(when) 회차"
    if !options.has(yes) {
      guard environment.isInteractive else { throw ValidationError.needsConfirmation(what) }
      guard environment.confirm("\(what) — 건너뛸까요?") else { throw RuntimeFailure.notRemoved }
    }
    var changed = series
    changed.repetition?.exceptions.insert(occurrence.wall)
    changed.repetition?.overrides[occurrence.wall] = nil
    try store?.recordingUndo(name, now: now) {
      try store?.advanceSeries(now: now)
      try store?.update(changed, now: now, occurrence: (occurrence.wall, nil))
      return ((), "\(what) 건너뜀")
    }
    return .success("\(what) — 건너뜁니다\n")
  }
}
