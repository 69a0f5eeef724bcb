import FoundationEssentials

/// Reads an appointment time as people type it, in English-style numbers or in Korean.
///
/// Accepted forms, each resolved against an injected `now` and time zone:
/// - ISO 8601 with or without offset: `2026-12-01T19:00+09:00`, `2026-12-01 19:00`;
/// - month/day and clock time: `12/1 19:00`, `19:00`, `7:30:15`;
/// - relative: `+1h30m`, `+90m`, `2시간 후`, `30분 뒤`, `지금부터 1시간 뒤`, `지금`, `3일 뒤`;
/// - dotted dates: `2026.12.24`, `12.24`, `2026. 12. 24.`;
/// - Korean: `오늘`/`내일`/`모레`/`글피`, `12월 1일`, `2027년 1월 2일`, `다음 달 3일`,
///   `이번 달 말일`, `월요일`…`일요일` (also `금`, `(금)`, `금욜`), `다음 주 월요일`,
///   `이번 주 금요일`, `오전`/`오후`/`아침`/`저녁`/`밤`/`새벽`/`낮`, `N시`, `N시 M분`, `N시 반`,
///   `정오`, `자정`, `점심` (12:00, or `점심 12시 반`), with `에` or `까지` after the time and
///   `에` after the day (`금요일에 10시`); `내일모레` (모레), `낼` (내일), `담주` (다음 주),
///   `이번 주말` (this week's Saturday), `24일` (the next 24th, this month's if not gone),
///   `1시간 반 뒤`;
/// - a series, which ``ScannedTime/resolveRepeating(now:timeZone:)`` resolves to its rule and
///   first start and ``ScannedTime/resolve(now:timeZone:)`` refuses: `매일 7시 반`, `평일 오전 9시`,
///   `주말 10시`, `매주 화요일 저녁 7시` (also `화요일마다`, `매 화요일`), several weekdays
///   (`매주 월수금`, `매주 월·수·금`, `매주 월, 수, 금`, `매주 월요일과 목요일`, `매주 월~금`),
///   `격주 토요일`, `2주마다 토요일`, `3일마다`, `격일`, `매월 3일` (`매달`, `격월`, `3개월마다`),
///   `매달 말일`, `매월 첫째 월요일`, `매달 마지막 금요일`, `매년 12월 24일`, `매년 11월 넷째 목요일`.
///
/// A bare `N시` (1–12) is an hour of the 12-hour clock as Koreans say it
/// (``ScannedTime/twelveHourCandidates(_:)``).
///
/// A time with no day means the next time that clock time comes; a month and day with no year
/// mean this year unless that day has already gone, then next year.
///
/// Reading happens in two stages, like argument parsing: ``scan(_:)`` checks the text alone,
/// and ``ScannedTime/resolve(now:timeZone:)`` turns it into an instant, so a caller can reject
/// a mistyped time before it knows the zone or the instant to resolve against.
public enum TimeExpression {
  /// The years a time chulbal keeps may fall in, typed or read from a calendar: far enough
  /// back for any calendar's first start, far enough ahead for any plan, and within what the
  /// store holds.
  public static let years = 1900...2200

  /// Parses an appointment time.
  ///
  /// - Throws: `InputError.time` naming the text and the part that could not be used.
  public static func parse(_ text: String, now: Date, timeZone: Zone) throws(InputError)
    -> Date
  {
    try scan(text).resolve(now: now, timeZone: timeZone)
  }

  /// Reads an appointment time without resolving it yet.
  ///
  /// Makes every check that needs neither `now` nor a zone: the words, the numbers and their
  /// units, hour, minute and second ranges, a month in 1–12, an explicit year in 1900–2200 and
  /// an explicit date that exists. What is left for ``ScannedTime/resolve(now:timeZone:)`` to
  /// reject is a day missing from the calendar year `now` picks, such as `2월 30일`.
  ///
  /// - Throws: `InputError.time` naming the text and the part that could not be used.
  public static func scan(_ text: String) throws(InputError) -> ScannedTime {
    let normalized = text.precomposed.trimmingWhitespace()
    guard !normalized.isEmpty else { throw .time(text, reason: "비어 있습니다") }
    if normalized.hasPrefix("+") {
      do {
        let seconds = try DurationExpression.parse(String(normalized.dropFirst()))
        return ScannedTime(text: text, relativeSeconds: seconds)
      } catch {
        guard case .duration(_, let reason) = error else { throw error }
        throw .time(text, reason: reason)
      }
    }
    if let seconds = koreanRelativeSeconds(normalized) {
      return ScannedTime(text: text, relativeSeconds: seconds)
    }
    var scanned = try ScannedTime.scan(normalized, original: text)
    try scanned.check()
    return scanned
  }

  /// `지금` (0), `2시간 후`, `30분 뒤`, `지금부터 1시간 30분 뒤`: seconds from now, or nil for
  /// any other text. Days (`3일 뒤`) are a day of their own and are left to the scanner.
  static func koreanRelativeSeconds(_ text: String) -> Int? {
    if text == "지금" { return 0 }
    guard text.hasSuffix("뒤") || text.hasSuffix("후") else { return nil }
    var body = String(text.dropLast()).trimmingWhitespace()
    if body.hasPrefix("지금부터") { body = String(body.dropFirst(4)).trimmingWhitespace() }
    guard !body.isEmpty, !body.contains("일") else { return nil }
    // `1시간 반 뒤`: half an hour more, as people say it.
    var half = 0
    if body.hasSuffix("반"), String(body.dropLast()).trimmingWhitespace().hasSuffix("시간") {
      body = String(body.dropLast()).trimmingWhitespace()
      half = 1800
    }
    guard let seconds = try? DurationExpression.parse(body),
      seconds + half <= DurationExpression.maximumSeconds
    else { return nil }
    return seconds + half
  }

  /// Parses an exact instant such as `2026-11-30T14:00:00+09:00`, as `--now` takes it.
  ///
  /// A date and a time are required; without an offset the time is read in the zone.
  ///
  /// - Parameter timeZone: gives the zone, and is called only when the text has no UTC offset,
  ///   so that an instant with one is read even where the zone cannot be known yet.
  /// - Throws: `InputError.instant` for the text, checked before the zone is asked for, or
  ///   what `timeZone` throws.
  public static func parseInstant(
    _ text: String, timeZone: () throws(InputError) -> Zone
  ) throws(InputError) -> Date {
    let scanned: ScannedTime
    do throws(InputError) {
      var candidate = try ScannedTime.scan(text.trimmingWhitespace(), original: text)
      guard candidate.isISODate, candidate.relativeDays == nil, candidate.weekday == nil,
        candidate.meridiem == nil, candidate.repetition == nil, candidate.dayGroup == nil
      else { throw ScannedTime(text: text).fail("ISO 8601 날짜와 시각이 필요합니다") }
      try candidate.check()
      scanned = candidate
    } catch {
      throw error.asInstant
    }
    // A full date with an offset names one instant whatever the zone.
    let zone = if scanned.offsetSeconds == nil { try timeZone() } else { Zone.gmt }
    do throws(InputError) {
      return try scanned.resolve(now: Date(timeIntervalSince1970: 0), timeZone: zone)
    } catch {
      throw error.asInstant
    }
  }

  /// Parses an exact instant, reading a time without offset in `timeZone`.
  public static func parseInstant(_ text: String, timeZone: Zone) throws(InputError) -> Date {
    try parseInstant(text) { timeZone }
  }
}

/// Which half of the day a Korean time word puts an hour in.
enum Meridiem: Equatable, Sendable {
  case am  // 오전, 아침, 새벽
  case pm  // 오후, 저녁, 낮
  case night  // 밤: 6–11 in the evening, 12 and 1–5 after midnight
  case lunch  // 점심: noon alone, or 11, 12, 1 or 2 o'clock around it

  static let words: [(word: String, meridiem: Meridiem)] = [
    ("오전", .am), ("아침", .am), ("새벽", .am), ("오후", .pm), ("저녁", .pm), ("낮", .pm),
    ("밤", .night), ("점심", .lunch),
  ]
}
