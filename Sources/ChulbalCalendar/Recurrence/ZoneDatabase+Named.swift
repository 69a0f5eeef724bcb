import ChulbalCore
import ChulbalSystem

extension ZoneDatabase {
  /// The zone an IANA name names: the one engine that makes a calendar's wall times instants,
  /// for a series (``RecurrenceSet``) as for a single event. libical's offsets are read only for
  /// a zone a calendar describes by its own VTIMEZONE alone (``ZoneResolver``).
  ///
  /// - Throws: ``CalendarError/unknownTimeZone(_:directory:)`` for a name the database does
  ///   not have, which is never read as a floating time.
  public func named(_ name: String) throws(CalendarError) -> Zone {
    guard let zone = zone(named: name) else { throw .unknownTimeZone(name, directory: directory) }
    return zone
  }
}
