import ChulbalCalDAV
import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalSystem
import FoundationEssentials

/// The system's zone database, which tests read unless they make their own.
public let systemZones = ZoneDatabase()

extension Zone {
  /// The zone of the system's database called `identifier`.
  public init?(identifier: String) {
    guard let zone = systemZones.zone(named: identifier) else { return nil }
    self = zone
  }
}

extension SeriesExpander where Self == RecurrenceSetExpander {
  /// Series expanded with libical in the system's zones.
  public static var libical: RecurrenceSetExpander { .libical(systemZones) }
}

// The calls below read the system's zones, as most tests do.

extension Store {
  public static func open(path: String, access: Access, expander: some SeriesExpander)
    throws(StoreError) -> Store?
  {
    try open(path: path, access: access, expander: expander, zones: systemZones)
  }

  public static func open(path: String, create: Bool, expander: some SeriesExpander)
    throws(StoreError) -> Store?
  {
    try open(path: path, create: create, expander: expander, zones: systemZones)
  }

  public static func openOrCreate(path: String, expander: some SeriesExpander)
    throws(StoreError) -> Store
  {
    try openOrCreate(path: path, expander: expander, zones: systemZones)
  }
}

extension ICalendarFile {
  public static func read(path: String) throws(CalendarError) -> CalendarContents {
    try read(path: path, zones: systemZones)
  }

  public static func read(text: String, name: String) throws(CalendarError) -> CalendarContents {
    try read(text: text, name: name, zones: systemZones)
  }

  public static func read(data: Data, name: String) throws(CalendarError) -> CalendarContents {
    try read(data: data, name: name, zones: systemZones)
  }
}

extension ICalendarWriter {
  public static func text(_ events: [Event], stamp: Date) throws(CalendarError) -> String {
    try text(events, stamp: stamp, zones: systemZones)
  }
}

extension RecurrenceSet {
  public init(
    rule: RecurrenceRule, firstStart: WallTime, timeZone: String,
    exceptions: Set<WallTime> = [], overrides: [WallTime: Date] = [:]
  ) throws(CalendarError) {
    try self.init(
      rule: rule, firstStart: firstStart, timeZone: timeZone, exceptions: exceptions,
      overrides: overrides, zones: systemZones)
  }
}

extension CalendarImport {
  public init(
    contents: CalendarContents, settings: Settings, defaultOrigin: Origin?,
    places: [String: Coordinate], floatingTimeZone: String
  ) {
    self.init(
      contents: contents, settings: settings, defaultOrigin: defaultOrigin, places: places,
      floatingTimeZone: floatingTimeZone, zones: systemZones)
  }
}

extension CalendarOccurrences {
  public static func starts(
    of events: [CalendarEvent], from: Date, to: Date, floatingTimeZone: String
  ) throws(CalendarError) -> [Occurrence] {
    try starts(
      of: events, from: from, to: to, floatingTimeZone: floatingTimeZone, zones: systemZones)
  }
}

extension DepartureEvent {
  public init(
    occurrence: Appointment, originalStart: Date?, description: String, stamp: Date
  ) throws(CalendarError) {
    try self.init(
      occurrence: occurrence, originalStart: originalStart, description: description,
      stamp: stamp, zones: systemZones)
  }

  public static func description(for occurrence: Appointment, link: String?) -> String {
    description(for: occurrence, link: link, zones: systemZones)
  }
}
