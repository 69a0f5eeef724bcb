import FoundationEssentials

/// What a person gave for an appointment, each field nil when not given: the one way from a
/// command line (or, later, a calendar event) to a stored ``Appointment``.
///
/// `add` builds a new appointment from a draft over the settings; `edit` applies a draft over
/// the stored one. Both re-estimate travel the same way.
public struct AppointmentDraft: Equatable, Sendable {
  public var title: String?
  public var start: Date?
  /// When it ends (`--end`); the length is the time from the start.
  public var end: Date?
  /// How long it lasts (`--for`).
  public var lengthSeconds: Int?
  /// The IANA zone the start was read in.
  public var timeZone: String?
  /// An empty string clears the place.
  public var place: String?
  /// An empty string clears the note.
  public var note: String?
  public var coordinate: Coordinate?
  public var origin: Origin?
  public var mode: TravelMode?
  public var travelSeconds: Int?
  public var bufferSeconds: Int?
  public var prepSeconds: Int?
  public var alertLeads: [Int]?

  public init() {}

  /// Why a draft cannot become an appointment.
  public enum Problem: Error, Equatable, Sendable {
    /// A new appointment needs a start.
    case missingStart
    /// The title is empty or only spaces.
    case emptyTitle
    /// No travel time was given and none can be estimated: the destination's coordinate or
    /// the origin is missing.
    case noTravel(missingDestination: Bool)
    /// The end comes before the start.
    case endBeforeStart
    /// The estimate is longer than ``TravelEstimate/maximumSeconds``: the coordinates are
    /// far apart.
    case estimateTooLong(seconds: Int)
  }

  /// A new appointment: what the draft gives, the settings for the rest, and the default place
  /// as origin when none is given (``OriginRule`` may choose another once the appointment is
  /// among the others); travel is remembered or estimated when not given.
  ///
  /// - Throws: ``Problem`` when the start or title is missing or travel cannot be estimated.
  public func appointment(
    settings: Settings, defaultOrigin: Origin?, remembered: RememberedTrips = RememberedTrips(),
    routes: KnownRoutes = KnownRoutes()
  ) throws(Problem) -> Appointment {
    guard let start, let timeZone else { throw .missingStart }
    let base = Appointment(
      title: "", start: start, lengthSeconds: settings.lengthSeconds, timeZone: timeZone,
      origin: defaultOrigin.map {
        Origin(name: $0.name, coordinate: $0.coordinate, reason: .default)
      }, mode: settings.mode,
      travelSeconds: 0, travelSource: .estimate, bufferSeconds: settings.bufferSeconds,
      prepSeconds: settings.prepSeconds, alertLeads: settings.alertLeads)
    guard title != nil else { throw .emptyTitle }
    return try applied(to: base, remembered: remembered, routes: routes)
  }

  /// `appointment` with what the draft gives changed and the rest kept.
  ///
  /// Travel is worked out again (``Appointment/workedOutTravel(over:routes:previous:)``) when
  /// chulbal chose it (an estimate, a remembered trip or a provider's), or when the
  /// destination, origin or mode changes; a given travel time always wins.
  /// - Throws: ``Problem`` when the title is empty or travel cannot be estimated.
  public func applied(
    to appointment: Appointment, remembered: RememberedTrips = RememberedTrips(),
    routes: KnownRoutes = KnownRoutes()
  ) throws(Problem) -> Appointment {
    var result = appointment
    if let title {
      let trimmed = title.trimmingWhitespace()
      guard !trimmed.isEmpty else { throw .emptyTitle }
      result.title = trimmed
    }
    if let start {
      result.start = Date(timeIntervalSince1970: start.timeIntervalSince1970.rounded(.down))
    }
    if let timeZone { result.timeZone = timeZone }
    if let end {
      guard end >= result.start else { throw .endBeforeStart }
      // A stored length is held to a week, as typed durations are.
      result.lengthSeconds = min(
        Int(end.timeIntervalSince(result.start).rounded(.down)), DurationExpression.maximumSeconds)
    } else if let lengthSeconds {
      result.lengthSeconds = lengthSeconds
    }
    if let place { result.place = place.isEmpty ? nil : place }
    if let note { result.note = note.isEmpty ? nil : note }
    if let coordinate { result.coordinate = coordinate }
    if let origin { result.origin = origin }
    if let mode { result.mode = mode }
    if let bufferSeconds { result.bufferSeconds = bufferSeconds }
    if let prepSeconds { result.prepSeconds = prepSeconds }
    if let alertLeads { result.alertLeads = alertLeads }
    if let travelSeconds {
      result.travelSeconds = travelSeconds
      result.travelSource = .given
      result.routeDeparture = nil
    } else if result.travelSource.isWorkedOut || coordinate != nil || origin != nil || mode != nil {
      do throws(TravelEstimate.Problem) {
        result = try result.workedOutTravel(
          over: remembered, routes: routes, previous: appointment)
      } catch {
        switch error {
        case .unknownDestination: throw .noTravel(missingDestination: true)
        case .unknownOrigin: throw .noTravel(missingDestination: false)
        case .tooLong(let seconds): throw .estimateTooLong(seconds: seconds)
        }
      }
    }
    return result
  }
}
