import FoundationEssentials

/// A kept appointment: when, where, and how the person gets there.
public struct Appointment: Equatable, Sendable {
  /// Small integer, never reused; 0 before the appointment is stored.
  public var id: Int
  public var title: String
  /// When it starts, to the whole second; for a series, the start of the occurrence this value
  /// stands for (the next one, as the store reads it).
  public var start: Date
  /// How long it lasts, in seconds: given (`--end`, `--for`, an event's DTEND or DURATION) or
  /// the `length` setting when the appointment was made.
  public var lengthSeconds: Int
  /// The IANA zone the appointment is shown in.
  public var timeZone: String
  public var place: String?
  public var coordinate: Coordinate?
  /// Where the trip starts: a saved place's name and its coordinate at the time, or a coordinate.
  public var origin: Origin?
  public var mode: TravelMode
  public var travelSeconds: Int
  /// Where ``travelSeconds`` came from.
  public var travelSource: TravelSource
  /// For a trip a route provider gave, the departure it was asked about; else nil.
  public var routeDeparture: Date?
  /// Whether the travel time is the offline estimate.
  public var travelEstimated: Bool { travelSource == .estimate }
  public var bufferSeconds: Int
  public var prepSeconds: Int
  public var alertLeads: [Int]
  public var note: String?
  /// How it repeats; nil for a one-off appointment.
  public var repetition: Repetition? {
    get { repeating?.value }
    set { repeating = newValue.map(RepetitionBox.init) }
  }
  /// ``repetition``, kept apart: it is most of an appointment's bytes (152 of 336), which
  /// every copy of an appointment moved (a list row is copied several times on its way out).
  private var repeating: RepetitionBox?

  /// Whether it repeats: ``repetition`` is not nil, told without copying the repetition out,
  /// as a list asks for every row.
  public var repeats: Bool { repeating != nil }

  /// The rule of ``repetition``, without copying the rest of it out; nil for a one-off.
  public var repetitionRule: RecurrenceRule? { repeating?.value.rule }

  public init(
    id: Int = 0, title: String, start: Date, lengthSeconds: Int = Settings.defaults.lengthSeconds,
    timeZone: String, place: String? = nil,
    coordinate: Coordinate? = nil, origin: Origin? = nil, mode: TravelMode, travelSeconds: Int,
    travelSource: TravelSource = .given, bufferSeconds: Int, prepSeconds: Int = 0,
    alertLeads: [Int],
    note: String? = nil, repetition: Repetition? = nil
  ) {
    self.id = id
    self.title = title
    self.start = Date(timeIntervalSince1970: start.timeIntervalSince1970.rounded(.down))
    self.lengthSeconds = lengthSeconds
    self.timeZone = timeZone
    self.place = place
    self.coordinate = coordinate
    self.origin = origin
    self.mode = mode
    self.travelSeconds = travelSeconds
    self.travelSource = travelSource
    self.bufferSeconds = bufferSeconds
    self.prepSeconds = prepSeconds
    self.alertLeads = alertLeads
    self.note = note
    repeating = repetition.map(RepetitionBox.init)
  }

  /// When it ends: ``start`` plus ``lengthSeconds``.
  public var end: Date { start.addingTimeInterval(TimeInterval(lengthSeconds)) }

  /// The mode the trip is planned by: ``mode``, or walking for an estimated transit trip that
  /// walking covers no slower (``TravelEstimate/mode(from:to:mode:)``).
  public var tripMode: TravelMode {
    guard travelEstimated, let from = origin?.coordinate, let coordinate else { return mode }
    return TravelEstimate.mode(from: from, to: coordinate, mode: mode)
  }

  /// The departure plan for this appointment.
  public var plan: DeparturePlan {
    DeparturePlan(
      start: start, travelSeconds: travelSeconds, travelSource: travelSource,
      bufferSeconds: bufferSeconds, prepSeconds: prepSeconds, alertLeads: alertLeads)
  }
}

/// The start of a trip, and why it starts there (``OriginRule``).
public struct Origin: Equatable, Sendable {
  /// The saved place's name (or the previous appointment's place), or nil for a bare
  /// coordinate.
  public var name: String?
  public var coordinate: Coordinate
  public var reason: OriginReason
  /// For ``OriginReason/previous`` and ``OriginReason/same``, the title of the appointment the
  /// trip follows; else nil.
  public var after: String?

  public init(
    name: String?, coordinate: Coordinate, reason: OriginReason = .given, after: String? = nil
  ) {
    self.name = name
    self.coordinate = coordinate
    self.reason = reason
    self.after = after
  }
}

/// A ``Repetition`` behind one reference; never changed once made.
private final class RepetitionBox: Equatable, Sendable {
  let value: Repetition

  init(_ value: Repetition) {
    self.value = value
  }

  static func == (a: RepetitionBox, b: RepetitionBox) -> Bool {
    a === b || a.value == b.value
  }
}
