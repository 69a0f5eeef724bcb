import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// A series' occurrences, expanded here with libical.
extension Appointment {
  /// The series' recurrence set in its own zone; nil for a one-off appointment.
  ///
  /// - Throws: `CalendarError` when libical cannot expand it (a zone it does not know).
  public func recurrenceSet(zones: ZoneDatabase) throws(CalendarError) -> RecurrenceSet? {
    guard let repetition else { return nil }
    return try RecurrenceSet(
      rule: repetition.rule, firstStart: repetition.firstStart, timeZone: timeZone,
      exceptions: repetition.exceptions, overrides: repetition.overrides, zones: zones)
  }

  /// The occurrence that starts first after `instant`; the appointment itself for a one-off
  /// that starts after it; nil when there is none.
  public func nextOccurrence(after instant: Date, zones: ZoneDatabase) throws(CalendarError)
    -> Appointment?
  {
    nextOccurrence(after: instant, in: try recurrenceSet(zones: zones))
  }

  /// Every occurrence that starts in `from..<to`, in order; a one-off is its own one.
  public func occurrences(from: Date, to: Date, zones: ZoneDatabase) throws(CalendarError)
    -> [Appointment]
  {
    occurrences(from: from, to: to, in: try recurrenceSet(zones: zones))
  }
}
