import ChulbalCalendar
import ChulbalCore
import FoundationEssentials

/// A series' occurrences as appointments: the same appointment (its id, title, travel,
/// alerts) with the occurrence's start, so every view of one appointment shows an occurrence
/// unchanged.
extension Appointment {
  /// The series' recurrence set in its own zone; nil for a one-off appointment.
  ///
  /// - Throws: `CalendarError` when libical cannot expand it (a zone it does not know).
  public func recurrenceSet() throws(CalendarError) -> RecurrenceSet? {
    guard let repetition else { return nil }
    return try RecurrenceSet(
      rule: repetition.rule, firstStart: repetition.firstStart, timeZone: timeZone,
      exceptions: repetition.exceptions, overrides: repetition.overrides)
  }

  /// This appointment starting at `start`: one occurrence of a series.
  public func occurrence(at start: Date) -> Appointment {
    var occurrence = self
    occurrence.start = start
    return occurrence
  }

  /// The occurrence that starts first after `instant`; the appointment itself for a one-off
  /// that starts after it; nil when there is none.
  public func nextOccurrence(after instant: Date) throws(CalendarError) -> Appointment? {
    guard let set = try recurrenceSet() else { return start > instant ? self : nil }
    return set.nextOccurrence(after: instant).map(occurrence(at:))
  }

  /// Every occurrence that starts in `from..<to`, in order; a one-off is its own one.
  public func occurrences(from: Date, to: Date) throws(CalendarError) -> [Appointment] {
    guard let set = try recurrenceSet() else { return start >= from && start < to ? [self] : [] }
    return set.occurrences(from: from, to: to).map(occurrence(at:))
  }

  /// The start of the series' last occurrence, or nil when it never ends (neither `UNTIL`
  /// nor `COUNT`); a one-off's own start.
  public func lastStart() throws(CalendarError) -> Date? {
    lastStart(in: try recurrenceSet())
  }

  /// ``lastStart()`` of the series whose recurrence set (``recurrenceSet()``) is `set`.
  func lastStart(in set: RecurrenceSet?) -> Date? {
    guard let repetition, let set else { return start }
    let rule = repetition.rule
    guard rule.until != nil || rule.count != nil else { return nil }
    // An UNTIL instant, or the end of an UNTIL date in any zone (zones are less than a day
    // from UTC); a COUNT series ends at its count, which libical stops at.
    let end: Date
    switch rule.until {
    case .instant(let last)?: end = last.addingTimeInterval(1)
    case .date(let last)?: end = Date(timeIntervalSince1970: TimeInterval((last.days + 2) * 86_400))
    case nil: end = Date(timeIntervalSince1970: TimeInterval(Row.instants.upperBound))
    }
    let first = Date(
      timeIntervalSince1970: TimeInterval((repetition.firstStart.date.days - 2) * 86_400))
    let moved = repetition.overrides.values.max()
    let last = set.occurrences(from: first, to: end).last
    return [last, moved].compactMap { $0 }.max() ?? start
  }
}
