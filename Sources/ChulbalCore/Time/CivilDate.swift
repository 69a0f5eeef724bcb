/// A day of the proleptic Gregorian calendar, converted to and from a count of days.
///
/// The conversions are pure integer arithmetic (the "days from civil" algorithm), so the
/// formatter and the time parser share them without touching `Calendar`.
public struct CivilDate: Hashable, Sendable {
  public var year: Int
  public var month: Int
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `days` days after 1970-01-01 (negative before it).
  public init(days: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days since 1970-01-01.
  public var days: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Day of the week, 0 for Sunday through 6 for Saturday.
  public var weekday: Int { Self.weekday(days: days) }

  /// Day of the week of a day count, 0 for Sunday through 6 for Saturday.
  public static func weekday(days: Int) -> Int {
    let w = (days + 4) % 7  // 1970-01-01 was a Thursday.
    return w < 0 ? w + 7 : w
  }

  /// Whether the month has this day (rejects 2월 30일, 4월 31일 and the like).
  public var isValid: Bool {
    guard (1...12).contains(month), day >= 1 else { return false }
    return day <= Self.daysIn(month: month, year: year)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

extension Int {
  /// Division rounding toward negative infinity, for instants before 1970.
  @inline(__always)
  func floorDivided(by divisor: Int) -> Int {
    let q = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
  }
}
