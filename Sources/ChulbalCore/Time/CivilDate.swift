/// A day of the proleptic Gregorian calendar, converted to and from a day count by integer
/// arithmetic, without `Calendar`.
public struct CivilDate: Hashable, Sendable {
  public var year: Int
  public var month: Int
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `days` days after 1970-01-01 (negative before it). For years −32,800 to about 2.9
  /// million by Neri and Schneider's algorithm ("Euclidean affine functions and their application
  /// to calendar algorithms", 2022), which avoids most divisions; other days by the general "civil
  /// from days" algorithm.
  public init(days: Int) {
    guard days >= -Self.fastShift, days < (1 << 30) - Self.fastShift else {
      self.init(generalDays: days)
      return
    }
    let shifted = UInt64(days + Self.fastShift)
    let century = (4 * shifted + 3) / 146_097
    let dayOfCentury = (4 * shifted + 3) % 146_097 / 4
    let product = 2_939_745 * (4 * dayOfCentury + 3)
    let yearOfCentury = product >> 32
    let dayOfYear = (product & 0xFFFF_FFFF) / 2_939_745 / 4
    let monthDay = 2141 * dayOfYear + 197_913
    let isJanuaryOrFebruary = dayOfYear >= 306
    self.init(
      year: Int(100 * century + yearOfCentury) - 400 * 82 + (isJanuaryOrFebruary ? 1 : 0),
      month: Int(monthDay >> 16) - (isJanuaryOrFebruary ? 12 : 0),
      day: Int((monthDay & 0xFFFF) / 2141) + 1)
  }

  /// Days from 0000-03-01 moved on by 82 cycles of 400 years, so the fast algorithm counts from
  /// zero.
  private static let fastShift = 719_468 + 146_097 * 82

  /// The general algorithm, for any day.
  init(generalDays days: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    self.init(
      year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month,
      day: dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
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
