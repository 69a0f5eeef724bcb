import Foundation

/// Reads an appointment time as people type it, in English-style numbers or in Korean.
///
/// Accepted forms, each resolved against an injected `now` and time zone:
/// - ISO 8601 with or without offset: `2026-12-01T19:00+09:00`, `2026-12-01 19:00`;
/// - month/day and clock time: `12/1 19:00`, `19:00`, `7:30:15`;
/// - relative: `+1h30m`, `+90m`;
/// - Korean: `오늘`/`내일`/`모레`/`글피`, `12월 1일`, `2027년 1월 2일`, `월요일`…`일요일`,
///   `다음주 월요일`, `이번주 금요일`, `오전`/`오후`/`아침`/`저녁`/`밤`/`새벽`/`낮`, `N시`,
///   `N시 M분`, `N시 반`, `정오`, `자정`.
///
/// A time with no day means the next time that clock time comes; a month and day with no year
/// mean this year unless that day has already gone, then next year.
public enum TimeExpression {
  /// Parses an appointment time.
  ///
  /// - Throws: `InputError.time` naming the text and the part that could not be used.
  public static func parse(_ text: String, now: Date, timeZone: TimeZone) throws(InputError)
    -> Date
  {
    let normalized = text.precomposedStringWithCanonicalMapping.trimmingWhitespace()
    guard !normalized.isEmpty else { throw .time(text, reason: "비어 있습니다") }
    if normalized.hasPrefix("+") {
      do {
        let seconds = try DurationExpression.parse(String(normalized.dropFirst()))
        return now.addingTimeInterval(TimeInterval(seconds))
      } catch {
        guard case .duration(_, let reason) = error else { throw error }
        throw .time(text, reason: reason)
      }
    }
    let parts = try Parts.scan(normalized, original: text)
    return try parts.resolve(now: now, timeZone: timeZone, original: text)
  }

  /// Parses an exact instant such as `2026-11-30T14:00:00+09:00`, as `--now` takes it.
  ///
  /// A date and a time are required; without an offset the time is read in `timeZone`.
  public static func parseInstant(_ text: String, timeZone: TimeZone) throws(InputError) -> Date {
    let normalized = text.trimmingWhitespace()
    let parts = try Parts.scan(normalized, original: text)
    guard parts.isISODate, parts.relativeDays == nil, parts.weekday == nil,
      parts.meridiem == nil
    else {
      throw .time(text, reason: "ISO 8601 날짜와 시각이 필요합니다, 예: '2026-11-30T14:00+09:00'")
    }
    return try parts.resolve(
      now: Date(timeIntervalSince1970: 0), timeZone: timeZone, original: text)
  }
}

/// Which half of the day a Korean time word puts an hour in.
enum Meridiem: Equatable {
  case am  // 오전, 아침, 새벽
  case pm  // 오후, 저녁, 낮
  case night  // 밤: 6–11 in the evening, 12 and 1–5 after midnight

  static let words: [(word: String, meridiem: Meridiem)] = [
    ("오전", .am), ("아침", .am), ("새벽", .am), ("오후", .pm), ("저녁", .pm), ("낮", .pm),
    ("밤", .night),
  ]
}

/// The pieces found in one time expression, before they are resolved to an instant.
private struct Parts {
  enum WeekdayWeek { case next, this, following }

  var year: Int?
  var month: Int?
  var day: Int?
  var isISODate = false
  var relativeDays: Int?
  var weekday: (index: Int, week: WeekdayWeek)?
  var meridiem: Meridiem?
  var hour: Int?
  var minute: Int?
  var second = 0
  var offsetSeconds: Int?
  /// `정오` / `자정` give the whole time at once.
  var fixedHour: Int?

  static let relativeWords: [(String, Int)] = [("오늘", 0), ("내일", 1), ("모레", 2), ("글피", 3)]
  static let weekdayNames = ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"]

  static func scan(_ text: String, original: String) throws(InputError) -> Parts {
    var parts = Parts()
    var scanner = TextScanner(text)
    func fail(_ reason: String) -> InputError { .time(original, reason: reason) }

    while true {
      scanner.skipSpaces()
      guard let c = scanner.peek else { break }
      if c.isASCIIDigit {
        try parts.scanNumber(&scanner, fail: fail)
        continue
      }
      if case (let word, let days)? = relativeWords.first(where: { scanner.take($0.0) }) {
        guard parts.relativeDays == nil else { throw fail("'\(word)': 날짜가 두 번 있습니다") }
        parts.relativeDays = days
        continue
      }
      var week = WeekdayWeek.next
      let weekStart = scanner.position
      if scanner.take(anyOf: ["다음주", "다음 주"]) {
        week = .following
      } else if scanner.take(anyOf: ["이번주", "이번 주"]) {
        week = .this
      }
      scanner.skipSpaces()
      if let index = weekdayNames.firstIndex(where: { scanner.take($0) }) {
        guard parts.weekday == nil else { throw fail("요일이 두 번 있습니다") }
        parts.weekday = (index, week)
        continue
      }
      if scanner.position != weekStart {
        throw fail("'다음주'/'이번주' 뒤에는 요일이 와야 합니다, 예: '다음주 월요일'")
      }
      if case (let word, let meridiem)? = Meridiem.words.first(where: { scanner.take($0.word) }) {
        guard parts.meridiem == nil else { throw fail("'\(word)': 오전/오후가 두 번 있습니다") }
        parts.meridiem = meridiem
        continue
      }
      if case (let word, let hour)? = [("정오", 12), ("자정", 24)].first(where: { scanner.take($0.0) })
      {
        guard parts.hour == nil, parts.fixedHour == nil else {
          throw fail("'\(word)': 시각이 두 번 있습니다")
        }
        parts.fixedHour = hour
        continue
      }
      if scanner.take("반") {
        guard parts.hour != nil, parts.minute == nil else {
          throw fail("'반'은 '7시 반'처럼 시 바로 뒤에 씁니다")
        }
        parts.minute = 30
        continue
      }
      let word = String(scanner.rest.prefix { !$0.isWhitespace })
      throw fail("'\(word)' 부분을 알 수 없습니다")
    }
    return parts
  }

  mutating func scanNumber(
    _ scanner: inout TextScanner, fail: (String) -> InputError
  ) throws(InputError) {
    let number = scanner.number()!
    switch scanner.peek {
    case "-":
      try scanISODate(first: number, &scanner, fail: fail)
    case "/":
      try scanSlashDate(first: number, &scanner, fail: fail)
    case ":":
      try scanClock(hour: number.value, &scanner, fail: fail)
    default:
      scanner.skipSpaces()
      let units: [(String, WritableKeyPath<Parts, Int?>, String)] = [
        ("년", \.year, "연도"), ("월", \.month, "월"), ("일", \.day, "일"), ("시", \.hour, "시"),
        ("분", \.minute, "분"),
      ]
      if scanner.peek(offset: 1) == "요", scanner.peek == "일" {
        throw fail("'\(number.value)\(scanner.rest)' 부분을 알 수 없습니다")
      }
      if case (let unit, let path, let name)? = units.first(where: { scanner.take($0.0) }) {
        guard self[keyPath: path] == nil else { throw fail("\(name)이(가) 두 번 있습니다") }
        if unit == "분" && hour == nil { throw fail("'\(number.value)분' 앞에 시가 없습니다") }
        self[keyPath: path] = number.value
      } else if scanner.take("초") {
        guard minute != nil else { throw fail("'\(number.value)초' 앞에 분이 없습니다") }
        second = number.value
      } else {
        let unit = hour == nil ? "시" : "분"
        throw fail("'\(number.value)' 뒤에 단위가 없습니다, 예: '\(number.value)\(unit)'")
      }
    }
  }

  mutating func scanISODate(
    first: (value: Int, digits: Int), _ scanner: inout TextScanner,
    fail: (String) -> InputError
  ) throws(InputError) {
    guard first.digits == 4, year == nil, month == nil else {
      throw fail("날짜는 '2026-12-01'처럼 씁니다")
    }
    scanner.advance()
    guard let m = scanner.number(), m.digits <= 2, scanner.take("-"),
      let d = scanner.number(), d.digits <= 2
    else { throw fail("날짜는 '2026-12-01'처럼 씁니다") }
    (year, month, day, isISODate) = (first.value, m.value, d.value, true)
    if scanner.peek == "T" || scanner.peek == "t" {
      scanner.advance()
      guard let h = scanner.number(), scanner.peek == ":" else {
        throw fail("'T' 뒤에는 '19:00'처럼 시각이 와야 합니다")
      }
      try scanClock(hour: h.value, &scanner, fail: fail)
    }
  }

  mutating func scanSlashDate(
    first: (value: Int, digits: Int), _ scanner: inout TextScanner,
    fail: (String) -> InputError
  ) throws(InputError) {
    guard month == nil else { throw fail("날짜가 두 번 있습니다") }
    scanner.advance()
    guard let second = scanner.number(), second.digits <= 2 else {
      throw fail("날짜는 '12/1'처럼 '월/일'로 씁니다")
    }
    if first.digits == 4 {
      guard scanner.take("/"), let third = scanner.number(), third.digits <= 2 else {
        throw fail("연도가 있는 날짜는 '2026/12/1'처럼 씁니다")
      }
      (year, month, day) = (first.value, second.value, third.value)
    } else {
      (month, day) = (first.value, second.value)
    }
  }

  mutating func scanClock(
    hour h: Int, _ scanner: inout TextScanner, fail: (String) -> InputError
  ) throws(InputError) {
    guard hour == nil, fixedHour == nil else { throw fail("시각이 두 번 있습니다") }
    scanner.advance()
    guard let m = scanner.number(), m.digits == 2 else {
      throw fail("시각은 '19:00'처럼 분을 두 자리로 씁니다")
    }
    (hour, minute) = (h, m.value)
    if scanner.peek == ":" {
      scanner.advance()
      guard let s = scanner.number(), s.digits == 2 else { throw fail("초는 두 자리로 씁니다") }
      second = s.value
      if scanner.peek == "." || scanner.peek == "," {
        scanner.advance()
        guard scanner.number() != nil else { throw fail("소수 초 뒤에 숫자가 없습니다") }
      }
    }
    guard let sign = scanner.peek, ["Z", "z", "+", "-"].contains(sign) else { return }
    guard isISODate else {
      throw fail("UTC 오프셋은 '2026-12-01T19:00+09:00'처럼 날짜가 있을 때만 씁니다")
    }
    scanner.advance()
    if sign == "Z" || sign == "z" {
      offsetSeconds = 0
      return
    }
    guard let first = scanner.number() else { throw fail("오프셋은 '+09:00'처럼 씁니다") }
    var offsetHours = first.value
    var offsetMinutes = 0
    switch first.digits {
    case 4:
      (offsetHours, offsetMinutes) = (first.value / 100, first.value % 100)
    case 1, 2:
      if scanner.take(":") {
        guard let mm = scanner.number(), mm.digits == 2 else {
          throw fail("오프셋은 '+09:00'처럼 씁니다")
        }
        offsetMinutes = mm.value
      }
    default:
      throw fail("오프셋은 '+09:00'처럼 씁니다")
    }
    guard offsetHours <= 14, offsetMinutes < 60 else {
      throw fail("오프셋은 -14:00~+14:00이어야 합니다")
    }
    offsetSeconds = (sign == "-" ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
  }

  /// The hour of the day (0–29, where 24 and later fall on the next day) and minute.
  func clock(fail: (String) -> InputError) throws(InputError) -> (hour: Int, minute: Int) {
    if let fixedHour {
      guard meridiem == nil, minute == nil else {
        throw fail("'정오'/'자정'에는 오전/오후나 분을 붙이지 않습니다")
      }
      return (fixedHour, 0)
    }
    guard let hour else {
      throw fail("시각이 없습니다, 예: '오후 7시', '19:00'")
    }
    let minute = self.minute ?? 0
    guard minute < 60 else { throw fail("분은 0~59여야 합니다") }
    guard second < 60 else { throw fail("초는 0~59여야 합니다") }
    switch meridiem {
    case nil:
      guard hour < 24 else { throw fail("시는 0~23이어야 합니다") }
      return (hour, minute)
    case .am:
      guard hour <= 12 else { throw fail("오전/아침/새벽 뒤의 시는 0~12여야 합니다") }
      return (hour % 12, minute)
    case .pm:
      guard hour <= 12 else { throw fail("오후/저녁 뒤의 시는 0~12여야 합니다") }
      return (hour % 12 + 12, minute)
    case .night:
      guard hour <= 12 else { throw fail("밤 뒤의 시는 1~12여야 합니다") }
      switch hour {
      case 6...11: return (hour + 12, minute)
      case 12: return (24, minute)
      default: return (hour + 24, minute)  // 밤 1시 … 밤 5시: after midnight
      }
    }
  }

  func resolve(now: Date, timeZone: TimeZone, original: String) throws(InputError)
    -> Date
  {
    func fail(_ reason: String) -> InputError { .time(original, reason: reason) }
    let (hour, minute) = try clock(fail: fail)
    let nowSecond = Int((now.timeIntervalSince1970).rounded(.down))
    let today = (nowSecond + timeZone.offset(atSecond: nowSecond)).floorDivided(by: 86_400)
    let dayCount = [year != nil || month != nil || day != nil, relativeDays != nil, weekday != nil]
      .filter { $0 }.count
    guard dayCount <= 1 else { throw fail("날짜가 두 번 있습니다") }
    if year != nil && month == nil { throw fail("연도 뒤에 월과 일이 필요합니다") }
    if month != nil && day == nil { throw fail("월 뒤에 일이 필요합니다, 예: '12월 1일'") }
    if day != nil && month == nil { throw fail("일 앞에 월이 필요합니다, 예: '12월 1일'") }

    func instant(day: Int) -> Date {
      let local = day * 86_400 + hour * 3600 + minute * 60 + second
      if let offsetSeconds {
        return Date(timeIntervalSince1970: TimeInterval(local - offsetSeconds))
      }
      return Date(timeIntervalSince1970: TimeInterval(timeZone.instant(forLocalSeconds: local)))
    }

    if let month, let day {
      var date = CivilDate(year: year ?? CivilDate(days: today).year, month: month, day: day)
      guard (1...12).contains(month) else { throw fail("월은 1~12여야 합니다") }
      guard (1900...2200).contains(date.year) else { throw fail("연도는 1900~2200이어야 합니다") }
      guard date.isValid else { throw fail("\(date.year)년 \(month)월에는 \(day)일이 없습니다") }
      if year == nil && date.days < today {
        date.year += 1
        guard date.isValid else { throw fail("\(date.year)년 \(month)월에는 \(day)일이 없습니다") }
      }
      return instant(day: date.days)
    }
    if let relativeDays {
      return instant(day: today + relativeDays)
    }
    if case (let index, let week)? = weekday {
      let todayWeekday = CivilDate.weekday(days: today)
      switch week {
      case .next:
        let ahead = (index - todayWeekday + 7) % 7
        return instant(day: today + (ahead == 0 ? 7 : ahead))
      case .this, .following:
        // Weeks run Monday to Sunday, as Korean calendars print them.
        let monday = today - (todayWeekday + 6) % 7
        let dayInWeek = (index + 6) % 7
        return instant(day: monday + dayInWeek + (week == .following ? 7 : 0))
      }
    }
    // No day given: the next time this clock time comes. Starting from yesterday catches
    // '밤 1시' typed just after midnight.
    for day in (today - 1)...(today + 2) where instant(day: day) > now {
      return instant(day: day)
    }
    return instant(day: today + 1)
  }
}
