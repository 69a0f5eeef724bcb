import ChulbalCore
import ChulbalRoutes
import ChulbalStore
import FoundationEssentials

/// `chulbal trip check [--quiet]`: asks the route providers again for the trips they gave,
/// shortly before leaving, and plans again those that moved. The watch runs it as a child
/// (``TripCheckRunner``) so that a slow service never holds up an alert.
enum TripCheckCommand: Command {
  static let name = "trip check"
  static let summary = "곧 출발할 약속의 이동 시간을 길찾기에 다시 묻습니다"
  static let usage = ["chulbal trip check [--quiet]"]
  static let about = """
    길찾기(route.car 같은 설정)로 이동 시간을 정한 약속 가운데 route.recheck의 가장 긴 시간
    (기본 90분) 안에 출발할 약속마다 그 길찾기를 다시 묻습니다 (저장한 답 없이). 새 이동 시간으로
    출발이 route.threshold(기본 5분) 이상 바뀌면 약속을 고치듯 출발 시각과 알림을 다시
    계획하고, 바뀐 것을 기록해 watch가 한 번 알립니다: '교통 상황 때문에 출발이 7분
    당겨졌습니다'. 출발이 늦춰졌을 때는 15분 이상일 때만 알립니다. 시각이 이미 지난 알림은
    다시 보내지 않습니다. 길찾기가 모두 실패하면 전의 이동 시간을 그대로 둡니다.
    반복 약속은 다시 묻지 않습니다 (하루의 교통 상황이 매번 같지는 않습니다).
    watch는 출발 route.recheck 전마다 이 명령을 따로 실행합니다.
    """
  static let quiet = OptionSpec(
    "--quiet", short: "-q", help: "바뀐 것이 없으면 아무것도 출력하지 않습니다 (watch가 씁니다)")
  static let options: [OptionSpec] = [quiet, .now, .database]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    let clock = try options.clock(environment, timeZone: nil)
    let now = clock.now()
    guard let store = try options.store(environment, access: .writing) else {
      return .success(options.has(quiet) ? "" : nothingText)
    }
    let settings = try store.settings()
    let routes = settings.routes
    let trips = try store.providerTrips(
      after: now, until: now.addingTimeInterval(TripRecheck.window(leads: routes.recheckSeconds)))
    var lines: [String] = []
    var passedOver: [String] = []
    for trip in trips {
      let zone = environment.timeZone(stored: trip.timeZone)
      guard let query = TripRecheck.query(for: trip, timeZone: zone) else { continue }
      // Fresh: the chain is asked directly, never an answer kept from before.
      let chain = RouteProviders.chain(
        for: trip.mode, settings: routes, key: RouteKeyCommand.key(environment.variables),
        environment: environment.variables, now: now)
      // Even the estimate has no answer only for a trip past a week, which no provider gave.
      let answer = try? chain.ask(query) { source, failure, next in
        // The next one answers in vain when it may not replace the trip: the trip stays.
        let used = mayReplace(trip, with: next, chain: routes.chain(for: trip.mode)) ? next : nil
        passedOver.append(
          "#\(trip.id) \(TextCleaning.visible(trip.title)): "
            + RouteChain.passedOverMessage(source, failure, next: used))
      }
      guard let answer,
        Self.mayReplace(trip, with: answer.source, chain: routes.chain(for: trip.mode))
      else { continue }
      // Kept as the answer to the question the trip was first asked (its 15-minute slot), so
      // that a later write planning the day again takes it over an older cached answer.
      let asked = RouteQuery(
        origin: query.origin, destination: query.destination, mode: query.mode,
        departure: trip.routeDeparture ?? query.departure, timeZone: query.timeZone)
      try store.cacheRoutes(
        [KnownRoute(asked, answer)], now: now, keepSeconds: routes.cacheSeconds)
      // The alerts already come are judged as the change is written: the watch may have sent
      // one while the providers were asked.
      let writing = clock.now()
      guard
        let (replanned, change) = TripRecheck.replanned(
          trip, answer: answer, thresholdSeconds: routes.thresholdSeconds, at: writing),
        let kept = try store.replanTrip(
          replanned, was: trip, change: change,
          superseded: TripRecheck.supersededAlerts(of: replanned, was: trip, at: writing),
          now: writing)
      else { continue }
      lines.append(line(kept, zone: environment.readerZone(else: zone)))
    }
    var text = lines.map { $0 + "\n" }.joined()
    if lines.isEmpty, !options.has(quiet) {
      text =
        trips.isEmpty
        ? nothingText
        : "다시 물은 약속 \(trips.count)개: 출발이 \(KoreanDuration.text(seconds: routes.thresholdSeconds)) 이상 바뀐 약속이 없습니다\n"
    }
    return Outcome(standardOutput: text, standardError: Outcome.diagnostics(passedOver))
  }

  /// Whether an answer from `source` may replace `trip`'s: one from its own provider, or from
  /// one before it in the mode's chain. A provider further down answers only because those
  /// before it failed now (a key command that failed, a quota spent); its figure (without
  /// traffic, say) would move the departure for a reason that is not the road's, and back at
  /// the next check.
  static func mayReplace(_ trip: Appointment, with source: RouteSource, chain: [RouteSource])
    -> Bool
  {
    guard let own = TripRecheck.provider(of: trip), let ownIndex = chain.firstIndex(of: own)
    else { return source != .estimate }
    return chain.firstIndex(of: source).map { $0 <= ownIndex } ?? false
  }

  static let nothingText = "길찾기로 이동 시간을 정한 약속 중 곧 출발할 약속이 없습니다\n"

  /// `#3 저녁 약속: 출발이 7분 당겨졌습니다 (오후 6:15 → 오후 6:08, 카카오 길찾기)`.
  static func line(_ change: TripChange, zone: Zone) -> String {
    let format = KoreanDateFormat(timeZone: zone)
    return "#\(change.appointmentID) \(TextCleaning.visible(change.title)): \(change.movedText) "
      + "(\(format.time(change.oldDeparture)) → \(format.time(change.newDeparture)), "
      + "\(change.source.koreanName))"
  }
}
