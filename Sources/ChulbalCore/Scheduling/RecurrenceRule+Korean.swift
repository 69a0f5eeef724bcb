import FoundationEssentials

extension RecurrenceRule {
  /// The rule as a person says it: `매일`, `평일`, `매주 화요일`, `2주마다 토요일`, `매월 3일`,
  /// `매월 마지막 금요일`, `매년 12월 24일`, with `(12월 31일까지)` or `(10회)` after it.
  ///
  /// Days a rule leaves to its first start (`FREQ=WEEKLY` alone repeats on the start's
  /// weekday) are not named: the list beside it shows the start.
  ///
  /// - Parameters:
  ///   - timeZone: the series' zone, which an `UNTIL` instant is read in.
  ///   - currentYear: the year an `UNTIL` date is written without (nil writes every year).
  public func koreanText(timeZone: Zone, currentYear: Int? = nil) -> String {
    var text = daysText
    switch until {
    case .date(let date)?: text += " (\(Self.monthDay(date, currentYear: currentYear))까지)"
    case .instant(let instant)?:
      text += " (\(Self.monthDay(CivilDate(instant, in: timeZone), currentYear: currentYear))까지)"
    case nil: break
    }
    if let count { text += " (\(count)회)" }
    return text
  }

  private var daysText: String {
    let plainDays = days.map(\.weekday)
    switch frequency {
    case .daily where days.isEmpty:
      return interval == 1 ? "매일" : "\(interval)일마다"
    case .daily, .weekly:
      // `평일`, `주말`, and every other week `2주마다 평일`, as the time grammar reads them.
      let group =
        days == Self.weekdays ? "평일" : plainDays == [.saturday, .sunday] ? "주말" : nil
      if interval == 1, let group { return group }
      let every = interval == 1 ? "매주" : "\(interval)주마다"
      return days.isEmpty ? every : every + " " + (group ?? Self.weekdayList(plainDays))
    case .monthly:
      let every = interval == 1 ? "매월" : "\(interval)개월마다"
      return [every, dayOfMonthText].compactMap { $0 }.joined(separator: " ")
    case .yearly:
      let every = interval == 1 ? "매년" : "\(interval)년마다"
      let month = months.isEmpty ? nil : months.map(String.init).joined(separator: "·") + "월"
      return [every, month, dayOfMonthText].compactMap { $0 }.joined(separator: " ")
    }
  }

  /// `3일`, `1·15일`, `마지막 날`, `첫째 월요일`, `둘째·넷째 화요일`, `마지막 금요일`; nil when
  /// the rule leaves the day to the first start.
  private var dayOfMonthText: String? {
    if !monthDays.isEmpty {
      if monthDays.allSatisfy({ $0 > 0 }) {
        return monthDays.map(String.init).joined(separator: "·") + "일"
      }
      return monthDays.map { $0 > 0 ? "\($0)일" : Self.ordinalWord($0) + " 날" }
        .joined(separator: ", ")
    }
    guard !days.isEmpty else { return nil }
    let ordinals = days.map { $0.ordinal ?? 0 }
    if Set(days.map(\.weekday)).count == 1 {
      return ordinals.map(Self.ordinalWord).joined(separator: "·") + " "
        + Self.weekdayList([days[0].weekday])
    }
    if Set(ordinals).count == 1 {
      return Self.ordinalWord(ordinals[0]) + " " + Self.weekdayList(days.map(\.weekday))
    }
    return days.map { Self.ordinalWord($0.ordinal ?? 0) + " " + Self.weekdayList([$0.weekday]) }
      .joined(separator: ", ")
  }

  /// `화요일`, `월·수·금요일`: the syllables joined by a middle dot, `요일` once at the end, as
  /// Korean notices write a list of weekdays.
  static func weekdayList(_ weekdays: [Weekday]) -> String {
    weekdays.map(\.korean).joined(separator: "·") + "요일"
  }

  /// `첫째` … `다섯째` counting from the start of the month, `마지막`, `끝에서 둘째` … from its end.
  static func ordinalWord(_ ordinal: Int) -> String {
    let words = ["", "첫째", "둘째", "셋째", "넷째", "다섯째"]
    if ordinal == -1 { return "마지막" }
    if ordinal < 0 {
      return "끝에서 " + (-ordinal < words.count ? words[-ordinal] : "\(-ordinal)번째")
    }
    return ordinal < words.count ? words[ordinal] : "\(ordinal)번째"
  }

  /// `12월 31일`, or `2027년 1월 31일` outside `currentYear`.
  private static func monthDay(_ date: CivilDate, currentYear: Int?) -> String {
    (date.year == currentYear ? "" : "\(date.year)년 ") + "\(date.month)월 \(date.day)일"
  }
}
