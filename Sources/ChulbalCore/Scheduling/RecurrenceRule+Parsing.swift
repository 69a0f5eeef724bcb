import FoundationEssentials

extension RecurrenceRule {
  /// The parts ``parse(_:)`` takes, in the order its messages list them.
  static let partNames = [
    "FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "UNTIL", "COUNT", "WKST",
  ]

  /// Reads RFC 5545 `RECUR` text (§3.3.10), with or without the `RRULE:` of the property.
  ///
  /// Strict: every part must be one chulbal takes and can say in Korean, each at most once,
  /// with a value in range; names and values are read in any case, as RFC 5545 §2 allows.
  ///
  /// - Throws: ``InputError/recurrence(_:reason:)`` naming the bad part and what is taken.
  public static func parse(_ text: String) throws(InputError) -> RecurrenceRule {
    func fail(_ reason: String) -> InputError { .recurrence(text, reason: reason) }
    var body = Substring(text.trimmingWhitespace())
    if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst("RRULE:".count) }
    guard !body.isEmpty else { throw fail("규칙이 비어 있습니다 (예: 'FREQ=WEEKLY;BYDAY=TU')") }
    // Values in capitals; each part as typed, for the messages.
    var values: [String: String] = [:]
    var typed: [String: String] = [:]
    for part in body.split(separator: ";", omittingEmptySubsequences: false) {
      let pieces = part.uppercased().split(
        separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(pieces[0])
      guard pieces.count == 2, partNames.contains(name) else {
        let list = partNames.joined(separator: ", ")
        throw fail("알 수 없는 부분 '\(part)' (\(list) 중에서 'NAME=값'을 ';'로 이어 쓰세요)")
      }
      guard values[name] == nil else {
        throw fail("\(name)\(Korean.subjectParticle(after: name)) 두 번 있습니다")
      }
      values[name] = String(pieces[1])
      typed[name] = String(part)
    }

    guard let frequencyText = values["FREQ"] else {
      throw fail("FREQ가 없습니다 (DAILY, WEEKLY, MONTHLY, YEARLY 중 하나)")
    }
    guard let frequency = Frequency(rawValue: frequencyText) else {
      let named = typed["FREQ"] ?? frequencyText
      let why =
        ["SECONDLY", "MINUTELY", "HOURLY"].contains(frequencyText)
        ? "출발 시각은 하루에 한 번보다 자주 반복할 수 없습니다" : "알 수 없는 반복 단위입니다"
      throw fail(
        "\(named)\(Korean.topicParticle(after: named)) 받지 않습니다: \(why) (DAILY, WEEKLY, MONTHLY, YEARLY 중 하나)"
      )
    }

    var interval = 1
    if let value = values["INTERVAL"] {
      guard let number = Self.number(value), (1...intervalLimit).contains(number) else {
        throw fail("\(typed["INTERVAL"] ?? value): 간격은 1부터 \(intervalLimit)까지의 정수입니다")
      }
      interval = number
    }

    let weekdayCodes = "MO, TU, WE, TH, FR, SA, SU를 쉼표로, 달마다의 몇째 요일은 1MO, -1FR처럼"
    let days = try Self.list(values["BYDAY"], name: "BYDAY", fail: fail, read: Self.day) {
      "\($0)\(Korean.topicParticle(after: $0)) 요일이 아닙니다 (\(weekdayCodes))"
    }
    let monthDays = try Self.list(
      values["BYMONTHDAY"], name: "BYMONTHDAY", fail: fail,
      read: { Self.number($0).flatMap { (1...31).contains(abs($0)) ? $0 : nil } },
      refusal: { "\($0)\(Korean.topicParticle(after: $0)) 받지 않습니다 (1~31, 끝에서 셀 때는 -1~-31을 쉼표로)" })
    let months = try Self.list(
      values["BYMONTH"], name: "BYMONTH", fail: fail,
      read: { Self.number($0).flatMap { (1...12).contains($0) ? $0 : nil } },
      refusal: { "\($0)\(Korean.topicParticle(after: $0)) 받지 않습니다 (1~12를 쉼표로)" })

    var until: Until?
    if let value = values["UNTIL"] {
      guard let parsed = Self.until(value) else {
        throw fail("\(typed["UNTIL"] ?? value): 날짜는 '20261231', 시각은 UTC로 '20261231T150000Z' 꼴입니다")
      }
      // The years a series' last start can be kept in, as `--until`'s are.
      let lastDay: CivilDate
      switch parsed {
      case .date(let date): lastDay = date
      case .instant(let instant):
        lastDay = CivilDate(instant, in: .gmt)
      }
      guard (1970...2200).contains(lastDay.year) else {
        throw fail("\(typed["UNTIL"] ?? value): 연도는 1970~2200이어야 합니다")
      }
      until = parsed
    }
    var count: Int?
    if let value = values["COUNT"] {
      guard let number = Self.number(value), (1...countLimit).contains(number) else {
        throw fail("\(typed["COUNT"] ?? value): 횟수는 1부터 \(countLimit)까지입니다 (더 길면 UNTIL을 쓰세요)")
      }
      count = number
    }
    guard until == nil || count == nil else {
      throw fail("UNTIL과 COUNT는 함께 쓸 수 없습니다 (RFC 5545: 둘 중 하나만)")
    }
    var weekStart: Weekday?
    if let value = values["WKST"] {
      guard let weekday = Weekday.allCases.first(where: { $0.code == value }) else {
        throw fail("\(typed["WKST"] ?? value): 요일은 MO, TU, WE, TH, FR, SA, SU 중 하나입니다")
      }
      weekStart = weekday
    }

    let rule = RecurrenceRule(
      frequency: frequency, interval: interval, days: days, monthDays: monthDays,
      months: months, until: until, count: count, weekStart: weekStart)
    if let reason = rule.unsayable { throw fail(reason) }
    return rule
  }

  /// Why chulbal does not take a rule that parses, or nil: the combinations it cannot say in
  /// Korean or that mean something other than they seem.
  var unsayable: String? {
    let ordinals = days.contains { $0.ordinal != nil }
    switch frequency {
    case .daily, .weekly:
      if ordinals {
        return "\(frequency.rawValue)의 BYDAY에는 순서를 붙일 수 없습니다 (1MO, -1FR은 MONTHLY, YEARLY에서)"
      }
      if frequency == .daily, !days.isEmpty, interval != 1 {
        return "INTERVAL이 있는 DAILY에는 BYDAY를 쓸 수 없습니다 (FREQ=WEEKLY;INTERVAL=2;BYDAY=… 처럼)"
      }
      if !monthDays.isEmpty { return "BYMONTHDAY는 MONTHLY, YEARLY에서만 씁니다" }
      if !months.isEmpty { return "BYMONTH는 YEARLY에서만 씁니다" }
    case .monthly, .yearly:
      if frequency == .monthly, !months.isEmpty { return "BYMONTH는 YEARLY에서만 씁니다" }
      if frequency == .yearly, months.isEmpty, !(days.isEmpty && monthDays.isEmpty) {
        return
          "YEARLY의 BYMONTHDAY, BYDAY에는 BYMONTH가 있어야 합니다 (예: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24')"
      }
      if !days.isEmpty, !monthDays.isEmpty { return "BYDAY와 BYMONTHDAY는 함께 쓸 수 없습니다" }
      // A rule no year has a day for would leave libical searching to the year 20000.
      let leapYear = 2000
      if frequency == .yearly, let month = months.first, let day = monthDays.first,
        !months.contains(where: { month in
          monthDays.contains { abs($0) <= CivilDate.daysIn(month: month, year: leapYear) }
        })
      {
        return "\(month)월 \(day)일은 어느 해에도 없습니다"
      }
      if days.contains(where: { $0.ordinal == nil }) {
        return "\(frequency.rawValue)의 BYDAY에는 순서를 붙이세요 (첫째 월요일은 1MO, 마지막 금요일은 -1FR)"
      }
    }
    return nil
  }

  /// A whole number in ASCII digits, with an optional sign: what RFC 5545's integers are.
  private static func number(_ text: String) -> Int? {
    var digits = Substring(text)
    let negative = digits.first == "-"
    if digits.first == "-" || digits.first == "+" { digits.removeFirst() }
    guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCIIDigit),
      let value = Int(digits)
    else { return nil }
    return negative ? -value : value
  }

  /// `TU`, `1MO`, `+2WE`, `-1FR`; ordinals run from 1 to 5 either way.
  private static func day(_ text: String) -> Day? {
    guard text.count >= 2,
      let weekday = Weekday.allCases.first(where: { $0.code == text.suffix(2) })
    else { return nil }
    let prefix = String(text.dropLast(2))
    if prefix.isEmpty { return Day(weekday) }
    guard let ordinal = number(prefix), (1...5).contains(abs(ordinal)) else { return nil }
    return Day(weekday, ordinal: ordinal)
  }

  /// A comma-separated list, each item read by `read`, none twice.
  ///
  /// - Parameter refusal: the reason for an item `read` refuses, given the item quoted.
  private static func list<Item: Equatable>(
    _ text: String?, name: String, fail: (String) -> InputError, read: (String) -> Item?,
    refusal: (String) -> String
  ) throws(InputError) -> [Item] {
    guard let text else { return [] }
    var items: [Item] = []
    for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
      let quoted = "'\(piece)'"
      guard let item = read(String(piece)) else { throw fail("\(name)의 " + refusal(quoted)) }
      guard !items.contains(item) else {
        throw fail("\(name)에 \(quoted)\(Korean.subjectParticle(after: quoted)) 두 번 있습니다")
      }
      items.append(item)
    }
    return items
  }

  /// `20261231` or `20261231T150000Z`.
  private static func until(_ text: String) -> Until? {
    let characters = Array(text)
    func value(_ range: Range<Int>) -> Int? {
      let digits = characters[range]
      return digits.allSatisfy(\.isASCIIDigit) ? Int(String(digits)) : nil
    }
    guard characters.count == 8 || characters.count == 16,
      let year = value(0..<4), let month = value(4..<6), let day = value(6..<8)
    else { return nil }
    let date = CivilDate(year: year, month: month, day: day)
    guard date.isValid else { return nil }
    if characters.count == 8 { return .date(date) }
    guard characters[8] == "T", characters[15] == "Z", let hour = value(9..<11),
      let minute = value(11..<13), let second = value(13..<15)
    else { return nil }
    let time = WallTime(date: date, hour: hour, minute: minute, second: second)
    guard time.isValid else { return nil }
    return .instant(Date(timeIntervalSince1970: TimeInterval(time.secondsSinceEpoch)))
  }
}
