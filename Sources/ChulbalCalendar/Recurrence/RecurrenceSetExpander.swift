import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// Expands series with libical (``RecurrenceSet``): the expander the commands hand the store.
public struct RecurrenceSetExpander: SeriesExpander {
  /// Where the series' zones are read.
  public let zones: ZoneDatabase

  public init(zones: ZoneDatabase) { self.zones = zones }

  /// - Throws: `CalendarError`, as ``Appointment/recurrenceSet(zones:)`` does.
  public func starts(of appointment: Appointment) throws -> (any SeriesStarts)? {
    try appointment.recurrenceSet(zones: zones)
  }
}

extension SeriesExpander where Self == RecurrenceSetExpander {
  /// Series expanded with libical, in the zones of `zones`.
  public static func libical(_ zones: ZoneDatabase) -> RecurrenceSetExpander {
    RecurrenceSetExpander(zones: zones)
  }
}

extension RecurrenceSet: SeriesStarts {}
