import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// The starts a calendar's events give in a window, as `import` keeps them: each series
/// expanded by ``RecurrenceSet`` (its rule, first start, `EXDATE`s and moved instances),
/// `RDATE`s and moved instances with details of their own as appointments of their own.
///
/// This lets a test compare chulbal's reading of a file with another implementation's, and a
/// benchmark time it.
public enum CalendarOccurrences {
  /// One start: the event's `UID` and the instant.
  public struct Occurrence: Hashable, Sendable {
    public var uid: String
    public var start: Date
  }

  /// Every start of `events` in `from..<to`, ordered by start, then `UID`.
  ///
  /// What ``CalendarImport`` leaves out is left out: all-day and cancelled events, events with
  /// a rule chulbal refuses, and events it cannot read.
  ///
  /// - Parameter floatingTimeZone: the IANA zone floating times are read in (the system's).
  /// - Throws: ``CalendarError`` when a series kept cannot be expanded.
  public static func starts(
    of events: [CalendarEvent], from: Date, to: Date, floatingTimeZone: String,
    zones: ZoneDatabase
  ) throws(CalendarError) -> [Occurrence] {
    let plan = CalendarImport(
      contents: CalendarContents(events: events), settings: .defaults, defaultOrigin: nil,
      places: [:], floatingTimeZone: floatingTimeZone, zones: zones)
    var found: [Occurrence] = []
    for item in plan.items {
      let appointment = item.appointment
      guard let repetition = appointment.repetition else {
        if appointment.start >= from, appointment.start < to {
          found.append(.init(uid: item.uid, start: appointment.start))
        }
        continue
      }
      let set = try RecurrenceSet(
        rule: repetition.rule, firstStart: repetition.firstStart, timeZone: appointment.timeZone,
        exceptions: repetition.exceptions, overrides: repetition.overrides, zones: zones)
      found += set.occurrences(from: from, to: to).map { .init(uid: item.uid, start: $0) }
    }
    return Set(found).sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
  }

  /// The instant a value names.
  static func instant(of time: CalendarTime, floatingTimeZone: String, zones: ZoneDatabase)
    throws(CalendarError) -> Date
  {
    switch time {
    case .utc(let instant): return instant
    case .zoned(let wall, let zone):
      return wall.instant(in: try zones.named(zone))
    case .floating(let wall):
      return wall.instant(in: try zones.named(floatingTimeZone))
    case .date(let date):
      return WallTime(date: date, hour: 0, minute: 0).instant(in: try zones.named(floatingTimeZone))
    }
  }

  /// The wall time a value shows in `zone`.
  static func wallTime(of time: CalendarTime, in zone: String, zones: ZoneDatabase)
    throws(CalendarError) -> WallTime
  {
    WallTime(try instant(of: time, floatingTimeZone: zone, zones: zones), in: try zones.named(zone))
  }
}
