import ChulbalCore
import FoundationEssentials

/// Expands series with libical (``RecurrenceSet``): the expander the commands hand the store.
public struct RecurrenceSetExpander: SeriesExpander {
  public init() {}

  /// - Throws: `CalendarError`, as ``Appointment/recurrenceSet()`` does.
  public func starts(of appointment: Appointment) throws -> (any SeriesStarts)? {
    try appointment.recurrenceSet()
  }
}

extension SeriesExpander where Self == RecurrenceSetExpander {
  /// Series expanded with libical.
  public static var libical: RecurrenceSetExpander { RecurrenceSetExpander() }
}

extension RecurrenceSet: SeriesStarts {}
