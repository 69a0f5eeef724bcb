import ChulbalCore
import ChulbalStore
import Foundation

/// The options `add` and `edit` share, read into typed values before the store is opened.
///
/// What needs the store waits for it: the zone an edit's `--at` is read in (the stored
/// appointment's, unless `--tz` is given), whether `--from` names a saved place, and the
/// settings a new appointment starts from.
struct AppointmentOptions {
  static let past = OptionSpec("--past", help: "이미 지난 시각도 받습니다 (지난 약속을 기록해 둘 때)")
  static let specs: [OptionSpec] = [
    .at, past, .place, .coord, .from, .mode, .travel, .buffer, .prep, .alerts,
    OptionSpec.timeZone.help("약속의 IANA 시간대 (기본: 시스템 시간대, TZ 환경 변수를 따름)"), .note, .now, .database,
    .json,
  ]

  /// Every field but the start, its zone and the origin.
  var draft = AppointmentDraft()
  /// `--at` as typed, checked; resolved once its zone is known.
  let at: ScannedTime?
  let zone: TimeZone?
  let from: String?
  let json: Bool
  private let options: ParsedOptions

  init(_ options: ParsedOptions, title: String?, environment: Environment) throws(UsageError) {
    draft.title = title
    if let title {
      // The same test the draft trims by: Unicode white space only, so a title that ends in
      // an invisible character such as U+200B is kept as typed, not shortened or refused.
      if title.trimmingWhitespace().isEmpty { throw .emptyTitle }
      // A title is one line to show; control characters (C0, DEL, C1) have no place in it.
      if title.unicodeScalars.contains(where: TextCleaning.isControl) {
        throw .invalidValue(option: "제목", .title(title, reason: "제어 문자는 쓸 수 없습니다"))
      }
    }
    draft.place = options[.place]
    draft.note = options[.note]
    draft.coordinate = try options.parse(.coord, Coordinate.parseKnown)
    draft.mode = try options.parse(.mode, TravelMode.parse)
    draft.bufferSeconds = try options.parse(.buffer, DurationExpression.parse)
    draft.prepSeconds = try options.parse(.prep, DurationExpression.parse)
    draft.alertLeads = try options.parse(.alerts, AlertLeads.parse)
    draft.travelSeconds = try options.parse(.travel, DurationExpression.parse)
    zone = try options.timeZone(environment)
    at = try options.parse(.at, TimeExpression.scan)
    from = options[.from]
    try options.checkNow()
    json = options.has(.json)
    self.options = options
  }

  /// The draft with the start read in the appointment's zone and the origin looked up, and
  /// the time it was read at (`--now` too is read in that zone when it has no offset).
  ///
  /// - Parameters:
  ///   - base: the stored appointment an edit changes; nil for a new one.
  ///   - store: where saved places come from; nil when there is no database yet.
  func resolved(over base: Appointment?, store: Store?, environment: Environment) throws
    -> (draft: AppointmentDraft, now: Date)
  {
    var draft = self.draft
    let zone: TimeZone =
      if let zone { zone } else if let base {
        environment.timeZone(stored: base.timeZone)
      } else {
        try environment.timeZone(option: nil)
      }
    draft.timeZone = zone.identifier
    let now = try options.clock(environment, timeZone: zone).now()
    if let at {
      let start: Date
      do {
        start = try at.resolve(now: now, timeZone: zone)
      } catch {
        throw UsageError.invalidValue(option: OptionSpec.at.name, error)
      }
      // A start already gone is almost always a misreading; kept only when asked for.
      if start <= now && !options.has(Self.past) {
        throw UsageError.pastStart(
          KoreanDateFormat(timeZone: zone).full(start, seenAt: now),
          afternoon: at.afternoonReading(of: start, now: now, timeZone: zone))
      }
      draft.start = start
    }
    if let from { draft.origin = try Self.origin(from, store: store) }
    return (draft, now)
  }

  /// The appointment a draft makes, new over the settings or an edit of `base`.
  static func appointment(
    _ draft: AppointmentDraft, over base: Appointment?, store: Store?, command: String
  ) throws -> Appointment {
    let settings = try store?.settings() ?? .defaults
    let defaultOrigin = try store?.defaultPlace()?.origin
    do throws(AppointmentDraft.Problem) {
      if let base { return try draft.applied(to: base) }
      return try draft.appointment(settings: settings, defaultOrigin: defaultOrigin)
    } catch {
      switch error {
      case .missingStart:
        throw UsageError.missingOption("--at", command: command, example: "--at \"내일 오후 7시\"")
      case .emptyTitle: throw UsageError.emptyTitle
      case .noTravel(let missingDestination):
        throw UsageError.noTravel(missingDestination: missingDestination)
      case .estimateTooLong(let seconds): throw UsageError.estimateTooLong(seconds: seconds)
      }
    }
  }

  /// `--from`: the name of a saved place, else a coordinate.
  ///
  /// Saved names never parse as coordinates (`place add` refuses them), so the order is safe;
  /// text that looks like a coordinate but is not one gets the coordinate's error.
  static func origin(_ text: String, store: Store?) throws -> Origin {
    if let place = try store?.place(named: text) { return place.origin }
    if text.contains(","), text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" }) == true {
      do {
        return Origin(name: nil, coordinate: try Coordinate.parseKnown(text))
      } catch {
        throw UsageError.invalidValue(option: OptionSpec.from.name, error)
      }
    }
    throw UsageError.unknownPlace(text)
  }
}
