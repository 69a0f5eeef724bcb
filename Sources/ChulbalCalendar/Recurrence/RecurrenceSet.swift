@preconcurrency import CLibical
import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Synchronization

/// A repeating appointment's starts as instants: RFC 5545's recurrence set (§3.8.5) of a rule, a
/// first start on a named zone's wall clock, `EXDATE`s and moved instances.
///
/// libical expands the rule on the wall clock only; chulbal's ``Zone`` makes each occurrence an
/// instant, as for a one-off, so the wall time holds across DST and series and one-offs agree on
/// skipped or repeated hours. Nothing is cached; each question walks from a start near it
/// (``startOfWalk(near:)``).
public struct RecurrenceSet: Sendable {
  public let rule: RecurrenceRule
  public let firstStart: WallTime
  /// The IANA name of the zone the wall times are on.
  public let timeZone: String
  /// Occurrences taken out, by the wall time the rule gives them.
  public let exceptions: Set<WallTime>
  /// Occurrences moved, from the wall time the rule gives them to the instant they start.
  public let overrides: [WallTime: Date]

  /// The rule text libical reads: without `UNTIL`, which is applied here because libical compares
  /// it with floating times as if UTC.
  private let libicalRule: String
  /// The zone named ``timeZone``, read from the zone database in use.
  private let zone: Zone

  /// Checks everything libical will be given, so later questions cannot fail.
  ///
  /// - Throws: ``CalendarError/unknownTimeZone(_:directory:)``,
  ///   ``CalendarError/libraryMissing(_:)``, ``CalendarError/invalidWallTime(_:)`` for a start or
  ///   exception no clock shows, ``CalendarError/rule(_:message:)`` if libical refuses the rule.
  public init(
    rule: RecurrenceRule, firstStart: WallTime, timeZone: String,
    exceptions: Set<WallTime> = [], overrides: [WallTime: Date] = [:], zones: ZoneDatabase
  ) throws(CalendarError) {
    try Libical.load()
    let zone = try zones.named(timeZone)
    for time in [firstStart] + exceptions + overrides.keys where !time.isValid {
      throw .invalidWallTime(time)
    }
    self.rule = rule
    self.firstStart = firstStart
    self.timeZone = timeZone
    self.exceptions = exceptions
    self.overrides = overrides
    self.zone = zone
    var libicalRule = rule
    libicalRule.until = nil
    self.libicalRule = libicalRule.text
    // A rule libical cannot start is reported now rather than read as "no occurrences". That
    // depends on the rule text alone, so each text is tried once a process: an iterator opens an
    // ICU calendar in Debian's libical.
    let text = self.libicalRule
    guard !Self.startableRules.withLock({ $0.contains(text) }) else { return }
    guard Iterator(set: self, from: firstStart).handle != nil else {
      let message = Libical.lastError
      // libical starts no iterator when the rule finds no first occurrence, such as every 12 months
      // from February on the 30th: the person's rule, not a disagreement with libical.
      var everyPeriod = libicalRule
      everyPeriod.interval = 1
      if rule.interval > 1,
        Iterator(text: everyPeriod.text, zone: zone, until: nil, from: firstStart).handle != nil
      {
        throw .neverOccurs(rule.text, from: firstStart)
      }
      throw .rule(rule.text, message: message)
    }
    Self.startableRules.withLock { _ = $0.insert(text) }
  }

  /// The rule texts (as libical is given them) an iterator has started from in this process.
  private static let startableRules = Mutex<Set<String>>([])

  /// Every start in `from..<to`, in order.
  public func occurrences(from: Date, to: Date) -> [Date] {
    guard from < to else { return [] }
    var starts = overrides.values.filter { $0 >= from && $0 < to }
    let iterator = Iterator(set: self, from: startOfWalk(near: from))
    let earliest = Self.earliestWallSecond(for: from)
    while let wall = iterator.next() {
      // Only occurrences near the window are made instants: the walk may begin up to a period
      // before it.
      guard wall.secondsSinceEpoch >= earliest else { continue }
      let start = wall.instant(in: zone)
      guard start < to else { break }
      if start >= from, isKept(wall) { starts.append(start) }
    }
    return starts.sorted()
  }

  /// The first start after `instant`, or nil when the series has ended.
  ///
  /// The walk starts from a first start moved forward by whole periods (``startOfWalk(near:)``)
  /// rather than `icalrecur_iterator_set_start`, which in libical 3.0.16 moves an `INTERVAL` weekly
  /// rule by the wrong number of weeks (icalrecur.c, `__iterator_set_start`).
  public func nextOccurrence(after instant: Date) -> Date? {
    var next = overrides.values.filter { $0 > instant }.min()
    let iterator = Iterator(set: self, from: startOfWalk(near: instant))
    let earliest = Self.earliestWallSecond(for: instant)
    while let wall = iterator.next() {
      guard wall.secondsSinceEpoch >= earliest else { continue }
      let start = wall.instant(in: zone)
      if let found = next, start >= found { break }
      if start > instant, isKept(wall) {
        next = start
        break
      }
    }
    return next
  }

  /// Whether the rule's occurrence at `wall` is neither taken out nor moved.
  private func isKept(_ wall: WallTime) -> Bool {
    !exceptions.contains(wall) && overrides[wall] == nil
  }

  /// A wall-clock second before which no wall time in any zone is at or after `instant` (zones are
  /// within a day of UTC).
  private static func earliestWallSecond(for instant: Date) -> Int {
    Int(instant.timeIntervalSince1970.rounded(.down)) - 86_400
  }

  /// A first start, on or after the real one, that gives the same occurrences at or after
  /// `instant`: the real one moved forward by whole periods.
  ///
  /// The move keeps the rule's alignment: daily and weekly rules by whole periods of days (weekday
  /// and `WKST` weeks stay); monthly and yearly rules by whole months or years, to the 1st (or 1
  /// January) when the rule names its days, else to the start's own day where it exists. libical
  /// 3.0.16 gives the start itself only when the rule does (icalrecur.c,
  /// `icalrecur_iterator_next`), so a moved start on a skipped day adds nothing. A `COUNT` rule
  /// walks from the real start, at most ``RecurrenceRule/countLimit`` occurrences.
  func startOfWalk(near instant: Date) -> WallTime {
    guard rule.count == nil else { return firstStart }
    // A day before `instant` in every zone.
    let target = CivilDate(days: Int((instant.timeIntervalSince1970 / 86_400).rounded(.down)) - 2)
    let start = firstStart.date
    guard target.days > start.days else { return firstStart }
    let namesItsDays = !rule.days.isEmpty || !rule.monthDays.isEmpty
    var moved = firstStart
    switch rule.frequency {
    case .daily, .weekly:
      let period = rule.interval * (rule.frequency == .daily ? 1 : 7)
      moved.date = CivilDate(days: start.days + (target.days - start.days) / period * period)
      return moved
    case .monthly:
      let months = (target.year - start.year) * 12 + target.month - start.month
      var index = start.year * 12 + start.month - 1 + months / rule.interval * rule.interval
      if !namesItsDays, start.day > target.day, index == target.year * 12 + target.month - 1 {
        index -= rule.interval
      }
      moved.date = CivilDate(
        year: index / 12, month: index % 12 + 1, day: namesItsDays ? 1 : start.day)
    case .yearly:
      var year = start.year + (target.year - start.year) / rule.interval * rule.interval
      if namesItsDays {
        moved.date = CivilDate(year: year, month: 1, day: 1)
      } else {
        if (start.month, start.day) > (target.month, target.day), year == target.year {
          year -= rule.interval
        }
        moved.date = CivilDate(year: year, month: start.month, day: start.day)
      }
    }
    return moved.isValid && moved > firstStart && moved.date.days <= target.days
      ? moved : firstStart
  }
}

extension RecurrenceSet {
  /// One libical iterator over floating wall times, freed with this object; stops at `UNTIL`.
  final class Iterator {
    let handle: OpaquePointer?
    private let zone: Zone
    private let until: RecurrenceRule.Until?

    convenience init(set: RecurrenceSet, from start: WallTime) {
      self.init(text: set.libicalRule, zone: set.zone, until: set.rule.until, from: start)
    }

    /// An iterator over `text`, a rule as libical is given it.
    init(text: String, zone: Zone, until: RecurrenceRule.Until?, from start: WallTime) {
      self.zone = zone
      self.until = until
      let rule = icalrecurrencetype_from_string(text)
      handle =
        rule.freq == ICAL_NO_RECURRENCE
        ? nil : icalrecur_iterator_new(rule, Libical.floating(start))
    }

    deinit {
      if let handle { icalrecur_iterator_free(handle) }
    }

    /// The next occurrence on the wall, or nil at the end of the series.
    func next() -> WallTime? {
      guard let handle else { return nil }
      let value = icalrecur_iterator_next(handle)
      guard icaltime_is_null_time(value) == 0 else { return nil }
      let wall = Libical.wallTime(value)
      switch until {
      case .date(let last)? where wall.date.days > last.days: return nil
      case .instant(let last)?:
        // Made an instant only within a day of the end, where the zone decides.
        let lastSecond = Int(last.timeIntervalSince1970.rounded(.down))
        let second = wall.secondsSinceEpoch
        if second > lastSecond + 86_400 { return nil }
        if second >= lastSecond - 86_400, wall.instant(in: zone) > last { return nil }
        return wall
      default: return wall
      }
    }
  }
}
