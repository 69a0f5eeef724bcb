import FoundationEssentials

/// Reads an appointment time as people type it, in digits or in Korean, against an injected `now`
/// and zone.
///
/// Forms: ISO 8601 (`2026-12-01T19:00+09:00`, `2026-12-01 19:00`); month/day and clock (`12/1
/// 19:00`, `19:00`); relative (`+1h30m`, `2시간 후`, `지금부터 1시간 뒤`, `3일 뒤`); dotted dates
/// (`2026.12.24`, `12.24`); Korean days and clocks (`내일`, `12월 1일`, `다음 달 3일`, `이번 달 말일`, `금요일`,
/// `다음 주 월요일`, `이번 주말`, `24일`, `오후 7시 반`, `정오`, `점심`); and series (`매일 7시 반`, `평일 오전 9시`, `매주 월수금`,
/// `격주 토요일`, `매월 첫째 월요일`, `매년 12월 24일`), which ``ScannedTime/resolveRepeating(now:timeZone:)``
/// resolves and ``ScannedTime/resolve(now:timeZone:)`` refuses.
///
/// A bare `N시` (1–12) is on the 12-hour clock as Koreans say it
/// (``ScannedTime/twelveHourCandidates(_:)``). A time with no day is the next time that clock
/// comes; a month and day with no year are this year unless already gone.
///
/// Two stages, like argument parsing: ``scan(_:)`` checks the text alone,
/// ``ScannedTime/resolve(now:timeZone:)`` makes the instant, so a typo is refused before the zone
/// is known.
public enum TimeExpression {
  /// The years a kept time may fall in: back to any calendar's first start, ahead of any plan,
  /// within what the store holds.
  public static let years = 1900...2200

  /// Parses an appointment time.
  ///
  /// - Throws: `InputError.time` naming the text and the part that could not be used.
  public static func parse(_ text: String, now: Date, timeZone: Zone) throws(InputError)
    -> Date
  {
    try scan(text).resolve(now: now, timeZone: timeZone)
  }

  /// Reads an appointment time without resolving it.
  ///
  /// Makes every check that needs neither `now` nor a zone (words, units, ranges, an explicit date
  /// that exists); only a day missing from the year `now` picks, such as `2월 30일`, is left to
  /// ``ScannedTime/resolve(now:timeZone:)``.
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

  /// Seconds from now for `지금`, `2시간 후`, `30분 뒤`, `지금부터 1시간 30분 뒤`; nil otherwise. Days (`3일 뒤`)
  /// are left to the scanner.
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

  /// Parses an exact instant such as `2026-11-30T14:00:00+09:00`, as `--now` takes it; without an
  /// offset it is read in the zone.
  ///
  /// - Parameter timeZone: called only when the text has no offset, so an instant with one is read
  ///   even where the zone is unknown.
  /// - Throws: `InputError.instant`, checked before the zone is asked for, or what `timeZone`
  ///   throws.
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
