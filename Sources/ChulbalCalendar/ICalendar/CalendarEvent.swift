import ChulbalCore
import FoundationEssentials

/// One VEVENT read from an iCalendar file: what an import needs to keep or skip it.
public struct CalendarEvent: Equatable, Sendable {
  /// An `ATTENDEE`: who, and whether they go.
  public struct Attendee: Equatable, Sendable {
    /// The address after `mailto:`, in lower case; the value as written when it is not one.
    public var email: String
    /// `PARTSTAT` in capitals (`ACCEPTED`, `DECLINED`, …); `NEEDS-ACTION` when absent.
    public var participation: String
    /// `CN`, if given.
    public var name: String?

    public init(email: String, participation: String, name: String? = nil) {
      self.email = email
      self.participation = participation
      self.name = name
    }
  }

  /// An `RRULE`: the rule chulbal takes, or the text of one it refuses and why.
  public enum Rule: Equatable, Sendable {
    case accepted(RecurrenceRule)
    /// A rule ``RecurrenceRule/parse(_:)`` refuses (`FREQ=HOURLY`); the event is still read so the
    /// caller can report it.
    case refused(String, reason: String)
  }

  /// The file (as given) and the line its `BEGIN:VEVENT` is on, counting from 1.
  public var file: String
  public var line: Int
  public var uid: String
  /// For an instance moved or changed within a series: which occurrence it replaces.
  public var recurrenceID: CalendarTime?
  /// `RECURRENCE-ID;RANGE=THISANDFUTURE`: the change applies to every later occurrence too.
  public var appliesToFuture = false
  public var summary: String?
  public var start: CalendarTime
  public var end: CalendarTime?
  /// `DURATION` in seconds, when the event gives one instead of `DTEND`.
  public var durationSeconds: Int?
  public var location: String?
  /// `GEO`, else the `geo:` URI of Apple's `X-APPLE-STRUCTURED-LOCATION`.
  public var coordinate: Coordinate?
  /// `DESCRIPTION`
  public var note: String?
  public var rule: Rule?
  /// `RDATE` values: starts added to the series.
  public var recurrenceDates: [CalendarTime]
  /// `EXDATE` values: occurrences taken out of the series.
  public var exceptionDates: [CalendarTime]
  /// `STATUS` in capitals (`CONFIRMED`, `TENTATIVE`, `CANCELLED`), if given.
  public var status: String?
  /// `TRANSP:TRANSPARENT`: the event does not take up the person's time.
  public var isTransparent: Bool
  public var attendees: [Attendee]
  /// chulbal's own `X-CHULBAL-TRAVEL` (`35M`, `1H20M`, `PT35M`) in seconds.
  public var travelSeconds: Int?
  /// The rest of chulbal's trip properties (`X-CHULBAL-MODE`, `-BUFFER`, `-PREP`, `-ALERTS`,
  /// `-ORIGIN`); nil when absent.
  public var mode: TravelMode?
  public var bufferSeconds: Int?
  public var prepSeconds: Int?
  public var alertLeads: [Int]?
  public var origin: Origin?
  /// A `TZID` naming no IANA zone chulbal can find; its times were read on the file's VTIMEZONE,
  /// else `X-WR-TIMEZONE`, else floating.
  public var unresolvedZone: String?
  /// `RRULE`s after the first that say something else, which are not followed.
  public var ignoredRules = 0
  /// `SEQUENCE`: of two events with one `UID` (and `RECURRENCE-ID`) the higher wins (RFC 5546
  /// §2.1.4).
  public var sequence = 0

  /// Whether the event has a day and no time of day (`DTSTART;VALUE=DATE`).
  public var isAllDay: Bool {
    if case .date = start { return true }
    return false
  }

  /// Whether a moved instance has its series' title, place, coordinate, note and trip.
  public func hasSameDetails(as series: CalendarEvent) -> Bool {
    summary == series.summary && location == series.location
      && coordinate == series.coordinate && note == series.note
      && travelSeconds == series.travelSeconds
  }

  /// Whether the event is one of chulbal's departures, by its UID (`departure-12@chulbal`), which
  /// must never be read as an appointment.
  public var isDeparture: Bool {
    guard uid.hasPrefix("departure-"), uid.hasSuffix("@chulbal") else { return false }
    let middle = uid.dropFirst("departure-".count).dropLast("@chulbal".count)
    return !middle.isEmpty && middle.allSatisfy { $0 == "-" || ("0"..."9").contains($0) }
  }

  /// Whether the event is `STATUS:CANCELLED`.
  public var isCancelled: Bool { status == "CANCELLED" }

  /// Whether the attendee with `email` (compared without case) has declined.
  public func isDeclined(by email: String) -> Bool {
    attendees.contains { $0.email == email.lowercased() && $0.participation == "DECLINED" }
  }

  public init(
    file: String, line: Int, uid: String, recurrenceID: CalendarTime? = nil,
    summary: String? = nil, start: CalendarTime, end: CalendarTime? = nil,
    durationSeconds: Int? = nil, location: String? = nil, coordinate: Coordinate? = nil,
    note: String? = nil, rule: Rule? = nil, recurrenceDates: [CalendarTime] = [],
    exceptionDates: [CalendarTime] = [], status: String? = nil, isTransparent: Bool = false,
    attendees: [Attendee] = [], travelSeconds: Int? = nil
  ) {
    self.file = file
    self.line = line
    self.uid = uid
    self.recurrenceID = recurrenceID
    self.summary = summary
    self.start = start
    self.end = end
    self.durationSeconds = durationSeconds
    self.location = location
    self.coordinate = coordinate
    self.note = note
    self.rule = rule
    self.recurrenceDates = recurrenceDates
    self.exceptionDates = exceptionDates
    self.status = status
    self.isTransparent = isTransparent
    self.attendees = attendees
    self.travelSeconds = travelSeconds
  }
}
