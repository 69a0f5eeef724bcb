/// A POSIX `TZ` rule such as `UTC+9`, `<+0530>-5:30` or `EST5EDT,M3.2.0,M11.1.0`, read as tzset(3)
/// reads it, and as a zone file's footer (RFC 8536 §3.3).
///
/// The offset counts hours *west* of UTC: `TZ=UTC+9 date +%z` prints `-0900`. Evaluated by integer
/// arithmetic on civil dates, with no allocation, so a footer can answer as often as a table.
public struct POSIXTimeZoneRule: Equatable, Sendable {
  public let standardName: String
  /// Seconds east of UTC in standard time (the opposite sign of the text).
  public let standardOffsetSeconds: Int
  /// The daylight-saving part, nil for a rule of standard time alone.
  public let daylightSaving: DaylightSaving?

  /// The numbers of the rule again, without its names, for evaluating it (``Schedule``).
  let schedule: Schedule

  /// Whether the rule has a daylight-saving part (`EDT`, `EDT,M3.2.0,M11.1.0`).
  public var hasDaylightSaving: Bool { daylightSaving != nil }

  /// The second part of a rule (`EDT4,M3.2.0/2,M11.1.0/2`): its name, its offset and when in
  /// each year it starts and ends.
  public struct DaylightSaving: Equatable, Sendable {
    public let name: String
    /// Seconds east of UTC while it is in force; one hour ahead of standard time when the text
    /// gives none. It may be behind standard time (Europe/Dublin's winter `GMT0`).
    public let offsetSeconds: Int
    /// When it starts, in the local standard time.
    public let start: Change
    /// When it ends, in the local daylight-saving time.
    public let end: Change
  }

  /// A day of the year and a time of that day at which daylight saving starts or ends.
  public struct Change: Equatable, Sendable {
    public enum Day: Equatable, Sendable {
      /// `Jn`: the n-th day (1–365) of the year, never counting 29 February, so `J60` is
      /// always 1 March.
      case julian(Int)
      /// `n`: the day n days (0–365) after 1 January, counting 29 February.
      case dayOfYear(Int)
      /// `Mm.w.d`: weekday d (0 for Sunday) of week w (1–5, 5 for the last) of month m.
      case weekdayOfMonth(month: Int, week: Int, weekday: Int)
    }

    public let day: Day
    /// Seconds after the local midnight that begins `day`: from −167 to +167 hours (RFC 8536
    /// §3.3.1), 02:00 when the text gives none.
    public let secondsAfterMidnight: Int

    /// Days since 1970-01-01 of `day` in `year`.
    func days(inYear year: Int) -> Int {
      switch day {
      case .julian(let n):
        let january1 = CivilDate(year: year, month: 1, day: 1).days
        let isLeap = CivilDate.daysIn(month: 2, year: year) == 29
        return january1 + n - 1 + (isLeap && n >= 60 ? 1 : 0)
      case .dayOfYear(let n):
        return CivilDate(year: year, month: 1, day: 1).days + n
      case .weekdayOfMonth(let month, let week, let weekday):
        let first = CivilDate(year: year, month: month, day: 1).days
        var day = first + (weekday - CivilDate.weekday(days: first) + 7) % 7 + (week - 1) * 7
        let length = CivilDate.daysIn(month: month, year: year)
        while day >= first + length { day -= 7 }
        return day
      }
    }
  }

  /// The dates glibc assumes for a rule with daylight saving but no dates (`EST5EDT`):
  /// `M3.2.0,M11.1.0`, the United States' rule since 2007.
  static let defaultStart = Change(
    day: .weekdayOfMonth(month: 3, week: 2, weekday: 0), secondsAfterMidnight: 7200)
  static let defaultEnd = Change(
    day: .weekdayOfMonth(month: 11, week: 1, weekday: 0), secondsAfterMidnight: 7200)

  /// Reads a rule; nil for text that is not one.
  public init?(_ text: String) {
    var scanner = TextScanner(text)
    guard let name = Self.name(&scanner), let offset = Self.offset(&scanner) else { return nil }
    standardName = name
    standardOffsetSeconds = -offset
    guard !scanner.isAtEnd else {
      daylightSaving = nil
      schedule = Schedule(
        standardOffset: standardOffsetSeconds, daylightOffset: standardOffsetSeconds,
        start: Self.defaultStart, end: Self.defaultEnd, hasDaylightSaving: false)
      return
    }
    // The daylight part: a name, an optional offset, and the optional change rules.
    guard let daylightName = Self.name(&scanner) else { return nil }
    var daylightOffset = standardOffsetSeconds + 3600
    if let next = scanner.peek, next != "," {
      guard let west = Self.offset(&scanner) else { return nil }
      daylightOffset = -west
    }
    var start = Self.defaultStart
    var end = Self.defaultEnd
    if scanner.take(",") {
      guard let first = Self.change(&scanner), scanner.take(","), let second = Self.change(&scanner)
      else { return nil }
      start = first
      end = second
    }
    guard scanner.isAtEnd else { return nil }
    daylightSaving = DaylightSaving(
      name: daylightName, offsetSeconds: daylightOffset, start: start, end: end)
    schedule = Schedule(
      standardOffset: standardOffsetSeconds, daylightOffset: daylightOffset, start: start,
      end: end, hasDaylightSaving: true)
  }

  /// The IANA name of a rule without DST: `UTC` at offset 0, `Etc/GMT-9` for whole hours (tzdata's
  /// `Etc` names count west too); nil otherwise.
  public var fixedZoneIdentifier: String? {
    guard !hasDaylightSaving, standardOffsetSeconds % 3600 == 0,
      UTCOffset.isValid(standardOffsetSeconds)
    else { return nil }
    let hours = standardOffsetSeconds / 3600
    if hours == 0 { return "UTC" }
    return hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
  }

  /// `EST` (three or more letters) or `<+09>` (letters, digits and signs in angle brackets).
  private static func name(_ scanner: inout TextScanner) -> String? {
    if scanner.take("<") {
      var name = ""
      while let c = scanner.peek, c != ">" {
        guard c.isASCII, c.isLetter || c.isNumber || c == "+" || c == "-" else { return nil }
        name.append(c)
        scanner.advance()
      }
      guard scanner.take(">"), name.count >= 3 else { return nil }
      return name
    }
    var name = ""
    while let c = scanner.peek, c.isASCII, c.isLetter {
      name.append(c)
      scanner.advance()
    }
    return name.count >= 3 ? name : nil
  }

  /// `[+-]hh[:mm[:ss]]`, hours 0–24, in seconds west of UTC.
  private static func offset(_ scanner: inout TextScanner) -> Int? {
    clock(&scanner, hourDigits: 2, maximumHours: 24)
  }

  /// `J60`, `59` or `M3.2.0`, then an optional `/[+-]hhh[:mm[:ss]]`.
  private static func change(_ scanner: inout TextScanner) -> Change? {
    let day: Change.Day
    if scanner.take("J") {
      guard let n = scanner.number(), (1...365).contains(n.value) else { return nil }
      day = .julian(n.value)
    } else if scanner.take("M") {
      guard let month = scanner.number(), (1...12).contains(month.value), scanner.take("."),
        let week = scanner.number(), (1...5).contains(week.value), scanner.take("."),
        let weekday = scanner.number(), (0...6).contains(weekday.value)
      else { return nil }
      day = .weekdayOfMonth(month: month.value, week: week.value, weekday: weekday.value)
    } else {
      guard let n = scanner.number(), (0...365).contains(n.value) else { return nil }
      day = .dayOfYear(n.value)
    }
    var time = 7200
    if scanner.take("/") {
      guard let seconds = clock(&scanner, hourDigits: 3, maximumHours: 167) else { return nil }
      time = seconds
    }
    return Change(day: day, secondsAfterMidnight: time)
  }

  /// `[+-]h[:mm[:ss]]` in seconds, with at most `hourDigits` digits of hours.
  private static func clock(
    _ scanner: inout TextScanner, hourDigits: Int, maximumHours: Int
  ) -> Int? {
    var sign = 1
    if scanner.take("-") {
      sign = -1
    } else {
      _ = scanner.take("+")
    }
    guard let hours = scanner.number(), hours.digits <= hourDigits, hours.value <= maximumHours
    else { return nil }
    var seconds = hours.value * 3600
    for unit in [60, 1] {
      guard scanner.take(":") else { break }
      guard let part = scanner.number(), part.digits <= 2, part.value < 60 else { return nil }
      seconds += part.value * unit
    }
    return sign * seconds
  }
}

// MARK: - Evaluation

extension POSIXTimeZoneRule {
  /// Seconds east of UTC at `second` (seconds since 1970 UTC).
  public func offset(atSecond second: Int) -> Int {
    schedule.offset(atSecond: second)
  }

  /// Whether daylight saving is in force at `second`.
  ///
  /// See ``Schedule/isDaylightSaving(atSecond:)`` for how the years meet.
  public func isDaylightSaving(atSecond second: Int) -> Bool {
    schedule.isDaylightSaving(atSecond: second)
  }

  /// The abbreviation in force at `second`: `EST` or `EDT`, `+0530` (without its brackets).
  public func abbreviation(atSecond second: Int) -> String {
    guard let daylightSaving, schedule.isDaylightSaving(atSecond: second) else {
      return standardName
    }
    return daylightSaving.name
  }

  /// The first instant strictly after `second` at which the offset changes, with the new offset;
  /// nil when it never changes again. A change of abbreviation or DST flag alone does not count.
  public func nextTransition(after second: Int) -> (at: Int, offset: Int)? {
    schedule.nextTransition(after: second)
  }

  /// The arithmetic of a rule without its names: holding no reference, it is copied per row without
  /// retain or release.
  struct Schedule: Equatable, Sendable {
    let standardOffset: Int
    let daylightOffset: Int
    let start: Change
    let end: Change
    let hasDaylightSaving: Bool

    func offset(atSecond second: Int) -> Int {
      isDaylightSaving(atSecond: second) ? daylightOffset : standardOffset
    }

    /// Whether DST is in force at `second`: the latest change at or before it is a start.
    ///
    /// Neighbouring years' changes are considered, so a change a time past 24:00 moves into another
    /// year still counts (glibc and Python's zoneinfo look at the UTC year alone). A start and an
    /// end at the same instant: the start wins, which is how RFC 8536 §3.3.1 writes DST all year
    /// (`EST5EDT4,0/0,J365/25`).
    func isDaylightSaving(atSecond second: Int) -> Bool {
      guard hasDaylightSaving else { return false }
      let instant = min(max(second, -POSIXTimeZoneRule.limit), POSIXTimeZoneRule.limit)
      let year = CivilDate(days: instant.floorDivided(by: 86_400)).year
      let january1 = CivilDate(year: year, month: 1, day: 1).days * 86_400
      let nextJanuary1 = CivilDate(year: year + 1, month: 1, day: 1).days * 86_400
      var latest = Int.min
      var inForce = false
      func consider(_ candidate: Int) {
        let (start, end) = changes(inYear: candidate)
        if end <= instant, end > latest {
          latest = end
          inForce = false
        }
        if start <= instant, start >= latest {
          latest = start
          inForce = true
        }
      }
      consider(year)
      // A change lands at most `reach` from its year's bounds, so the next year matters only at the
      // end of this one, and the previous one only at its start.
      if instant >= nextJanuary1 - Self.reach { consider(year + 1) }
      if latest < january1 + Self.reach { consider(year - 1) }
      var earlier = year - 2
      while latest == Int.min, earlier >= year - 3 {
        consider(earlier)
        earlier -= 1
      }
      return inForce
    }

    func nextTransition(after second: Int) -> (at: Int, offset: Int)? {
      guard hasDaylightSaving, daylightOffset != standardOffset,
        second < POSIXTimeZoneRule.limit
      else { return nil }
      let instant = max(second, -POSIXTimeZoneRule.limit)
      let current = offset(atSecond: instant)
      let year = CivilDate(days: instant.floorDivided(by: 86_400)).year
      // The changes of the next two years hold at least one of each kind; walk them in order.
      var cursor = instant
      for _ in 0..<8 {
        var next = Int.max
        for candidate in (year - 1)...(year + 2) {
          let (start, end) = changes(inYear: candidate)
          if start > cursor, start < next { next = start }
          if end > cursor, end < next { next = end }
        }
        guard next != Int.max else { return nil }
        let after = offset(atSecond: next)
        if after != current { return (next, after) }
        cursor = next
      }
      return nil
    }

    /// The instants DST starts and ends in `year`; the start is given in standard time, the end in
    /// DST (POSIX).
    private func changes(inYear year: Int) -> (start: Int, end: Int) {
      let start = start.days(inYear: year) * 86_400 + start.secondsAfterMidnight - standardOffset
      let end = end.days(inYear: year) * 86_400 + end.secondsAfterMidnight - daylightOffset
      return (start, end)
    }

    /// How far outside its own year a change can land: 167 hours of time of day and 25 hours
    /// of offset make 8 days; one more for good measure.
    private static let reach = 9 * 86_400
  }

  /// About 31 million years either side of 1970: beyond any date, and small enough that a year's
  /// arithmetic cannot overflow. Instants beyond are clamped.
  static let limit = 1_000_000_000_000_000
}
