import ChulbalCore
import FoundationEssentials

/// The starts a calendar's events give in a window: each series expanded by
/// ``RecurrenceSet`` (its rule, first start, `EXDATE`s and moved instances), `RDATE`s added,
/// and each one-off event once.
///
/// This is how an import reads a calendar's events as chulbal's series and exceptions; it
/// also lets a test compare chulbal's reading of a file with another implementation's.
public enum CalendarOccurrences {
  /// One start: the event's `UID` and the instant.
  public struct Occurrence: Hashable, Sendable {
    public var uid: String
    public var start: Date
  }

  /// Every start of `events` in `from..<to`, ordered by start, then `UID`.
  ///
  /// All-day events and events with a rule chulbal refuses are left out (they have no time to
  /// leave at, or no series chulbal can keep); so is an `EXDATE` given as a date alone.
  ///
  /// - Parameter floatingTimeZone: the IANA zone floating times are read in (the system's).
  /// - Throws: ``CalendarError`` when a zone cannot be loaded or a first start is no time a
  ///   clock shows there.
  public static func starts(
    of events: [CalendarEvent], from: Date, to: Date, floatingTimeZone: String
  ) throws(CalendarError) -> [Occurrence] {
    let moved = Dictionary(grouping: events.filter { $0.recurrenceID != nil }, by: \.uid)
    let series = Set(
      events.filter { event in
        guard event.recurrenceID == nil, case .accepted? = event.rule else { return false }
        return !event.isAllDay
      }.map(\.uid))
    var found: [Occurrence] = []
    for event in events where !event.isAllDay {
      guard event.recurrenceID == nil, let rule = event.rule else {
        // A one-off event (with its RDATEs, if any), or a moved instance of a series not
        // read here or refused; the moved instances of a series come with it.
        guard event.recurrenceID == nil || !series.contains(event.uid) else { continue }
        let added = event.recurrenceID == nil ? event.recurrenceDates.filter { !isDate($0) } : []
        for time in [event.start] + added {
          let start = try instant(of: time, floatingTimeZone: floatingTimeZone)
          if start >= from, start < to { found.append(.init(uid: event.uid, start: start)) }
        }
        continue
      }
      guard case .accepted(let accepted) = rule else { continue }
      let zone = zoneName(of: event.start, floatingTimeZone: floatingTimeZone)
      var exceptions = Set<WallTime>()
      for time in event.exceptionDates where !isDate(time) {
        exceptions.insert(try wallTime(of: time, in: zone))
      }
      var overrides: [WallTime: Date] = [:]
      for instance in moved[event.uid] ?? [] {
        guard let id = instance.recurrenceID, !isDate(id) else { continue }
        overrides[try wallTime(of: id, in: zone)] = try instant(
          of: instance.start, floatingTimeZone: floatingTimeZone)
      }
      let set = try RecurrenceSet(
        rule: accepted, firstStart: try wallTime(of: event.start, in: zone), timeZone: zone,
        exceptions: exceptions, overrides: overrides)
      found += set.occurrences(from: from, to: to).map { .init(uid: event.uid, start: $0) }
      for added in event.recurrenceDates where !isDate(added) {
        let start = try instant(of: added, floatingTimeZone: floatingTimeZone)
        if start >= from, start < to, !exceptions.contains(try wallTime(of: added, in: zone)) {
          found.append(.init(uid: event.uid, start: start))
        }
      }
    }
    return Set(found).sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
  }

  private static func isDate(_ time: CalendarTime) -> Bool {
    if case .date = time { return true }
    return false
  }

  /// The zone a series' wall times are on: its own, UTC for a start in UTC, or the floating
  /// zone.
  private static func zoneName(of start: CalendarTime, floatingTimeZone: String) -> String {
    switch start {
    case .zoned(_, let zone): zone
    case .utc: "UTC"
    case .floating, .date: floatingTimeZone
    }
  }

  /// The instant a value names.
  static func instant(of time: CalendarTime, floatingTimeZone: String) throws(CalendarError)
    -> Date
  {
    switch time {
    case .utc(let instant): return instant
    case .zoned(let wall, let zone):
      return Libical.instant(of: wall, in: try Libical.zone(named: zone))
    case .floating(let wall):
      return Libical.instant(of: wall, in: try Libical.zone(named: floatingTimeZone))
    case .date(let date):
      return Libical.instant(
        of: WallTime(date: date, hour: 0, minute: 0), in: try Libical.zone(named: floatingTimeZone))
    }
  }

  /// The wall time a value shows in `zone`.
  static func wallTime(of time: CalendarTime, in zone: String) throws(CalendarError) -> WallTime {
    let instant = try instant(of: time, floatingTimeZone: zone)
    let second = Int(instant.timeIntervalSince1970.rounded(.down))
    let offset = Libical.offset(in: try Libical.zone(named: zone), atSecond: second)
    return WallTime(Date(timeIntervalSince1970: TimeInterval(second + offset)), in: .gmt)
  }
}
