extension ScannedTime {
  /// The days counted from today, longest first so that `내일모레` is not read as `내일`;
  /// `낼` is how `내일` is typed in chat.
  static let relativeWords: [(String, Int)] = [
    ("오늘", 0), ("내일모레", 2), ("내일", 1), ("낼", 1), ("모레", 2), ("글피", 3),
  ]
  static let weekdayNames = ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"]
  /// The one-syllable weekdays, as calendars print them (`(금)`) and people shorten them
  /// (`금`, `금욜`).
  static let shortWeekdays = ["일", "월", "화", "수", "목", "금", "토"]

  /// A short weekday at the scanner: `(금)`, `금욜`, or `금` standing alone (before a space, a
  /// digit or the end); its index from Sunday, the scanner moved past it.
  static func shortWeekday(_ scanner: inout TextScanner) -> Int? {
    var attempt = scanner
    let bracketed = attempt.take("(")
    guard let index = shortWeekdays.firstIndex(where: { attempt.take($0) }) else { return nil }
    if bracketed {
      guard attempt.take(")") else { return nil }
    } else if !attempt.take("욜") {
      // `일마다` reads as days (`3일마다`) with the number left out, not as Sundays.
      var every = attempt
      guard endsWeekday(attempt), index != 0 || !every.take("마다") else { return nil }
    }
    scanner = attempt
    return index
  }

  /// Words people type that the grammar does not take, with what it takes for them.
  static let insteadOf: [String: String] = [
    "금일": "오늘", "익일": "내일", "매": "매일", "일마다": "3일마다", "today": "오늘",
    "tomorrow": "내일", "tonight": "오늘 밤", "noon": "정오", "midnight": "자정", "am": "오전",
    "pm": "오후",
  ]

  /// `'금일'은 알아듣지 못했습니다. '오늘'처럼 써 주세요`, the example left out for a word
  /// nobody is known to mean something by (`금요`: `금요일`, from the weekday it starts with).
  static func notUnderstood(_ word: String) -> String {
    let said = "'\(word)'\(Korean.topicParticle(after: word)) 알아듣지 못했습니다"
    var instead = insteadOf[word.lowercased()]
    if word.count == 2, word.hasSuffix("요"), shortWeekdays.contains(String(word.prefix(1))) {
      instead = word + "일"
    }
    return instead.map { said + ". '\($0)'처럼 써 주세요" } ?? said
  }

  /// What may come between the weekdays of a series: `월·수·금`, `월, 수, 금`, `월/수/금`, and
  /// `월요일과 목요일`; `ㆍ` is the middle dot Korean keyboards type.
  static let weekdaySeparators = [",", "·", "ㆍ", "/", "과", "와"]
  /// What joins the two ends of a run of weekdays: `월~금`, `월-금`.
  static let weekdayRangeMarks = ["~", "～", "-"]

  /// Whether a one-syllable weekday may end where `scanner` is: before a space, a digit, a
  /// separator other than `과`/`와`, a range mark, `마다`, or the end.
  static func endsWeekday(_ scanner: TextScanner) -> Bool {
    guard let next = scanner.peek else { return true }
    var rest = scanner
    return next.isWhitespace || next.isASCIIDigit || rest.take("마다")
      || (weekdaySeparators.prefix(4) + weekdayRangeMarks).contains(String(next))
  }

  /// One-syllable weekdays run together (`월수금`, `화목요일`), as people write a series' days: their
  /// indices, with the scanner moved past. Read only in a series or before `요일`, `욜` or `마다`, so
  /// `금일` (today) is not Friday and Sunday.
  static func weekdayRun(_ scanner: inout TextScanner, inSeries: Bool) -> [Int]? {
    var attempt = scanner
    var run: [Int] = []
    while let index = shortWeekdays.firstIndex(where: { attempt.take($0) }) { run.append(index) }
    guard run.count >= 2 else { return nil }
    let named = attempt.take("요일") || attempt.take("욜")
    var every = attempt
    guard endsWeekday(attempt), named || inSeries || every.take("마다") else { return nil }
    scanner = attempt
    return run
  }

  /// One weekday, or several run together (``weekdayRun(_:inSeries:)``), at the scanner.
  static func weekdays(_ scanner: inout TextScanner, inSeries: Bool) -> [Int]? {
    if let index = weekdayNames.firstIndex(where: { scanner.take($0) }) { return [index] }
    if let run = weekdayRun(&scanner, inSeries: inSeries) { return run }
    return shortWeekday(&scanner).map { [$0] }
  }

  /// `첫째` … `다섯째` (also `첫 번째` … `다섯 번째`) and `마지막` at the scanner: which of a
  /// month's weekdays, the scanner moved past it.
  static func ordinal(_ scanner: inout TextScanner) -> (word: String, value: Int)? {
    let words = [("첫", 1), ("두", 2), ("세", 3), ("네", 4), ("다섯", 5)].flatMap { stem, value in
      [(stem + " 번째", value), (stem + "번째", value)]
    }
    let all = [("첫째", 1), ("둘째", 2), ("셋째", 3), ("넷째", 4), ("다섯째", 5), ("마지막", -1)] + words
    return all.first { scanner.take($0.0) }.map { (word: $0.0, value: $0.1) }
  }

  /// The words that make a series: `매일`, `매주`, `매월`/`매달`, `매년`/`매해` (also `매 주`), `격일`, `격주`, `격월`
  /// (also `격주로`); `매` before a weekday, `평일` or `주말` leaves those to be read next.
  static func repetitionWord(_ scanner: inout TextScanner) -> (
    word: String, frequency: RecurrenceRule.Frequency, interval: Int
  )? {
    let units: [(String, RecurrenceRule.Frequency)] = [
      ("일", .daily), ("주", .weekly), ("월", .monthly), ("달", .monthly), ("년", .yearly),
      ("해", .yearly),
    ]
    var attempt = scanner
    if attempt.take("격") {
      guard case (let unit, let frequency)? = units.prefix(3).first(where: { attempt.take($0.0) }),
        attempt.peek != "요"
      else { return nil }
      // `격주로 토요일`: the particle says nothing more.
      _ = attempt.take("로")
      scanner = attempt
      return ("격" + unit, frequency, 2)
    }
    guard attempt.take("매") else { return nil }
    let spaced = attempt.peek?.isWhitespace == true
    attempt.skipSpaces()
    let lead = spaced ? "매 " : "매"
    // `매 화요일`, `매주말`: the days follow, and are read as days.
    if let days = (weekdayNames + ["주말", "평일"]).first(where: {
      var probe = attempt
      return probe.take($0)
    }) {
      scanner = attempt
      return (lead + days, .weekly, 1)
    }
    guard case (let unit, let frequency)? = units.first(where: { attempt.take($0.0) }) else {
      return nil
    }
    scanner = attempt
    return (lead + unit, frequency, 1)
  }

  /// Reads the pieces of normalized, trimmed `text`, naming `original` in errors; only the shape is
  /// checked here, ``check()`` judges the values.
  static func scan(_ text: String, original: String) throws(InputError) -> ScannedTime {
    var parts = ScannedTime(text: original)
    var scanner = TextScanner(text)
    // A particle follows a time or a day once: `7시에에` and `7시에 까지` are typing slips.
    var tookParticle = false

    while true {
      scanner.skipSpaces()
      let followsParticle = tookParticle
      tookParticle = false
      guard let c = scanner.peek else { break }
      if c.isASCIIDigit {
        try parts.scanNumber(&scanner)
        continue
      }
      if let repetition = repetitionWord(&scanner) {
        guard parts.repetition == nil else {
          throw parts.fail("'\(repetition.word)': 반복이 두 번 있습니다")
        }
        parts.repetition = repetition
        continue
      }
      // `이번 주말`: this week's Saturday, weeks running Monday to Sunday as for `이번 주 토요일`.
      if scanner.take(anyOf: ["이번 주말", "이번주말"]) {
        guard parts.weekday == nil, parts.dayGroup == nil else { throw parts.fail("요일이 두 번 있습니다") }
        parts.weekday = (6, .this)
        continue
      }
      let groups = [("평일", RecurrenceRule.weekdays.map(\.weekday.rawValue)), ("주말", [6, 0])]
      if case (let word, let days)? = groups.first(where: { scanner.take($0.0) }) {
        if let named = parts.dayGroup?.word ?? parts.weekday.map({ weekdayNames[$0.index] }) {
          throw parts.fail("'\(word)': '\(named)'\(Korean.subjectParticle(after: named)) 이미 요일입니다")
        }
        parts.dayGroup = (word, days)
        parts.takeEvery(&scanner)
        continue
      }
      if case (let word, let days)? = relativeWords.first(where: { scanner.take($0.0) }) {
        guard parts.relativeDays == nil else {
          throw parts.fail("'\(word)': 날짜가 두 번 있습니다")
        }
        parts.relativeDays = days
        parts.relativeDaysWord = word
        continue
      }
      if case (_, let step)? = [("이번 달", 0), ("이번달", 0), ("다음 달", 1), ("다음달", 1)].first(
        where: { scanner.take($0.0) })
      {
        guard parts.monthStep == nil, parts.month == nil else { throw parts.fail("날짜가 두 번 있습니다") }
        parts.monthStep = step
        continue
      }
      // `마지막 날` is how ``RecurrenceRule/koreanText(timeZone:currentYear:)`` says it.
      if scanner.take(anyOf: ["말일", "마지막 날", "마지막날"]) {
        guard !parts.isLastDay, parts.day == nil else { throw parts.fail("날짜가 두 번 있습니다") }
        parts.isLastDay = true
        continue
      }
      if let ordinal = Self.ordinal(&scanner) {
        guard !parts.ordinals.contains(where: { $0.value == ordinal.value }) else {
          throw parts.fail("'\(ordinal.word)': 순서가 두 번 있습니다")
        }
        parts.ordinals.append(ordinal)
        // `첫째 주 월요일`: the week said, as people say it, means the first Monday.
        var week = scanner
        week.skipSpaces()
        if week.take("주"), week.peek != "말" { scanner = week }
        // `둘째, 넷째`: a separator is taken only before another ordinal.
        var separated = scanner
        separated.skipSpaces()
        if separated.take(anyOf: weekdaySeparators) {
          separated.skipSpaces()
          var next = separated
          if Self.ordinal(&next) != nil { scanner = separated }
        }
        continue
      }
      var week = WeekdayWeek.next
      let weekStart = scanner.position
      // `담주` is how `다음 주` is typed in chat.
      if scanner.take(anyOf: ["다음주", "다음 주", "담주"]) {
        week = .following
      } else if scanner.take(anyOf: ["이번주", "이번 주"]) {
        week = .this
      }
      scanner.skipSpaces()
      if var indices = weekdays(&scanner, inSeries: parts.repetition != nil) {
        // `월~금`: the days from one to the other, the week running Monday to Sunday.
        var ranged = scanner
        ranged.skipSpaces()
        if ranged.take(anyOf: weekdayRangeMarks) {
          ranged.skipSpaces()
          if let end = weekdays(&ranged, inSeries: true), end.count == 1, let start = indices.last {
            let (from, to) = ((start + 6) % 7, (end[0] + 6) % 7)
            guard from < to else {
              throw parts.fail(
                "'\(weekdayNames[start])~\(weekdayNames[end[0]])': 요일 범위는 '월~금'처럼 월요일에서 일요일 쪽으로 씁니다"
              )
            }
            indices += (from + 1...to).map { ($0 + 1) % 7 }
            scanner = ranged
          }
        }
        if let group = parts.dayGroup?.word {
          throw parts.fail(
            "'\(weekdayNames[indices[0]])': '\(group)'\(Korean.subjectParticle(after: group)) 이미 요일입니다"
          )
        }
        // Only the first weekday may say its week; more weekdays make a series, judged later.
        if parts.weekday == nil {
          parts.weekday = (indices[0], week)
          parts.moreWeekdays = Array(indices.dropFirst())
        } else {
          guard week == .next else { throw parts.fail("요일이 두 번 있습니다") }
          parts.moreWeekdays += indices
        }
        parts.takeEvery(&scanner)
        // `월, 수`, `월요일과 목요일`: a separator is taken only before another weekday.
        var separated = scanner
        separated.skipSpaces()
        if separated.take(anyOf: weekdaySeparators) {
          separated.skipSpaces()
          var next = separated
          if weekdays(&next, inSeries: true) != nil { scanner = separated }
        }
        continue
      }
      if scanner.position != weekStart {
        throw parts.fail("'다음 주'/'이번 주' 뒤에는 요일이 와야 합니다. 예: '다음 주 월요일'")
      }
      if case (let word, let meridiem)? = Meridiem.words.first(where: { scanner.take($0.word) }) {
        guard parts.meridiem == nil else {
          throw parts.fail("'\(word)': 오전/오후가 두 번 있습니다")
        }
        parts.meridiem = meridiem
        continue
      }
      if case (let word, let hour)? = [("정오", 12), ("자정", 24)].first(where: { scanner.take($0.0) })
      {
        guard parts.hour == nil, parts.fixedHour == nil else {
          throw parts.fail("'\(word)': 시각이 두 번 있습니다")
        }
        parts.fixedHour = hour
        continue
      }
      // `7시에`, `7시까지`: the particles a sentence puts after a time say nothing more.
      if !followsParticle, parts.hour != nil || parts.fixedHour != nil,
        scanner.take(anyOf: ["에", "까지"])
      {
        tookParticle = true
        continue
      }
      // `금요일에 10시`, `내일에`, `12월 5일에`: nor does `에` after the day, before any time.
      if !followsParticle, parts.hour == nil, parts.fixedHour == nil,
        parts.namesDay || parts.day != nil || parts.dayGroup != nil, scanner.take("에")
      {
        tookParticle = true
        continue
      }
      if scanner.take("반") {
        guard parts.hour != nil, parts.minute == nil else {
          throw parts.fail("'반'은 '7시 반'처럼 시 바로 뒤에 씁니다")
        }
        parts.minute = 30
        continue
      }
      let word = String(scanner.rest.prefix { !$0.isWhitespace })
      // A zero-width space or joiner pasted in would be quoted as nothing at all.
      let invisible = word.unicodeScalars.filter { $0.properties.generalCategory == .format }
      if !invisible.isEmpty {
        let codes = invisible.map { "U+" + TextCleaning.hexadecimal($0.value, digits: 4) }
        throw parts.fail("보이지 않는 문자(\(codes.joined(separator: ", ")))가 있습니다")
      }
      if let end = word.firstRange(of: "요일")?.upperBound ?? word.firstRange(of: "욜")?.upperBound {
        let notDay = String(word[..<end])
        throw parts.fail(
          "'\(notDay)'\(Korean.topicParticle(after: notDay)) 요일이 아닙니다 (월요일~일요일, 줄여서 월~일)")
      }
      throw parts.fail(Self.notUnderstood(word))
    }
    return parts
  }

  /// `마다` after a day (`화요일마다`, `주말마다`): those days every week.
  mutating func takeEvery(_ scanner: inout TextScanner) {
    var attempt = scanner
    attempt.skipSpaces()
    if attempt.take("마다") {
      saysEvery = true
      scanner = attempt
    }
  }

  mutating func scanNumber(_ scanner: inout TextScanner) throws(InputError) {
    let number = scanner.number()!
    switch scanner.peek {
    case "-":
      try scanISODate(first: number, &scanner)
    case "/":
      try scanSlashDate(first: number, &scanner)
    case ":":
      try scanClock(hour: number.value, &scanner)
    case ".":
      try scanDottedDate(first: number, &scanner)
    default:
      scanner.skipSpaces()
      // `3일 뒤`, `3일 후`: a day counted from today.
      var attempt = scanner
      if attempt.take("일") {
        attempt.skipSpaces()
        if let after = ["뒤", "후"].first(where: { attempt.take($0) }) {
          guard relativeDays == nil, weekday == nil, month == nil else {
            throw fail("날짜가 두 번 있습니다")
          }
          relativeDays = number.value
          relativeDaysWord = "\(number.text)일 \(after)"
          scanner = attempt
          return
        }
      }
      // `3일마다`, `2주마다`, `3개월마다`, `2년마다`: a series every so many days, weeks,
      // months or years.
      let everyUnits: [(String, RecurrenceRule.Frequency)] = [
        ("일", .daily), ("주", .weekly), ("개월", .monthly), ("달", .monthly), ("년", .yearly),
      ]
      attempt = scanner
      if case (let unit, let frequency)? = everyUnits.first(where: { attempt.take($0.0) }) {
        attempt.skipSpaces()
        if attempt.take("마다") {
          let word = number.text + unit + "마다"
          guard repetition == nil else { throw fail("'\(word)': 반복이 두 번 있습니다") }
          let limit = RecurrenceRule.intervalLimit
          guard (1...limit).contains(number.value) else {
            let most = "\(limit)\(unit)"
            let copula = Korean.finalSound(of: most) == .none ? "여야" : "이어야"
            throw fail("'\(word)': 간격은 1~\(most)\(copula) 합니다")
          }
          repetition = (word, frequency, number.value)
          scanner = attempt
          return
        }
      }
      let units: [(String, WritableKeyPath<ScannedTime, Int?>, String)] = [
        ("년", \.year, "연도"), ("월", \.month, "월"), ("일", \.day, "일"), ("시", \.hour, "시"),
        ("분", \.minute, "분"),
      ]
      if scanner.peek(offset: 1) == "요", scanner.peek == "일" {
        throw fail(Self.notUnderstood(number.text + scanner.rest))
      }
      if scanner.take("시간") {
        throw fail("'\(number.text)시간'은 시각이 아니라 길이입니다. 지금부터라면 '\(number.text)시간 뒤'처럼 쓰세요")
      }
      if case (let unit, let path, let name)? = units.first(where: { scanner.take($0.0) }) {
        guard self[keyPath: path] == nil else {
          throw fail("\(name)\(Korean.subjectParticle(after: name)) 두 번 있습니다")
        }
        if unit == "시" && fixedHour != nil {
          throw fail("'\(number.text)시': 시각이 두 번 있습니다 ('정오'/'자정'이 시각입니다)")
        }
        if unit == "분" && hour == nil { throw fail("'\(number.text)분' 앞에 시가 없습니다") }
        if unit == "시" { isKoreanHour = true }
        self[keyPath: path] = number.value
      } else if scanner.take("초") {
        guard minute != nil else { throw fail("'\(number.text)초' 앞에 분이 없습니다") }
        second = number.value
      } else {
        let unit = hour == nil ? "시" : "분"
        throw fail("'\(number.text)' 뒤에 단위가 없습니다. 예: '\(number.text)\(unit)'")
      }
    }
  }

  mutating func scanISODate(
    first: (value: Int, digits: Int, text: String), _ scanner: inout TextScanner
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
      try scanClock(hour: h.value, &scanner)
    }
  }

  /// `12.24`, `2026.12.24`, `2026. 12. 24.`: dates as Korean official documents write them.
  mutating func scanDottedDate(
    first: (value: Int, digits: Int, text: String), _ scanner: inout TextScanner
  ) throws(InputError) {
    let shape = "날짜는 '12.24'나 '2026.12.24'처럼 씁니다"
    guard month == nil else { throw fail("날짜가 두 번 있습니다") }
    guard first.digits == 4 || first.digits <= 2 else { throw fail(shape) }
    scanner.advance()
    scanner.skipSpaces()
    guard let second = scanner.number(), second.digits <= 2 else { throw fail(shape) }
    if first.digits == 4 {
      guard scanner.take(".") else { throw fail(shape) }
      scanner.skipSpaces()
      guard let third = scanner.number(), third.digits <= 2 else { throw fail(shape) }
      (year, month, day) = (first.value, second.value, third.value)
    } else {
      (month, day) = (first.value, second.value)
    }
    // The dot that ends a date in `2026. 12. 24.`.
    _ = scanner.take(".")
  }

  mutating func scanSlashDate(
    first: (value: Int, digits: Int, text: String), _ scanner: inout TextScanner
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

  mutating func scanClock(hour h: Int, _ scanner: inout TextScanner) throws(InputError) {
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
      // A fraction would be dropped without a word: chulbal keeps whole seconds.
      if scanner.peek == "." || scanner.peek == "," {
        throw fail("초에 소수는 쓸 수 없습니다. '7:30:15'처럼 쓰세요")
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
    let seconds = (sign == "-" ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
    guard offsetMinutes < 60, UTCOffset.isValid(seconds) else { throw fail(UTCOffset.rule) }
    offsetSeconds = seconds
  }
}
