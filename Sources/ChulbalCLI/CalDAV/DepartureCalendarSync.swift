import ChulbalCalDAV
import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalSystem
import FoundationEssentials

/// The departures calendar of a CalDAV source (`source add … --departures CALENDAR`): one
/// event per departure of the next two weeks, each with an alarm per alert, kept on the
/// server so that a phone subscribed to the calendar rings when it is time to leave.
///
/// chulbal changes only what it put there itself, which it knows by its records
/// (`departure_push`); the person's own events, in that calendar or any other, are never
/// touched.
enum DepartureCalendarSync {
  /// How far ahead departures are pushed: two weeks, enough for a phone to ring for every
  /// departure between two syncs of a laptop that is away for days.
  static let window: TimeInterval = 14 * 86_400
  /// The last URL segment of a calendar made for a name that has no ASCII slug (`출발`).
  static let fallbackSlug = "chulbal-departures"

  /// Brings the source's departures calendar to the departures from `now` to two weeks on:
  /// puts the new and the changed, deletes those gone, past or moved out of the window.
  ///
  /// The records are written back in one transaction after the server's work, and hold
  /// exactly the requests the server took: when a request fails half-way, what was done
  /// before it is recorded and the failure is thrown after. Should the records still fall
  /// behind the server (a put whose answer was lost, or a store that could not be written),
  /// the next push heals it: an event chulbal has no record or an old ETag of answers 412,
  /// and is put over (``DepartureReconciler``); one deleted already answers 404.
  ///
  /// - Parameters:
  ///   - source: the source's name, whose records these are.
  ///   - calendar: the departures calendar's URL (``calendarURL(named:among:server:)``).
  /// - Returns: how many events were created, updated and deleted on the server.
  /// - Throws: `StoreError` reading or writing the store; the `DAVError` that stopped the
  ///   push, once what came before it is recorded.
  @discardableResult
  static func push(
    store: Store, server: some CalendarServer, source: String, calendar: URL, now: Date
  ) throws -> (created: Int, updated: Int, deleted: Int) {
    let desired = try departures(in: store, now: now)
    let result = DepartureReconciler.reconcile(
      desired, records: try store.departurePushes(source: source), calendar: calendar,
      server: server)
    try store.recordDeparturePushes(
      source: source, written: result.written, removed: result.removed)
    if let failure = result.failure { throw failure }
    return (result.created, result.updated, result.deleted)
  }

  /// Every departure from `now` to ``window`` later, soonest first: each appointment not yet
  /// started and each occurrence of each series, as the watch finds what to alert for.
  ///
  /// A departure already past is left out, so its event is deleted: the phone has nothing
  /// left to ring for.
  static func departures(in store: Store, now: Date) throws -> [DepartureEvent] {
    let end = now.addingTimeInterval(window)
    let settings = try store.settings()
    let home = try store.defaultPlace()
    var events: [DepartureEvent] = []
    for occurrence in try store.upcoming(after: now, departingBefore: end) {
      let departure = occurrence.plan.departure
      guard departure >= now, departure < end else { continue }
      let link = Self.link(for: occurrence, home: home, settings: settings)
      events.append(
        try DepartureEvent(
          occurrence: occurrence, originalStart: originalStart(of: occurrence, zones: store.zones),
          description: DepartureEvent.description(
            for: occurrence, link: link?.url, zones: store.zones),
          stamp: now, zones: store.zones))
    }
    return events
  }

  /// The start the rule gives an occurrence of a series, which names it even once it is
  /// moved (`edit --on`); nil for a one-off. An occurrence moved onto the start of another is
  /// taken for the moved one; the other's event is then left out as a second of its UID.
  static func originalStart(of occurrence: Appointment, zones: ZoneDatabase) -> Date? {
    guard let repetition = occurrence.repetition else { return nil }
    let moved = repetition.overrides.filter { $0.value == occurrence.start }.keys.min()
    guard let moved else { return occurrence.start }
    return moved.instant(in: zones.zone(named: occurrence.timeZone) ?? .gmt)
  }

  /// The link `nav` gives on a machine with no map app: the first web link of the person's
  /// providers (a phone opens it in the map app when it has one), else the first app link.
  static func link(for occurrence: Appointment, home: SavedPlace?, settings: Settings)
    -> MapLink?
  {
    NavCommand.link(
      for: occurrence, defaultPlace: home, settings: settings, handlers: NoMapApps())
  }

  /// How many of a calendar's events chulbal did not write: every resource that is not one
  /// departure event (``CalendarEvent/isDeparture``, this machine's or another's), one that
  /// cannot be read included. Asked of the events that end after 1970, which is all of them
  /// but a few a calendar program keeps from before.
  ///
  /// - Throws: the `DAVError` of the request; `CalendarError` when libical cannot be loaded.
  static func foreignEvents(
    in calendar: URL, server: some CalendarServer, zones: ZoneDatabase
  ) throws -> Int {
    try server.events(in: calendar, from: Date(timeIntervalSince1970: 0)).count { document in
      let contents: CalendarContents
      do throws(CalendarError) {
        contents = try ICalendarFile.read(data: document.data, name: document.href, zones: zones)
      } catch {
        if case .libraryMissing = error { throw error }
        return true
      }
      return contents.events.isEmpty || !contents.unreadable.isEmpty
        || !contents.events.allSatisfy(\.isDeparture)
    }
  }

  /// A calendar of `calendars` whose display name or last URL segment is `name`; else a new
  /// one, made beside the first of them (MKCALENDAR) with `name` as its display name and a
  /// URL segment made of it (``slug(_:taken:)``).
  ///
  /// - Throws: ``DAVError/noCalendars(url:)`` when `calendars` is empty, which leaves no
  ///   place to make one; the server's refusal of MKCALENDAR.
  static func calendarURL(
    named name: String, among calendars: [DAVCalendar], server: some CalendarServer
  ) throws(DAVError) -> URL {
    if let found = calendars.first(where: {
      $0.displayName == name || $0.url.lastPathComponent == name
    }) {
      return found.url
    }
    guard let first = calendars.first else { throw .noCalendars(url: name) }
    let home = first.url.deletingLastPathComponent()
    var taken = Set(calendars.map(\.url.lastPathComponent))
    // A segment another client took since the calendars were listed (another machine adding
    // its departures calendar at the same time) is answered 405 (RFC 4791 §5.3.1) or, by
    // Radicale, 409: the next free one is tried, a few times.
    var attempts = 1
    while true {
      let segment = slug(name, taken: taken)
      let url = home.appendingPathComponent(segment, isDirectory: true)
      do {
        try server.makeCalendar(at: url, displayName: name)
        return url
      } catch .status(let code, _, _) where (code == 405 || code == 409) && attempts < 4 {
        taken.insert(segment)
        attempts += 1
      }
    }
  }

  /// A URL segment for a calendar named `name`: its ASCII letters and digits in lower case,
  /// each run of anything else one `-` (`My Trips` → `my-trips`); ``fallbackSlug`` for a
  /// name with other letters (`출발`), which a segment would carry percent-encoded; then `-2`,
  /// `-3`… until it is not in `taken`.
  static func slug(_ name: String, taken: Set<String>) -> String {
    var base = ""
    var pendingDash = false
    for scalar in name.unicodeScalars {
      if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
        if pendingDash && !base.isEmpty { base += "-" }
        base += String(scalar).lowercased()
        pendingDash = false
      } else if scalar.isASCII {
        pendingDash = true
      } else {
        base = ""
        break
      }
    }
    if base.isEmpty { base = fallbackSlug }
    var candidate = base
    var number = 2
    while taken.contains(candidate) {
      candidate = "\(base)-\(number)"
      number += 1
    }
    return candidate
  }
}

/// A machine with no map app: `NavigationChain` gives the first web link.
private struct NoMapApps: SchemeHandlerLookup {
  func hasHandler(forScheme scheme: String) -> Bool { false }
}
