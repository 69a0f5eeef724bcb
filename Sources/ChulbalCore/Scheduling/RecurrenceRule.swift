import FoundationEssentials

/// How an appointment repeats: the part of an RFC 5545 recurrence rule (§3.3.10) a departure
/// tool takes.
///
/// A rule says which days; the time of day and the zone come from the series' first start.
/// Only rules that repeat daily or less often are taken (a departure is not hourly), and only
/// the parts chulbal can say in Korean: `FREQ`, `INTERVAL`, `BYDAY` (with an ordinal such as
/// `1MO` or `-1FR` in a monthly or yearly rule), `BYMONTHDAY`, `BYMONTH` (yearly rules only),
/// `UNTIL` or `COUNT`, and `WKST`, which is kept as given. Expansion into instants is
/// ChulbalCalendar's, through libical.
public struct RecurrenceRule: Hashable, Sendable {
  public enum Frequency: String, CaseIterable, Sendable {
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
    case yearly = "YEARLY"
  }

  /// A day of the week, numbered as ``CivilDate/weekday`` numbers them (0 for Sunday).
  public enum Weekday: Int, CaseIterable, Comparable, Sendable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday

    /// RFC 5545's two letters: `MO`, `TU`, …
    public var code: String { ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][rawValue] }

    /// The one syllable a Korean calendar prints: `월`, `화`, …
    public var korean: String { ScannedTime.shortWeekdays[rawValue] }

    /// Monday first, as a Korean week is read (월화수목금토일) and as `WKST` defaults.
    var position: Int { (rawValue + 6) % 7 }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.position < rhs.position }
  }

  /// One `BYDAY` value: a weekday, and in a monthly or yearly rule which one of the month
  /// (1 for the first, -1 for the last).
  public struct Day: Hashable, Comparable, Sendable {
    public var weekday: Weekday
    public var ordinal: Int?

    public init(_ weekday: Weekday, ordinal: Int? = nil) {
      self.weekday = weekday
      self.ordinal = ordinal
    }

    /// `TU`, `1MO`, `-1FR`
    public var code: String { (ordinal.map(String.init) ?? "") + weekday.code }

    /// Weekday order within each ordinal, first ordinals first and the last ones at the end.
    public static func < (lhs: Day, rhs: Day) -> Bool {
      func rank(_ ordinal: Int?) -> Int { ordinal.map { $0 < 0 ? 100 - $0 : $0 } ?? 0 }
      return (rank(lhs.ordinal), lhs.weekday.position) < (rank(rhs.ordinal), rhs.weekday.position)
    }
  }

  /// Where a series stops, as `UNTIL` gives it: a date (the last day that may hold an
  /// occurrence) or an instant in UTC, the form RFC 5545 requires when the start has a zone.
  public enum Until: Hashable, Sendable {
    case date(CivilDate)
    case instant(Date)
  }

  public var frequency: Frequency
  public var interval: Int
  /// Sorted, without repeats.
  public var days: [Day]
  /// Sorted, without repeats; -1 is the last day of the month.
  public var monthDays: [Int]
  /// Sorted, without repeats; 1 is January.
  public var months: [Int]
  public var until: Until?
  public var count: Int?
  /// `WKST` as given, nil when not given (Monday, RFC 5545's default).
  public var weekStart: Weekday?

  /// The most occurrences `COUNT` may ask for: a counted series is expanded from its first
  /// occurrence each time (libical cannot start a counted iteration part way), so the count
  /// bounds that walk. Longer series take `UNTIL`.
  public static let countLimit = 1000

  /// The rule whose days are this one's moved `count` days later, for a series moved from
  /// one of its occurrences on (`RANGE=THISANDFUTURE`), when its parts can say so: nil when
  /// they cannot (the second Tuesday of each month, a day later, is no weekday of one
  /// ordinal). `UNTIL` is the caller's to move, with the time of day.
  public func movingDays(by count: Int) -> RecurrenceRule? {
    if count == 0 || (days.isEmpty && monthDays.isEmpty && months.isEmpty) { return self }
    var moved = self
    if frequency == .weekly, interval == 1, monthDays.isEmpty, months.isEmpty,
      days.allSatisfy({ $0.ordinal == nil })
    {
      moved.days = Set(
        days.compactMap { Weekday(rawValue: (($0.weekday.rawValue + count) % 7 + 7) % 7) }
          .map { Day($0) }
      ).sorted()
      return moved
    }
    if frequency == .monthly, days.isEmpty,
      monthDays.allSatisfy({ (1...28).contains($0) && (1...28).contains($0 + count) })
    {
      moved.monthDays = monthDays.map { $0 + count }
      return moved
    }
    return nil
  }
  /// The longest `INTERVAL`; libical keeps it in a `short`.
  public static let intervalLimit = 1000

  public init(
    frequency: Frequency, interval: Int = 1, days: [Day] = [], monthDays: [Int] = [],
    months: [Int] = [], until: Until? = nil, count: Int? = nil, weekStart: Weekday? = nil
  ) {
    self.frequency = frequency
    self.interval = interval
    self.days = Set(days).sorted()
    self.monthDays = Set(monthDays).sorted()
    self.months = Set(months).sorted()
    self.until = until
    self.count = count
    self.weekStart = weekStart
  }

  /// Monday to Friday, as `평일` means.
  public static let weekdays: [Day] = [.monday, .tuesday, .wednesday, .thursday, .friday].map {
    Day($0)
  }

  /// The rule in RFC 5545's text, its parts in one order: `FREQ=WEEKLY;INTERVAL=2;BYDAY=SA`.
  ///
  /// ``parse(_:)`` reads it back to an equal rule.
  public var text: String {
    var parts = ["FREQ=" + frequency.rawValue]
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    if !months.isEmpty { parts.append("BYMONTH=" + months.map(String.init).joined(separator: ",")) }
    if !monthDays.isEmpty {
      parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ","))
    }
    if !days.isEmpty { parts.append("BYDAY=" + days.map(\.code).joined(separator: ",")) }
    if let weekStart { parts.append("WKST=" + weekStart.code) }
    switch until {
    case .date(let date)?: parts.append("UNTIL=" + Self.basic(date))
    case .instant(let instant)?: parts.append("UNTIL=" + Self.basic(instant))
    case nil: break
    }
    if let count { parts.append("COUNT=\(count)") }
    return parts.joined(separator: ";")
  }

  /// `20261231`
  static func basic(_ date: CivilDate) -> String {
    func padded(_ value: Int, _ digits: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
    return padded(date.year, 4) + padded(date.month, 2) + padded(date.day, 2)
  }

  /// `20261231T145959Z`
  static func basic(_ instant: Date) -> String {
    let time = WallTime(instant, in: .gmt)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return basic(time.date) + "T" + two(time.hour) + two(time.minute) + two(time.second) + "Z"
  }
}
