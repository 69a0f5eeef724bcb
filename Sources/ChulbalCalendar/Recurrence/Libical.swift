@preconcurrency import CLibical
import ChulbalCore
import FoundationEssentials

/// The few libical calls the recurrence code makes, with libical's values turned into
/// chulbal's at the edge.
enum Libical {
  /// The zone libical knows by an IANA name, from the system's tzdata: only for writing its
  /// VTIMEZONE, and for checking a name is one libical can write. Wall times are made instants
  /// by chulbal's own ``Zone`` (``Zone/named(_:)``).
  ///
  /// On Debian libical is built to read `/usr/share/zoneinfo` (it ships no zone files of its
  /// own, so built-in tzdata stays off) and `icaltimezone_get_builtin_timezone` loads a zone
  /// from there on first use, returning NULL for a name it cannot load. The zone belongs to
  /// libical for the life of the process and is never freed (icaltimezone.h).
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

  /// `time` as a floating DATE-TIME: on the wall, in no zone.
  ///
  /// The recurrence iterator is given floating times on purpose. With a zone, libical
  /// 3.0.16 moves a wall time that a spring-forward change skips to the hour after and keeps
  /// it there for the next day too (daily 02:30 in New York came out 03:30 on 14 and 15 March
  /// 2027, measured here); floating, it does calendar arithmetic only, and each wall time is
  /// made an instant by chulbal's ``Zone``.
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

  /// Seconds east of UTC in force in `zone` at a second since 1970 (UTC): for a calendar's
  /// own VTIMEZONE, which only libical reads (``ZoneResolver``).
  ///
  /// Asked by UTC instant, where an offset is unambiguous: libical's own
  /// `icaltime_as_timet_with_zone` reads a skipped wall time with the offset after the gap
  /// (02:30 on 14 March 2027 in New York became 06:30Z, measured here), where the core reads
  /// it with the one before (``Zone/instant(forLocalSeconds:offset:)``).
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
