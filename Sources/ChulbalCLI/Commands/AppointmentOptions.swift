import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// The options `add` and `edit` share, read into typed values before the store is opened.
///
/// What needs the store waits for it: the zone an edit's `--at` is read in (the stored
/// appointment's, unless `--tz` is given), whether `--from` or `--coord` names a saved place,
/// whether `--place` does (its coordinate is then the destination's), and the settings a new
/// appointment starts from.
struct AppointmentOptions {
  static let past = OptionSpec("--past", help: "이미 지난 시각도 받습니다 (지난 약속을 기록해 둘 때)")
  static let end = OptionSpec(
    "--end", value: "시각", help: "끝나는 시각, 예: 오후 3시 (날짜가 없으면 시작하는 날)")
  static let length = OptionSpec(
    "--for", value: "시간",
    help: "약속의 길이, 예: 90m, 1시간 30분 (기본: 설정의 length 값, 초깃값 \(OptionSpec.initially(.length)))")
  static let specs: [OptionSpec] = [
    .at, end, length, past, OptionSpec.place.help("장소 이름 (예: \"강남역 2번 출구\"). 저장된 장소면 그 좌표를 씁니다"),
    .coordOrPlace, .from, .mode, .travel, .buffer, .prep, .alerts,
    OptionSpec.timeZone.help("약속의 IANA 시간대 (기본: 시스템 시간대, TZ 환경 변수를 따름)"), .note, .now, .database,
    .json,
  ]

  /// Every field but the start, its zone and the origin.
  var draft = AppointmentDraft()
  /// `--at` as typed, checked; resolved once its zone is known.
  let at: ScannedTime?
  /// `--end` as typed, checked; resolved on the start's day.
  let end: ScannedTime?
  let zone: Zone?
  let from: PlaceReference?
  let coordinate: PlaceReference?
  let json: Bool
  private let options: ParsedOptions

  init(_ options: ParsedOptions, title: String?, environment: Environment) throws {
    draft.title = title
    if let title {
      // The same test the draft trims by: Unicode white space only, so a title that ends in
      // an invisible character such as U+200B is kept as typed, not shortened or refused.
      if title.trimmingWhitespace().isEmpty { throw AppointmentError.emptyTitle }
      // A title is one line to show; control characters (C0, DEL, C1) have no place in it.
      if title.unicodeScalars.contains(where: TextCleaning.isControl) {
        throw ParseError.invalidValue(option: "제목", .title(title, reason: "제어 문자는 쓸 수 없습니다"))
      }
    }
    draft.place = options[.place]
    draft.note = options[.note]
    coordinate = PlaceReference.read(options, .coord)
    draft.coordinate = coordinate?.coordinate
    draft.mode = try options.parse(.mode, TravelMode.parse)
    draft.bufferSeconds = try options.parse(.buffer, DurationExpression.parse)
    draft.prepSeconds = try options.parse(.prep, DurationExpression.parse)
    draft.alertLeads = try options.parse(.alerts, AlertLeads.parse)
    draft.travelSeconds = try options.parse(.travel, DurationExpression.parse)
    zone = try options.timeZone(environment)
    try Self.refuseSplitAt(options)
    at = try options.parse(.at, TimeExpression.scan)
    end = try options.parse(Self.end, TimeExpression.scan)
    draft.lengthSeconds = try options.parse(Self.length, DurationExpression.parse)
    if end != nil && draft.lengthSeconds != nil { throw AppointmentError.endWithLength }
    from = PlaceReference.read(options, .from)
    try options.checkNow()
    json = options.has(.json)
    self.options = options
  }

  /// Refuses `--at 내일 저녁 7시` typed without quotes: `--at` alone is no time, and with the
  /// words the shell split off after it, it is one.
  ///
  /// - Throws: `ParseError.splitTime` with the shortest such time; nothing for any other
  ///   `--at`, which is judged as given.
  static func refuseSplitAt(_ options: ParsedOptions) throws {
    guard let first = options[.at], (try? TimeExpression.scan(first)) == nil else { return }
    var words = [first]
    for word in options.words(after: .at) {
      words.append(word)
      let joined = words.joined(separator: " ")
      if (try? TimeExpression.scan(joined)) != nil {
        throw ParseError.splitTime(option: OptionSpec.at.name, joined)
      }
    }
  }

  /// The draft with the start read in the appointment's zone and the places looked up, the
  /// time it was read at (`--now` too is read in that zone when it has no offset), and the
  /// saved place `--place` named, whose coordinate the draft took for want of `--coord`.
  ///
  /// - Parameters:
  ///   - base: the stored appointment an edit changes; nil for a new one.
  ///   - store: where saved places come from; nil when there is no database yet.
  /// - Returns: also the series `--at` names in words (`매주 화요일 저녁 7시`), whose first
  ///   start the draft takes; nil for a time that comes once.
  func resolved(over base: Appointment?, store: Store?, environment: Environment) throws
    -> (draft: AppointmentDraft, now: Date, savedPlace: SavedPlace?, repeating: RepeatingTime?)
  {
    var draft = self.draft
    let zone: Zone =
      if let zone { zone } else if let base {
        environment.timeZone(stored: base.timeZone)
      } else {
        try environment.timeZone(option: nil)
      }
    draft.timeZone = zone.identifier
    let now = try options.clock(environment, timeZone: zone).now()
    var repeating: RepeatingTime?
    if let at, at.repeats {
      // The first occurrence after now: never past.
      do {
        repeating = try at.resolveRepeating(now: now, timeZone: zone)
      } catch {
        throw ParseError.invalidValue(option: OptionSpec.at.name, error)
      }
      draft.start = repeating?.firstStart.instant(in: zone)
    } else if let at {
      // An edit's time with no day stays on the appointment's day; for a series, the day of
      // its next occurrence, which the series starts again from.
      let kept =
        if let base, base.repeats {
          try base.recurrenceSet(zones: environment.zones)?.nextOccurrence(after: now) ?? base.start
        } else {
          base?.start
        }
      let start: Date
      do {
        start = try at.resolve(now: now, timeZone: zone, keeping: kept)
      } catch {
        throw ParseError.invalidValue(option: OptionSpec.at.name, error)
      }
      // A start already gone is almost always a misreading; kept only when asked for.
      if start <= now && !options.has(Self.past) {
        throw AppointmentError.pastStart(
          KoreanDateFormat(timeZone: zone).full(start, seenAt: now),
          afternoon: at.afternoonReading(of: start, now: now, timeZone: zone))
      }
      draft.start = start
    }
    if let end, let start = draft.start ?? base?.start {
      let instant: Date
      do {
        instant = try end.resolve(now: now, timeZone: zone, keeping: start)
      } catch {
        throw ParseError.invalidValue(option: Self.end.name, error)
      }
      guard instant >= start else {
        let format = KoreanDateFormat(timeZone: zone)
        throw AppointmentError.endBeforeStart(
          format.full(instant, seenAt: now), start: format.full(start, seenAt: now))
      }
      draft.end = instant
    }
    var savedPlace: SavedPlace?
    if let coordinate {
      draft.coordinate = try coordinate.resolved(in: store).coordinate
    } else if let place = draft.place, !place.isEmpty, let saved = try store?.place(named: place) {
      draft.coordinate = saved.coordinate
      savedPlace = saved
    }
    if let from {
      if ["auto", "자동"].contains(from.text.trimmingWhitespace().lowercased()),
        try store?.place(named: from.text) == nil
      {
        // `--from auto`: no longer given, so the origin rule chooses again, from the default
        // place on (a saved place named so is still that place).
        guard let home = try store?.defaultPlace() else { throw PlaceError.automaticWithoutDefault }
        draft.origin = Origin(name: home.name, coordinate: home.coordinate, reason: .default)
      } else {
        draft.origin = try from.origin(in: store)
      }
    }
    return (draft, now, savedPlace, repeating)
  }

  /// What `add` and `edit` print: the appointment as JSON, or its line and, when `--place`
  /// lent it a saved place's coordinate, a line that says so, and when `--at` gave a bare
  /// `N시`, a line that says which reading was taken.
  func confirmation(_ view: AppointmentView, savedPlace: SavedPlace?, environment: Environment)
    -> String
  {
    if json { return view.renderedJSON() }
    let note = savedPlace.map {
      "저장된 장소 '\(TextCleaning.visible($0.name))'의 좌표를 씁니다 (\(AppointmentView.text($0.coordinate)))\n"
    }
    let zone = environment.timeZone(stored: view.appointment.timeZone)
    let reading = at?.ruleReading(of: view.appointment.start, timeZone: zone).map { $0 + "\n" }
    let late = view.lateLine.map { $0 + "\n" }
    return view.summaryLine + "\n" + (late ?? "") + (note ?? "") + (reading ?? "")
  }

  /// `appointment` with a route provider's trip in place of its estimate, once the providers
  /// have been asked (``RouteAsker``): the rule that made it, given their answers.
  ///
  /// - Parameter previous: the appointment before an edit, whose provider trip is kept while
  ///   it answers the same trip.
  static func routed(_ appointment: Appointment, previous: Appointment?, store: Store) throws
    -> Appointment
  {
    guard appointment.travelSource == .estimate else { return appointment }
    return
      (try? appointment.workedOutTravel(
        over: store.rememberedTrips(), routes: store.knownRoutes, previous: previous))
      ?? appointment
  }

  /// The appointment a draft makes, new over the settings or an edit of `base`.
  static func appointment(
    _ draft: AppointmentDraft, over base: Appointment?, store: Store?, command: String
  ) throws -> Appointment {
    let settings = try store?.settings() ?? .defaults
    let defaultOrigin = try store?.defaultPlace()?.origin
    // Once the origin is known: a trip between the same places the person corrected before.
    let remembered = try store?.rememberedTrips() ?? RememberedTrips()
    do throws(AppointmentDraft.Problem) {
      if let base { return try draft.applied(to: base, remembered: remembered) }
      return try draft.appointment(
        settings: settings, defaultOrigin: defaultOrigin, remembered: remembered)
    } catch {
      switch error {
      case .missingStart:
        throw ParseError.missingOption("--at", command: command, example: "--at \"내일 오후 7시\"")
      case .emptyTitle: throw AppointmentError.emptyTitle
      case .noTravel(let missingDestination):
        // A place name that is not saved gives no coordinate; saved places with none the
        // default call for `place edit`, not another `place add`.
        let place = missingDestination ? (draft.place ?? base?.place) : nil
        throw AppointmentError.noTravel(
          missingDestination: missingDestination, place: place,
          hasPlaces: !(try store?.places().isEmpty ?? true))
      case .estimateTooLong(let seconds): throw TripError.estimateTooLong(seconds: seconds)
      case .endBeforeStart:
        // Checked with the times it names when `--end` is read.
        throw AppointmentError.endWithLength
      }
    }
  }
}
