import ChulbalCalDAV
import ChulbalStore
import Foundation

/// PLACEHOLDER, to be replaced by the departures calendar (`--departures`), which puts one
/// event per upcoming departure on the server. Until then it pushes nothing; only the two
/// calls the sync makes are here, with the shapes it calls them with.
enum DepartureCalendarSync {
  /// The departures calendar named `name`: the one among `calendars` whose display name or
  /// last path segment is `name`, else where it would be made beside them.
  ///
  /// PLACEHOLDER: finds, never makes (no MKCALENDAR).
  static func calendarURL(
    named name: String, among calendars: [DAVCalendar], server: any CalendarServer
  ) throws(DAVError) -> URL {
    if let found = calendars.first(where: {
      $0.displayName == name || $0.url.lastPathComponent == name
    }) {
      return found.url
    }
    let home = calendars.first?.url.deletingLastPathComponent() ?? URL(string: "/")!
    return home.appendingPathComponent(name, isDirectory: true)
  }

  /// Brings the departures calendar of `source` up to date with its appointments.
  ///
  /// PLACEHOLDER: does nothing.
  static func push(
    store: Store, server: any CalendarServer, source: CalendarSource, calendar: URL, now: Date
  ) throws {}
}
