import FoundationEssentials

extension TimeExpression {
  /// Reads a day with no time, as `agenda --from`, `--until` and `--on` take it: `12월 8일`,
  /// `2026-12-08`, `12/8`, `내일`, `다음 주 월요일`, `금요일` (the coming one, today included), `이번 달 말일`.
  ///
  /// - Throws: `InputError.time` when the text gives a time of day, names no day, or names an
  ///   impossible one (`13월 1일`).
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
  /// The day a ``TimeExpression/scanDay(_:)`` text names, seen from `now` in `timeZone`: a month
  /// and day without a year are this year's unless gone; a weekday alone is the coming one.
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

  /// Whether a day is named: a date, a day of the month, a day counted from today, or a weekday.
  var namesDay: Bool {
    month != nil || day != nil || monthStep != nil || isLastDay || relativeDays != nil
      || weekday != nil
  }

  /// Whether a month is named (`12월 16일`): a day that reads the same from any day, up to the year.
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
