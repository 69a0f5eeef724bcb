import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// What a live display counts down to: a stored appointment, or an ad-hoc time.
struct CountdownTarget {
  let title: String
  let place: String?
  let plan: DeparturePlan
  /// The reader's zone, with the appointment's own clock beside its time when it differs.
  let times: ReaderTimes

  /// How the target is chosen, read from the options before anything is opened.
  enum Choice {
    /// `--at` with its own travel and buffer, in `zone`.
    case adHoc(at: String, travelSeconds: Int, bufferSeconds: Int, zone: Zone)
    /// The appointment a word names, else the next one.
    case stored(selector: String?)
  }

  /// `출발 오후 6:15 · 약속 오후 7:00`, with `준비 오후 6:03 · ` in front when there is prep
  /// time, and `출발` alone when departure is the start itself (a timer).
  ///
  /// A time carries its date when it falls on another day than the one before it, the first
  /// one than `now`'s: `출발 12월 4일 (금) 오전 6:10 · 약속 오전 7:00`, never a bare time three
  /// days ahead. The last, the appointment's own time, has its zone's clock beside it when
  /// that differs from the reader's: `약속 오후 11:00 (뉴욕 오전 9:00)`.
  func timesLine(now: Date) -> String {
    let format = times.reader
    var shown: [(label: String, at: Date)] = []
    if let ready = plan.ready { shown.append(("준비", ready)) }
    shown.append(("출발", plan.departure))
    if plan.start != plan.departure { shown.append(("약속", plan.start)) }
    var before = now
    return shown.map { label, at in
      defer { before = at }
      let own = at == plan.start ? times.ownTime(at, seenAt: now) : ""
      let text = format.isSameDay(at, before) ? format.time(at) : format.full(at, seenAt: now)
      return "\(label) " + text + own
    }.joined(separator: " · ")
  }

  static let specs: [OptionSpec] = [
    OptionSpec.at.help("저장하지 않은 시각으로 (예: +25m, 19:00)"),
    OptionSpec.travel.help("--at과 함께: 이동 시간 (기본 0)"),
    OptionSpec.buffer.help("--at과 함께: 여유 시간 (기본 0)"),
    OptionSpec.timeZone.help("--at과 함께: 시간대 (기본: 시스템 시간대)"), .database,
  ]

  static func choice(_ options: ParsedOptions, environment: Environment) throws
    -> Choice
  {
    try options.expectPositionals(atMost: 1)
    let word = options.positionals.first
    guard let at = options[.at] else {
      for spec in [OptionSpec.travel, .buffer, .timeZone] where options[spec] != nil {
        throw TripError.needsAt(option: spec.name)
      }
      return .stored(selector: word)
    }
    if let word { throw TripError.selectorWithAt(word) }
    return .adHoc(
      at: at, travelSeconds: try options.parse(.travel, DurationExpression.parse) ?? 0,
      bufferSeconds: try options.parse(.buffer, DurationExpression.parse) ?? 0,
      zone: try environment.timeZone(option: options[.timeZone]))
  }

  /// The target the choice names at `now`.
  ///
  /// - Returns: nil when no appointment is named and none is upcoming.
  static func select(
    _ choice: Choice, store: () throws -> Store?, now: Date, environment: Environment
  )
    throws -> CountdownTarget?
  {
    switch choice {
    case .adHoc(let at, let travel, let buffer, let zone):
      let start: Date
      do {
        start = try TimeExpression.parse(at, now: now, timeZone: zone)
      } catch {
        throw ParseError.invalidValue(option: OptionSpec.at.name, error)
      }
      let plan = DeparturePlan(
        start: start, travelSeconds: travel, bufferSeconds: buffer, alertLeads: [])
      let times = ReaderTimes(reader: environment.readerZone(else: zone), own: zone)
      let title = "약속 " + times.full(start, seenAt: now)
      return CountdownTarget(title: title, place: nil, plan: plan, times: times)
    case .stored(let selector):
      guard
        let appointment = try AppointmentSelector.namedOrNext(
          selector, store: store(), now: now)
      else { return nil }
      let own = environment.timeZone(stored: appointment.timeZone)
      return CountdownTarget(
        title: appointment.title, place: appointment.place, plan: appointment.plan,
        times: ReaderTimes(reader: environment.readerZone(else: own), own: own))
    }
  }
}
