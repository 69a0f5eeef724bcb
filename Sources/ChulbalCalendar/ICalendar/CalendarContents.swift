/// What a calendar (file, vdir folder or server calendar) holds for chulbal: the events read, and
/// those that could not be, with where and why. One unreadable event (Google's empty lines,
/// Thunderbird's `X-LIC-ERROR`s) never refuses its calendar.
public struct CalendarContents: Equatable, Sendable {
  /// An event left out because chulbal could not read it.
  public struct Unreadable: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (as given), or a server resource's href.
    public var file: String
    /// The faulty property's line, else the event's `BEGIN:VEVENT`; 0 for a file not opened.
    public var line: Int
    /// The property at fault (`DTSTART`), or nil when it is the event as a whole.
    public var property: String?
    public var reason: String

    public init(file: String, line: Int, property: String?, reason: String) {
      self.file = file
      self.line = line
      self.property = property
      self.reason = reason
    }

    /// `calendar.ics:32: DTSTART의 날짜·시각 '…'을 읽을 수 없습니다`
    public var description: String {
      line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)"
    }
  }

  public var events: [CalendarEvent]
  public var unreadable: [Unreadable]

  public init(events: [CalendarEvent] = [], unreadable: [Unreadable] = []) {
    self.events = events
    self.unreadable = unreadable
  }

  /// Adds another file's contents after these, as a folder or a server calendar reads them.
  public mutating func append(_ other: CalendarContents) {
    events += other.events
    unreadable += other.unreadable
  }
}
