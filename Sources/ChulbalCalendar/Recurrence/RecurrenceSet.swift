@preconcurrency import CLibical
import ChulbalCore
import Foundation

/// A repeating appointment's starts as instants: a rule, a first start on the wall of a named
/// zone, the occurrences taken out (`EXDATE`) and the ones moved (`RECURRENCE-ID`), together
/// RFC 5545's recurrence set (§3.8.5).
///
/// The rule is expanded by libical's `icalrecur_iterator` in the series' zone, so the
/// wall-clock time holds across daylight-saving changes (a weekly 09:00 in New York is 14:00Z
/// in winter and 13:00Z in summer), and every occurrence is converted to an instant there.
/// Nothing is cached; each question runs a fresh iterator, which costs tens of occurrences,
/// not the whole history: see ``nextOccurrence(after:)``.
public struct RecurrenceSet: Sendable {
  public let rule: RecurrenceRule
  public let firstStart: WallTime
  /// The IANA name of the zone the wall times are on.
  public let timeZone: String
  /// Occurrences taken out, by the wall time the rule gives them.
  public let exceptions: Set<WallTime>
  /// Occurrences moved, from the wall time the rule gives them to the instant they start.
  public let overrides: [WallTime: Date]

  /// The rule text libical reads: ``RecurrenceRule/text`` without `UNTIL`, which is applied
  /// here, because libical compares it with floating times as if they were UTC.
  private let libicalRule: String
  /// The last wall date (an `UNTIL` date) or instant (an `UNTIL` instant) of the series.
  private let until: RecurrenceRule.Until?
  private let zone: Zone

  /// Checks everything libical will be given, so that the questions after it cannot fail.
  ///
  /// - Throws: ``CalendarError/unknownTimeZone(_:directory:)`` for a zone libical cannot
  ///   load (never a floating time), ``CalendarError/invalidWallTime(_:)`` for a start or an
  ///   exception no clock shows, ``CalendarError/rule(_:message:)`` if libical refuses the rule.
  public init(
    rule: RecurrenceRule, firstStart: WallTime, timeZone: String,
    exceptions: Set<WallTime> = [], overrides: [WallTime: Date] = [:]
  ) throws(CalendarError) {
    let zone = try Libical.zone(named: timeZone)
    for time in [firstStart] + exceptions + overrides.keys where !time.isValid {
      throw .invalidWallTime(time)
    }
    self.rule = rule
    self.firstStart = firstStart
    self.timeZone = timeZone
    self.exceptions = exceptions
    self.overrides = overrides
    self.zone = Zone(pointer: zone)
    var libicalRule = rule
    libicalRule.until = nil
    self.libicalRule = libicalRule.text
    until = rule.until
    // A rule libical cannot start is reported now rather than read as "no occurrences".
    guard Iterator(set: self, from: firstStart).handle != nil else {
      throw .rule(rule.text, message: Libical.lastError)
    }
  }

  /// Every start in `from..<to`, in order.
  public func occurrences(from: Date, to: Date) -> [Date] {
    guard from < to else { return [] }
    var starts = overrides.values.filter { $0 >= from && $0 < to }
    let iterator = Iterator(set: self, from: startOfWalk(near: from))
    while let (wall, instant) = iterator.next(), instant < to {
      if instant >= from, !exceptions.contains(wall), overrides[wall] == nil {
        starts.append(instant)
      }
    }
    return starts.sorted()
  }

  /// The first start after `instant`, or nil when the series has ended.
  ///
  /// A series started ten years ago does not walk its 3,650 days: libical 3.0's
  /// `icalrecur_iterator_set_start` would skip ahead, but in 3.0.16 it moves a weekly rule
  /// with `INTERVAL` by the wrong number of weeks and sets the time of day from the point it
  /// is given (icalrecur.c, `__iterator_set_start`), so the walk instead starts from a first
  /// start moved forward by whole periods (``startOfWalk(near:)``).
  public func nextOccurrence(after instant: Date) -> Date? {
    var next = overrides.values.filter { $0 > instant }.min()
    let iterator = Iterator(set: self, from: startOfWalk(near: instant))
    while let (wall, start) = iterator.next() {
      if let found = next, start >= found { break }
      if start > instant, !exceptions.contains(wall), overrides[wall] == nil {
        next = start
        break
      }
    }
    return next
  }

  /// A first start the rule gives the same occurrences from, at least two days before
  /// `instant`: the real one moved forward by whole periods of the rule.
  ///
  /// Only daily and weekly rules are moved (a day or a week is always the same number of
  /// days, and the moved start keeps its weekday, so the weeks `WKST` begins stay where they
  /// were); a month or a year has no fixed length and a start on the 31st has no equal in
  /// every month, so those rules walk from the real start, at most twelve occurrences a year
  /// with the parts chulbal takes. A rule with `COUNT` always walks from the real start,
  /// since its occurrences are counted from there (at most ``RecurrenceRule/countLimit``).
  func startOfWalk(near instant: Date) -> WallTime {
    guard rule.count == nil else { return firstStart }
    let period: Int
    switch rule.frequency {
    case .daily: period = rule.interval
    case .weekly: period = rule.interval * 7
    case .monthly, .yearly: return firstStart
    }
    // Two days cover any zone's offset from UTC, so the moved start is before `instant`.
    let day = Int((instant.timeIntervalSince1970 / 86_400).rounded(.down)) - 2
    let periods = (day - firstStart.date.days) / period
    guard periods > 0 else { return firstStart }
    var moved = firstStart
    moved.date = CivilDate(days: firstStart.date.days + periods * period)
    return moved
  }
}

extension RecurrenceSet {
  /// A libical zone, which libical keeps for the life of the process and which its own
  /// mutexes guard (icaltimezone.c, `builtin_mutex` and `changes_mutex`).
  struct Zone: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  /// One libical iterator over floating wall times, freed with this object; stops at
  /// `UNTIL` itself.
  final class Iterator {
    let handle: OpaquePointer?
    private let zone: OpaquePointer
    private let until: RecurrenceRule.Until?

    init(set: RecurrenceSet, from start: WallTime) {
      zone = set.zone.pointer
      until = set.until
      let rule = icalrecurrencetype_from_string(set.libicalRule)
      handle =
        rule.freq == ICAL_NO_RECURRENCE
        ? nil : icalrecur_iterator_new(rule, Libical.floating(start))
    }

    deinit {
      if let handle { icalrecur_iterator_free(handle) }
    }

    /// The next occurrence on the wall and as an instant, or nil at the end of the series.
    func next() -> (WallTime, Date)? {
      guard let handle else { return nil }
      let value = icalrecur_iterator_next(handle)
      guard icaltime_is_null_time(value) == 0 else { return nil }
      let wall = Libical.wallTime(value)
      let instant = Libical.instant(of: wall, in: zone)
      switch until {
      case .date(let last)? where wall.date.days > last.days: return nil
      case .instant(let last)? where instant > last: return nil
      default: return (wall, instant)
      }
    }
  }
}
