import ChulbalCore
import ChulbalSystem

extension Zone {
  /// The zone an IANA name names in the zone database in use: the one engine that makes a
  /// calendar's wall times instants, for a series (``RecurrenceSet``) as for a single event.
  ///
  /// libical expands rules and writes VTIMEZONEs, but its offsets are read only for a zone a
  /// calendar describes by its own VTIMEZONE alone (``ZoneResolver``).
  ///
  /// - Throws: ``CalendarError/unknownTimeZone(_:directory:)`` for a name the database does
  ///   not have, which is never read as a floating time.
  static func named(_ name: String) throws(CalendarError) -> Zone {
    guard let zone = Zone(identifier: name) else {
      throw .unknownTimeZone(name, directory: Zone.database)
    }
    return zone
  }
}
