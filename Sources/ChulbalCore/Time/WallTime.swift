/// A date and time of day as a wall clock shows them, in no zone. A series keeps its first start
/// this way beside its zone's name, since what repeats is the wall time, not a distance between
/// instants.
public struct WallTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var date: CivilDate
  public var hour: Int
  public var minute: Int
  public var second: Int

  public init(date: CivilDate, hour: Int, minute: Int, second: Int = 0) {
    self.date = date
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) {
    self.init(
      date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute,
      second: second)
  }

  /// The wall time `seconds` after 1970-01-01 00:00:00 of the same wall clock.
  public init(secondsSinceEpoch seconds: Int) {
    let days = seconds.floorDivided(by: 86_400)
    let time = seconds - days * 86_400
    self.init(
      date: CivilDate(days: days), hour: time / 3600, minute: time % 3600 / 60,
      second: time % 60)
  }

  /// Whether the date exists and the time is one a clock shows (00:00:00–23:59:59).
  public var isValid: Bool {
    date.isValid && (0...23).contains(hour) && (0...59).contains(minute)
      && (0...59).contains(second)
  }

  /// Seconds since 1970-01-01 00:00:00 of the same wall clock: an ordering, not an instant.
  public var secondsSinceEpoch: Int {
    date.days * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// The wall time `seconds` later on the same clock (earlier for a negative number).
  public func adding(seconds: Int) -> WallTime {
    WallTime(secondsSinceEpoch: secondsSinceEpoch + seconds)
  }

  public static func < (lhs: WallTime, rhs: WallTime) -> Bool {
    lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
  }

  /// `2026-12-01T09:00:00`, ISO 8601 with no offset.
  public var description: String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = String(date.year)
    return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(date.month)
      + "-" + two(date.day) + "T" + two(hour) + ":" + two(minute) + ":" + two(second)
  }
}
