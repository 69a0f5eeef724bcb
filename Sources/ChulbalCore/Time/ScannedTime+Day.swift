import FoundationEssentials

extension TimeExpression {
  /// Reads a day with no time of day, as `agenda --from`, `--until` and `--on` take one:
  /// `12월 8일`, `2026-12-08`, `2026.12.8`, `12/8`, `오늘`, `내일`, `모레`, `다음 주 월요일`,
  /// `금요일` (the coming one, today included), `다음 달 3일`, `이번 달 말일`.
  ///
  /// - Throws: `InputError.time` naming the text when it gives a time of day, names no day,
  ///   or names one that cannot be (`13월 1일`), as ``scan(_:)`` does for a time.
  public static func scanDay(_ text: String) throws(InputError) -> ScannedTime {
    let normalized = text.precomposed.trimmingWhitespace()
    guard !normalized.isEmpty else { throw .day(text, reason: "비어 있습니다") }
    guard !normalized.hasPrefix("+"), koreanRelativeSeconds(normalized) == nil else {
      throw .day(text, reason: "시간 길이가 아니라 날짜를 씁니다")
    }
    let scanned: ScannedTime
    do throws(InputError) {
      scanned = try ScannedTime.scan(normalized, original: text)
      // `매주 화요일` and `월~금` name many days, which a day must not quietly cut to one.
      if try scanned.checkRecurrence() != nil {
        throw scanned.fail("반복이 아니라 하루를 씁니다")
      }
      try scanned.checkDate()
    } catch {
      throw error.asDay
    }
    guard scanned.namesDay else { throw .day(text, reason: "날짜가 없습니다") }
    guard !scanned.hasClock else { throw .day(text, reason: "시각 없이 날짜만 씁니다") }
    return scanned
  }
}

extension ScannedTime {
  /// The day a text read by ``TimeExpression/scanDay(_:)`` names, seen on `now`'s day in
  /// `timeZone`: a month and day with no year are this year's unless that day has gone, a
  /// weekday alone is the coming one (today when it is today).
  ///
  /// - Throws: `InputError.time` for a day that year lacks (`2월 29일` in 2027).
  public func resolveDay(now: Date, timeZone: Zone) throws(InputError) -> CivilDate {
    let today = CivilDate(now, in: timeZone).days
    let named: Int?
    do {
      named = try namedDay(today: today).named
    } catch {
      throw error.asDay
    }
    guard let named else { throw .day(text, reason: "날짜가 없습니다") }
    let day = CivilDate(days: named)
    guard (1900...2200).contains(day.year) else {
      throw .day(text, reason: "연도는 1900~2200이어야 합니다")
    }
    return day
  }

  /// Whether a day is named: a date, a day of the month (`24일`), a day counted from today,
  /// or a weekday.
  var namesDay: Bool {
    month != nil || day != nil || monthStep != nil || isLastDay || relativeDays != nil
      || weekday != nil
  }

  /// Whether a month is named (`12월 16일`, `2026-12-16`): a day the calendar fixes, which
  /// reads the same whichever day it is read from, up to the year.
  public var namesMonth: Bool { month != nil }

  /// Whether any piece of a time of day was given.
  var hasClock: Bool {
    hour != nil || minute != nil || fixedHour != nil || meridiem != nil || offsetSeconds != nil
  }
}

extension InputError {
  /// A time's error said of a day: the same text and reason, with a day's examples.
  fileprivate var asDay: InputError {
    guard case .time(let text, let reason) = self else { return self }
    return .day(text, reason: reason)
  }
}
