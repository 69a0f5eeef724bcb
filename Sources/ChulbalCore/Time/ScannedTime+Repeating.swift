import FoundationEssentials

extension ScannedTime {
  /// The series this text names, its first start the first time the rule names strictly after
  /// `now`, on `timeZone`'s wall clock.
  ///
  /// The time of day cannot depend on when the text was typed: a bare `N시` is 1–6 in the afternoon,
  /// 7–11 in the morning, 12 noon (`매일 7시` is 07:00 whenever typed) unless 오전/오후/아침/저녁/밤/새벽 say
  /// otherwise. A time past midnight (`자정`, `밤 1시`) is the next day's, which only a daily series
  /// can keep. A day missing from a month or year is skipped as RFC 5545 does (`매월 31일`, `매년 2월
  /// 29일`).
  ///
  /// - Throws: `InputError.time` when the text names no series (``repeats`` is false) or the first
  ///   start falls outside 1900–2200.
  public func resolveRepeating(now: Date, timeZone: Zone) throws(InputError)
    -> RepeatingTime
  {
    guard let rule = recurrence else {
      throw fail("반복하는 말이 없습니다. 예: '매주 화요일 저녁 7시', '평일 오전 9시'")
    }
    let (hour, minute) = try seriesClock(rule.frequency)
    let today = CivilDate(now, in: timeZone).days
    // Eight years and a day reach the next 29 February across 2100, which is no leap year.
    for day in today...(today + 8 * 366 + 1) {
      let date = CivilDate(days: day)
      guard rule.isSeriesDay(date) else { continue }
      let wall = WallTime(date: date, hour: hour, minute: minute, second: second)
      guard wall.instant(in: timeZone) > now else { continue }
      guard (1900...2200).contains(date.year) else {
        throw fail("\(date.year)년이 됩니다. 연도는 1900~2200이어야 합니다")
      }
      return RepeatingTime(rule: rule, firstStart: wall)
    }
    // Every rule the grammar makes names a day within eight years.
    throw fail("규칙에 맞는 날이 없습니다")
  }

  /// The hour and minute every day of a series keeps (see ``resolveRepeating(now:timeZone:)``).
  ///
  /// - Throws: `InputError.time` for a time past midnight in a series that is not daily.
  func seriesClock(_ frequency: RecurrenceRule.Frequency) throws(InputError) -> (
    hour: Int, minute: Int
  ) {
    let (hour, minute) = try clock()
    guard hour >= 24 else { return (hourOnAnotherDay(hour), minute) }
    guard frequency == .daily else {
      throw fail("자정을 넘긴 시각(자정, 24시, 밤 12시~5시)은 날짜가 바뀌므로 '매일'에만 씁니다. 다음 날의 '0시'나 '새벽 1시'로 쓰세요")
    }
    return (hour - 24, minute)
  }

  /// Judges the words that make a series and makes its rule; nil for a time that comes once.
  func checkRecurrence() throws(InputError) -> RecurrenceRule? {
    let weekdays = weekday.map { [$0.index] + moreWeekdays } ?? []
    guard repetition != nil || dayGroup != nil || saysEvery || !ordinals.isEmpty else {
      if !moreWeekdays.isEmpty {
        throw fail("요일이 두 번 있습니다 (요일마다 반복하려면 '매주 월·수·금 8시'처럼 씁니다)")
      }
      return nil
    }
    let frequency = repetition?.frequency ?? .weekly
    let interval = repetition?.interval ?? 1
    let word =
      repetition?.word ?? dayGroup?.word ?? weekdays.first.map { Self.weekdayNames[$0] + "마다" }
      ?? "마다"
    if let fixed = fixedDayWord(in: frequency) {
      throw fail("반복('\(word)')에는 '\(fixed)' 같은 날짜를 쓸 수 없습니다. 첫날은 규칙에 맞는 다음 날입니다")
    }
    var seen: Set<Int> = []
    for index in weekdays where !seen.insert(index).inserted {
      throw fail("'\(Self.weekdayNames[index])'이 두 번 있습니다")
    }
    let days = (dayGroup?.days ?? weekdays).compactMap(RecurrenceRule.Weekday.init(rawValue:))
    // `매월 첫째 월요일`: each ordinal with each weekday.
    var ordinalDays: [RecurrenceRule.Day] = []
    if let first = ordinals.first?.word {
      guard frequency == .monthly || frequency == .yearly else {
        throw fail("'\(first)' 같은 순서는 '매월 첫째 월요일'처럼 '매월'이나 '매년'과 씁니다")
      }
      guard dayGroup == nil, !days.isEmpty else {
        throw fail("'\(first)' 뒤에 요일이 필요합니다. 예: '매월 \(first) 월요일'")
      }
      guard day == nil, !isLastDay else { throw fail("날짜가 두 번 있습니다") }
      ordinalDays = ordinals.flatMap { ordinal in days.map { .init($0, ordinal: ordinal.value) } }
    } else if frequency == .daily, !days.isEmpty {
      throw fail("'\(word)'에는 요일을 쓸 수 없습니다. 요일마다라면 '매주 화요일'처럼 씁니다")
    } else if frequency != .weekly, !days.isEmpty {
      throw fail("'\(word)'에는 요일만 쓸 수 없습니다. '\(word) 3일'이나 '\(word) 첫째 월요일'처럼 씁니다")
    }
    let rule: RecurrenceRule
    switch frequency {
    case .daily:
      rule = RecurrenceRule(frequency: .daily, interval: interval)
    case .weekly:
      guard !days.isEmpty else {
        throw fail("'\(word)' 뒤에 요일이 필요합니다. 예: '\(word) 화요일 저녁 7시'")
      }
      rule = RecurrenceRule(frequency: .weekly, interval: interval, days: days.map { .init($0) })
    case .monthly:
      let monthDay = try seriesMonthDay()
      guard monthDay != nil || !ordinalDays.isEmpty else {
        throw fail("'\(word)' 뒤에 일이 필요합니다. 예: '\(word) 3일 오후 2시', '\(word) 말일'")
      }
      rule = RecurrenceRule(
        frequency: .monthly, interval: interval, days: ordinalDays,
        monthDays: monthDay.map { [$0] } ?? [])
    case .yearly:
      let monthDay = try seriesMonthDay()
      guard let month, monthDay != nil || !ordinalDays.isEmpty else {
        throw fail("'\(word)' 뒤에 월과 일이 필요합니다. 예: '\(word) 12월 24일 저녁 7시'")
      }
      guard (1...12).contains(month) else { throw fail("월은 1~12여야 합니다") }
      rule = RecurrenceRule(
        frequency: .yearly, interval: interval, days: ordinalDays,
        monthDays: monthDay.map { [$0] } ?? [], months: [month])
    }
    // `매년 2월 30일`: the rule's own check says that no year has the day.
    if let reason = rule.unsayable { throw fail(reason) }
    return rule
  }

  /// The day of the month a monthly or yearly series names: `3일`, or -1 for `말일`; nil
  /// when none is typed.
  private func seriesMonthDay() throws(InputError) -> Int? {
    if isLastDay {
      guard day == nil else { throw fail("날짜가 두 번 있습니다") }
      return -1
    }
    guard let day else { return nil }
    guard (1...31).contains(day) else { throw fail("'\(day)일': 일은 1~31이어야 합니다") }
    return day
  }

  /// The first piece of the text naming one day, which a series of `frequency` cannot keep (`내일`,
  /// `3일 뒤`, `다음 주`, `2027년`, `매주 12월 24일`); nil when there is none.
  private func fixedDayWord(in frequency: RecurrenceRule.Frequency) -> String? {
    if let relativeDaysWord { return relativeDaysWord }
    if let monthStep { return monthStep == 0 ? "이번 달" : "다음 달" }
    if case (_, let week)? = weekday, week != .next { return week == .this ? "이번 주" : "다음 주" }
    if let year { return "\(year)년" }
    let dayWord = isLastDay ? "말일" : day.map { "\($0)일" }
    switch frequency {
    case .daily, .weekly:
      return [month.map { "\($0)월" }, dayWord].compactMap { $0 }.joined(separator: " ")
        .nilIfEmpty
    case .monthly:
      return month.map { "\($0)월" }
    case .yearly:
      return nil
    }
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

extension RecurrenceRule {
  /// Whether the rule names `date`, for the rules the grammar makes (every day, some weekdays, a
  /// day of the month by number or as the first … last weekday); the interval is not looked at.
  func isSeriesDay(_ date: CivilDate) -> Bool {
    let lastDay = CivilDate.daysIn(month: date.month, year: date.year)
    let monthDay =
      monthDays.isEmpty
      ? days.contains { day in
        guard day.weekday.rawValue == date.weekday, let ordinal = day.ordinal else { return false }
        return ordinal > 0
          ? (date.day - 1) / 7 + 1 == ordinal : (lastDay - date.day) / 7 + 1 == -ordinal
      }
      : monthDays.contains { $0 == date.day || lastDay + 1 + $0 == date.day }
    switch frequency {
    case .daily: return true
    case .weekly: return days.contains { $0.weekday.rawValue == date.weekday }
    case .monthly: return monthDay
    case .yearly: return months.contains(date.month) && monthDay
    }
  }
}
