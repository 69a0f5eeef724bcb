@preconcurrency import CLibical
import ChulbalCore
import FoundationEssentials

/// The few libical calls the recurrence code makes, with libical's values turned into
/// chulbal's at the edge.
enum Libical {
  /// The zone libical knows by an IANA name, only for writing its VTIMEZONE and checking libical
  /// can write it; instants come from chulbal's ``Zone`` (``ZoneDatabase/named(_:)``).
  ///
  /// Debian's libical reads `/usr/share/zoneinfo` (no built-in tzdata);
  /// `icaltimezone_get_builtin_timezone` loads a zone on first use, NULL when it cannot, and keeps
  /// it for the process (icaltimezone.h).
  static func zone(named name: String) throws(CalendarError) -> OpaquePointer {
    try load()
    // libical answers "UTC" and "GMT" itself; other names must be tzdata's.
    guard let zone = icaltimezone_get_builtin_timezone(name) else {
      // May be NULL when libical found no zone directory at all (calendar.md).
      let directory = icaltzutil_get_zone_directory().map { String(cString: $0) }
      throw .unknownTimeZone(name, directory: directory)
    }
    return zone
  }

  /// `time` as a floating DATE-TIME, on the wall in no zone.
  ///
  /// The iterator gets floating times on purpose: with a zone, libical 3.0.16 moves a wall time
  /// skipped by spring-forward to the hour after, and keeps it there the next day too (daily 02:30
  /// in New York gave 03:30 on 14 and 15 March 2027). Floating, it does calendar arithmetic only.
  static func floating(_ time: WallTime) -> icaltimetype {
    var value = icaltime_null_time()
    value.year = Int32(time.date.year)
    value.month = Int32(time.date.month)
    value.day = Int32(time.date.day)
    value.hour = Int32(time.hour)
    value.minute = Int32(time.minute)
    value.second = Int32(time.second)
    value.is_date = 0
    return value
  }

  /// The wall time libical's value shows.
  static func wallTime(_ value: icaltimetype) -> WallTime {
    WallTime(
      year: Int(value.year), month: Int(value.month), day: Int(value.day),
      hour: Int(value.hour), minute: Int(value.minute), second: Int(value.second))
  }

  /// Seconds east of UTC in `zone` at a second since 1970, for a calendar's own VTIMEZONE
  /// (``ZoneResolver``).
  ///
  /// Asked by UTC instant, where an offset is unambiguous: `icaltime_as_timet_with_zone` reads a
  /// skipped wall time with the offset after the gap, the core with the one before
  /// (``Zone/instant(forLocalSeconds:offset:)``).
  static func offset(in zone: OpaquePointer, atSecond second: Int) -> Int {
    var utc = icaltime_from_timet_with_zone(time_t(second), 0, icaltimezone_get_utc_timezone())
    var isDaylight: Int32 = 0
    return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &utc, &isDaylight))
  }

  /// libical's message for the last error on this thread.
  static var lastError: String {
    String(cString: icalerror_strerror(icalerrno_return().pointee))
  }
}
