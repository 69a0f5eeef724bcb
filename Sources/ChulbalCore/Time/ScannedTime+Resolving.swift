import FoundationEssentials

extension ScannedTime {
  /// The instant this time means, read against `now` in `timeZone`.
  ///
  /// A time with no day is the next time that clock comes after `now`; a month and day with no year
  /// are this year unless gone. A bare `N시` is on the 12-hour clock (``twelveHourCandidates(_:)``).
  ///
  /// - Parameter start: the start an edit changes, nil for a new appointment. A time with no day
  ///   then keeps that day, and a bare `N시` takes the reading nearest its time of day (`7시 반` for a
  ///   7 p.m. dinner is 7:30 p.m.).
  /// - Throws: `InputError.time` for a day that year lacks (`2월 30일`), an instant outside
  ///   1900–2200, or a series (``repeats``), which goes through
  ///   ``resolveRepeating(now:timeZone:)``.
  public func resolve(now: Date, timeZone: Zone, keeping start: Date? = nil) throws(InputError)
    -> Date
  {
    if let recurrence {
      let said = recurrence.koreanText(timeZone: timeZone)
      throw fail("'\(said)'처럼 반복하는 시각은 여기에 쓸 수 없습니다. 한 번만 오는 시각을 쓰세요")
    }
    let instant = try resolveUnchecked(now: now, timeZone: timeZone, keeping: start)
    // Relative times and "the next 19:00" can step past the last year however the text was
    // checked, so the result is checked, in the zone (or offset) it was read in.
    let second = Int(instant.timeIntervalSince1970.rounded(.down))
    let offset = offsetSeconds ?? timeZone.offset(atSecond: second)
    let year = CivilDate(days: (second + offset).floorDivided(by: 86_400)).year
    guard (1900...2200).contains(year) else {
      throw fail("\(year)년이 됩니다. 연도는 1900~2200이어야 합니다")
    }
    return instant
  }

  private func resolveUnchecked(now: Date, timeZone: Zone, keeping start: Date?) throws(InputError)
    -> Date
  {
    if let relativeSeconds { return now.addingTimeInterval(TimeInterval(relativeSeconds)) }
    // Scanning checked the clock and the date pieces (`TimeExpression.scan` is the only way
    // to a `ScannedTime`), so only the calendar of the resolved year is left to check.
    let (hour, minute) = try clock()
    let today = CivilDate(now, in: timeZone).days

    func instant(day: Int, hour: Int = hour) -> Date {
      let local = day * 86_400 + hour * 3600 + minute * 60 + second
      if let offsetSeconds {
        return Date(timeIntervalSince1970: TimeInterval(local - offsetSeconds))
      }
      return Date(timeIntervalSince1970: TimeInterval(timeZone.instant(forLocalSeconds: local)))
    }

    let (named, later) = try namedDay(today: today)
    if let named {
      let first = onDay(
        named, clockHour: hour, today: today, now: now, at: { instant(day: $0, hour: $1) })
      guard let later, first <= now else { return first }
      return onDay(
        later, clockHour: hour, today: today, now: now, at: { instant(day: $0, hour: $1) })
    }
    if let start {
      // No day, in an edit: the appointment's own day, and of a bare hour's readings the one
      // nearest its time (the earlier of two as near).
      let startSecond = Int(start.timeIntervalSince1970.rounded(.down))
      let local = startSecond + timeZone.offset(atSecond: startSecond)
      let day = local.floorDivided(by: 86_400)
      let distance = { (hour: Int) in
        abs(hour * 3600 + minute * 60 + second - (local - day * 86_400))
      }
      let hours = twelveHourCandidates(hour) ?? [hour]
      let nearest = hours.min { distance($0) < distance($1) } ?? hour
      return instant(day: day, hour: nearest)
    }
    if let hours = twelveHourCandidates(hour) {
      // No day: the first reading still ahead.
      for day in today...(today + 1) {
        if let ahead = hours.lazy.map({ instant(day: day, hour: $0) }).first(where: { $0 > now }) {
          return ahead
        }
      }
      return instant(day: today + 1, hour: hours[0])
    }
    // No day given: the next time this clock time comes. Starting from yesterday catches
    // '밤 1시' typed just after midnight.
    for day in (today - 1)...(today + 2) where instant(day: day) > now {
      return instant(day: day)
    }
    return instant(day: today + 1)
  }

  /// The day the text names, as days since 1970-01-01, if it names one; for a weekday alone
  /// that is today, also the same day next week (`later`), for a time already gone today.
  func namedDay(today: Int) throws(InputError) -> (named: Int?, later: Int?) {
    var named: Int?
    var later: Int?
    if let monthStep {
      // `이번 달 3일`, `다음 달 말일`: the month is counted from this one, and a day already
      // gone this month is not moved on (it was named).
      let thisMonth = CivilDate(days: today)
      let months = thisMonth.year * 12 + thisMonth.month - 1 + monthStep
      named = try dayIn(year: months / 12, month: months % 12 + 1).days
    } else if let month, day != nil || isLastDay {
      let namedYear = year ?? CivilDate(days: today).year
      guard (1900...2200).contains(namedYear) else { throw fail("연도는 1900~2200이어야 합니다") }
      var date = try dayIn(year: namedYear, month: month)
      if year == nil && date.days < today { date = try dayIn(year: date.year + 1, month: month) }
      named = date.days
    } else if isLastDay {
      let thisMonth = CivilDate(days: today)
      named = try dayIn(year: thisMonth.year, month: thisMonth.month).days
    } else if day != nil {
      // `24일`: the next 24th, today included, passing over months that lack the day. One of any
      // three months in a row has every day 1–31.
      let thisMonth = CivilDate(days: today)
      let months = thisMonth.year * 12 + thisMonth.month - 1
      named =
        (0...2).lazy.compactMap { step -> Int? in
          let month = months + step
          guard let date = try? self.dayIn(year: month / 12, month: month % 12 + 1) else {
            return nil
          }
          return date.days >= today ? date.days : nil
        }.first
    } else if let relativeDays {
      named = today + relativeDays
    } else if case (let index, let week)? = weekday {
      let todayWeekday = CivilDate.weekday(days: today)
      switch week {
      case .next:
        let ahead = (index - todayWeekday + 7) % 7
        named = today + ahead
        if ahead == 0 { later = today + 7 }
      case .this, .following:
        // Weeks run Monday to Sunday, as Korean calendars print them.
        let monday = today - (todayWeekday + 6) % 7
        let dayInWeek = (index + 6) % 7
        named = monday + dayInWeek + (week == .following ? 7 : 0)
      }
    }

    return (named, later)
  }

  /// The day the text names in `month` of `year`: its `N일`, or the last day for `말일`.
  ///
  /// - Throws: `InputError.time` for a day that month lacks (`다음 달 31일` in a 30-day month).
  private func dayIn(year: Int, month: Int) throws(InputError) -> CivilDate {
    let date = CivilDate(
      year: year, month: month,
      day: isLastDay ? CivilDate.daysIn(month: month, year: year) : day ?? 0)
    guard date.isValid else { throw fail("\(year)년 \(month)월에는 \(date.day)일이 없습니다") }
    return date
  }

  /// The instant on `day` at the text's time; a bare `N시` is 1–6 in the afternoon, 7–11 whichever
  /// is still ahead today (else the afternoon) or the morning on another day, 12 noon.
  ///
  /// - Parameter clockHour: the hour as ``clock()`` reads it, for every other time.
  private func onDay(
    _ day: Int, clockHour: Int, today: Int, now: Date, at instant: (Int, Int) -> Date
  ) -> Date {
    let hour = hourOnAnotherDay(clockHour)
    // Only 7–11 today keep both readings, and take the one still ahead.
    guard day == today, hour == clockHour, let hours = twelveHourCandidates(clockHour),
      hours.count == 2
    else { return instant(day, hour) }
    for hour in hours where instant(day, hour) > now { return instant(day, hour) }
    return instant(day, clockHour + 12)
  }

  /// The hour of a bare `N시` on a day that is not today: 1–6 in the afternoon, 7–11 in the
  /// morning, 12 noon; every other `clockHour` (from ``clock()``) as it is.
  func hourOnAnotherDay(_ clockHour: Int) -> Int {
    guard twelveHourCandidates(clockHour) != nil, (1...6).contains(clockHour) else {
      return clockHour
    }
    return clockHour + 12
  }

  /// For a bare `N시` (1–12, no 오전/오후/아침/저녁/밤/새벽/낮), the hours it can mean, earliest first: N and N
  /// + 12, except that 1–5 are never the small hours unless 새벽 or 밤 says so, and `12시` is noon. Nil
  /// for every other time.
  func twelveHourCandidates(_ hour: Int) -> [Int]? {
    guard isKoreanHour, meridiem == nil, fixedHour == nil, (1...12).contains(hour) else {
      return nil
    }
    switch hour {
    case 12: return [12]
    case 1...5: return [hour + 12]
    default: return [hour, hour + 12]
    }
  }

  /// For a morning time that has gone, the afternoon reading when it is still ahead (`오후 9시` for
  /// `오늘 오전 9시` typed at 14:00); nil otherwise.
  ///
  /// - Parameters:
  ///   - resolved: what ``resolve(now:timeZone:)`` gave, in `timeZone`.
  public func afternoonReading(of resolved: Date, now: Date, timeZone: Zone) -> String? {
    let second = Int(resolved.timeIntervalSince1970.rounded(.down))
    let localHour = (second + timeZone.offset(atSecond: second)).floorDivided(by: 3600) % 24
    // Only for an hour said the Korean way (`9시`, `오전 9시`); `09:00` was meant as typed.
    guard relativeSeconds == nil, offsetSeconds == nil, fixedHour == nil,
      meridiem == nil ? isKoreanHour : meridiem == .am,
      let clock = try? clock(), (1...11).contains(localHour),
      resolved <= now, resolved.addingTimeInterval(12 * 3600) > now
    else { return nil }
    return "오후 \(localHour)시" + (clock.minute == 0 ? "" : " \(clock.minute)분")
  }

  /// For a bare `N시` read by the 12-hour rule, which reading was taken and how to say the other:
  /// `오전 7시로 읽었습니다 (저녁이면 '저녁 7시')`; nil otherwise.
  ///
  /// - Parameters:
  ///   - resolved: the instant or first start resolved, in `timeZone`.
  public func ruleReading(of resolved: Date, timeZone: Zone) -> String? {
    guard relativeSeconds == nil, let typed = try? clock(),
      twelveHourCandidates(typed.hour) != nil
    else { return nil }
    let second = Int(resolved.timeIntervalSince1970.rounded(.down))
    let localHour = (second + timeZone.offset(atSecond: second)).floorDivided(by: 3600) % 24
    let hour = typed.hour
    let minutes = typed.minute == 0 ? "" : " \(typed.minute)분"
    let taken: String
    let other: String
    switch localHour {
    case 12: (taken, other) = ("낮 12시", "밤 12시")
    case 13...17: (taken, other) = ("오후 \(hour)시", "새벽 \(hour)시")
    case 18...23: (taken, other) = ("오후 \(hour)시", "오전 \(hour)시")
    case 6...8: (taken, other) = ("오전 \(hour)시", "저녁 \(hour)시")
    case 9...11: (taken, other) = ("오전 \(hour)시", "밤 \(hour)시")
    default: return nil  // a reading the rule never takes, moved by a daylight-saving gap
    }
    let (said, otherSaid) = (taken + minutes, other + minutes)
    let word = otherSaid.prefix { $0 != " " }
    return "\(said)\(Korean.directionParticle(after: said)) 읽었습니다 (\(word)이면 '\(otherSaid)')"
  }

  /// Makes every check that needs neither `now` nor a zone, and makes the series' ``recurrence``.
  mutating func check() throws(InputError) {
    guard relativeSeconds == nil else { return }
    // The day first: `다음 달`, `12월` and `매주` lack a day before they lack a time.
    recurrence = try checkRecurrence()
    guard let recurrence else {
      try checkDate()
      _ = try clock()
      return
    }
    _ = try seriesClock(recurrence.frequency)
  }

  /// The hour of the day (0–29, where 24 and later fall on the next day) and minute.
  func clock() throws(InputError) -> (hour: Int, minute: Int) {
    if let fixedHour {
      guard meridiem == nil, minute == nil, hour == nil else {
        throw fail("'정오'/'자정'에는 오전/오후나 분을 붙이지 않습니다")
      }
      return (fixedHour, 0)
    }
    // `점심` alone is noon.
    if meridiem == .lunch, hour == nil, minute == nil { return (12, 0) }
    guard let hour else { throw .missingClock(text) }
    let minute = self.minute ?? 0
    guard minute < 60 else { throw fail("분은 0~59여야 합니다") }
    guard second < 60 else { throw fail("초는 0~59여야 합니다") }
    switch meridiem {
    case nil:
      // 24시 (and 24:00) is the midnight that ends the day, as the 24-hour clock writes it.
      guard hour < 24 || (hour == 24 && minute == 0 && second == 0) else {
        throw fail(hour == 24 ? "24시는 정각만 씁니다 (24시 또는 24:00)" : "시는 0~24여야 합니다")
      }
      return (hour, minute)
    case .am:
      guard hour <= 12 else { throw fail("오전/아침/새벽 뒤의 시는 0~12여야 합니다") }
      return (hour % 12, minute)
    case .pm:
      guard (1...12).contains(hour) else { throw fail("오후/저녁 뒤의 시는 1~12여야 합니다") }
      return (hour % 12 + 12, minute)
    case .lunch:
      switch hour {
      case 11, 12: return (hour, minute)
      case 1, 2: return (hour + 12, minute)
      default: throw fail("점심 뒤의 시는 11시, 12시, 1시, 2시 중 하나여야 합니다")
      }
    case .night:
      guard hour <= 12 else { throw fail("밤 뒤의 시는 1~12여야 합니다") }
      switch hour {
      case 6...11: return (hour + 12, minute)
      case 12: return (24, minute)
      default: return (hour + 24, minute)  // 밤 1시 … 밤 5시: after midnight
      }
    }
  }

  /// Checks the day pieces as far as they go without a year: a date without one waits for
  /// ``resolve(now:timeZone:)`` (`2월 29일` depends on the year).
  func checkDate() throws(InputError) {
    let isDate = year != nil || month != nil || day != nil || monthStep != nil || isLastDay
    let dayCount = [isDate, relativeDays != nil, weekday != nil].filter { $0 }.count
    guard dayCount <= 1 else { throw fail("날짜가 두 번 있습니다") }
    if monthStep != nil && (year != nil || month != nil) { throw fail("날짜가 두 번 있습니다") }
    if isLastDay && day != nil { throw fail("날짜가 두 번 있습니다") }
    if let monthStep, day == nil && !isLastDay {
      let word = monthStep == 0 ? "이번 달" : "다음 달"
      throw fail("'\(word)' 뒤에 일이 필요합니다. 예: '\(word) 3일', '\(word) 말일'")
    }
    if year != nil && month == nil { throw fail("연도 뒤에 월과 일이 필요합니다") }
    if month != nil && day == nil && !isLastDay {
      throw fail("월 뒤에 일이 필요합니다. 예: '12월 1일'")
    }
    if let day, month == nil, monthStep == nil, !(1...31).contains(day) {
      throw fail("일은 1~31이어야 합니다")
    }
    if let month {
      guard (1...12).contains(month) else { throw fail("월은 1~12여야 합니다") }
    }
    if let year, let month {
      guard (1900...2200).contains(year) else { throw fail("연도는 1900~2200이어야 합니다") }
      _ = try dayIn(year: year, month: month)
    }
  }
}
