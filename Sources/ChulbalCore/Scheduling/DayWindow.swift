import FoundationEssentials

/// Whole days on the wall of one zone, from the start of a first day: the span an agenda
/// shows. A day is as long as the zone makes it (23 or 25 hours across a daylight-saving
/// change), from one midnight to the next.
public struct DayWindow: Sendable {
  public let firstDay: CivilDate
  public let dayCount: Int
  public let timeZone: Zone
  /// The most days one window holds: a year, leap day and all.
  public static let dayLimit = 366

  public init(firstDay: CivilDate, dayCount: Int, timeZone: Zone) {
    self.firstDay = firstDay
    self.dayCount = dayCount
    self.timeZone = timeZone
  }

  /// The window of `dayCount` days whose first day is the one `now` falls on.
  public init(startingOnDayOf now: Date, dayCount: Int, timeZone: Zone) {
    self.init(firstDay: CivilDate(now, in: timeZone), dayCount: dayCount, timeZone: timeZone)
  }

  /// The first instant of the first day.
  public var start: Date { Self.startOfDay(firstDay.days, in: timeZone) }
  /// The first instant after the last day.
  public var end: Date { Self.startOfDay(firstDay.days + dayCount, in: timeZone) }

  /// The first instant of a day: its midnight, or the end of a gap that swallows midnight
  /// (as in zones whose clocks spring forward at 00:00), which
  /// ``Zone/instant(forLocalSeconds:)`` reads with the offset from before the gap.
  static func startOfDay(_ days: Int, in timeZone: Zone) -> Date {
    WallTime(date: CivilDate(days: days), hour: 0, minute: 0).instant(in: timeZone)
  }
}
