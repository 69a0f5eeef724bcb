import ChulbalCore
import FoundationEssentials

/// A DATE or DATE-TIME value from an iCalendar file (RFC 5545 §3.3.4, §3.3.5), with its zone
/// resolved to what chulbal can use.
public enum CalendarTime: Hashable, Sendable, CustomStringConvertible {
  /// `VALUE=DATE`: a day, with no time of day (an all-day event).
  case date(CivilDate)
  /// A DATE-TIME with a `TZID`, on the wall of the IANA zone that `TZID` resolved to.
  case zoned(WallTime, timeZone: String)
  /// A DATE-TIME in UTC (`…Z`).
  case utc(Date)
  /// A DATE-TIME with neither `TZID` nor `Z`: the caller reads it in the system zone and says so.
  case floating(WallTime)

  /// The wall time shown, for a zoned or floating value; nil for a date or a UTC instant.
  public var wallTime: WallTime? {
    switch self {
    case .zoned(let time, _), .floating(let time): time
    case .date, .utc: nil
    }
  }

  /// `2026-12-01`, `2026-12-01T09:00:00 Asia/Seoul`, `2026-12-01T00:00:00Z`,
  /// `2026-12-01T09:00:00 (floating)`.
  public var description: String {
    switch self {
    case .date(let date): String(WallTime(date: date, hour: 0, minute: 0).description.prefix(10))
    case .zoned(let time, let zone): "\(time) \(zone)"
    case .utc(let instant): "\(WallTime(instant, in: .gmt))Z"
    case .floating(let time): "\(time) (floating)"
    }
  }
}
