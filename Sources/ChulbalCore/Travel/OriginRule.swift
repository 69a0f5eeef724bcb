import FoundationEssentials

/// Where a trip starts: the one rule every screen, notice and calendar shows the result of.
///
/// In order: the origin given with `--from`; no trip when the previous appointment is at the
/// destination already; the previous appointment's place; the calendar's origin; the default
/// place. "Previous" is the appointment with a known place that ends last at or before this
/// one's start, when the trip from its place leaves at most ``Inputs/chainSeconds`` after it
/// ends, on the same day in the reader's zone. Series neither follow nor lead a chain: their
/// occurrences are worked out apart from the one-offs, and a chain through them would have to
/// be kept for every occurrence.
public enum OriginRule {
  /// Places at most this far apart count as one: a building's entrances, a floor's rooms.
  public static let samePlaceMetres = 150.0

  /// What the rule needs besides the appointments.
  public struct Inputs: Sendable {
    /// The `origin.chain` setting; 0 turns chaining off.
    public var chainSeconds: Int
    /// The reader's zone, whose days a chain stays within.
    public var zone: Zone
    /// The origin of the calendar the appointment comes from, if it has one.
    public var sourceOrigin: Origin?
    /// The default place's origin, if there is a default place.
    public var defaultOrigin: Origin?
    /// The trips the person corrected, used instead of the estimate between the same places.
    public var remembered: RememberedTrips
    /// Route providers' answers asked for before the write, used instead of the estimate.
    public var routes: KnownRoutes

    public init(
      chainSeconds: Int, zone: Zone, sourceOrigin: Origin?, defaultOrigin: Origin?,
      remembered: RememberedTrips = RememberedTrips(), routes: KnownRoutes = KnownRoutes()
    ) {
      self.routes = routes
      self.chainSeconds = chainSeconds
      self.zone = zone
      self.sourceOrigin = sourceOrigin
      self.defaultOrigin = defaultOrigin
      self.remembered = remembered
    }
  }

  /// `appointment` with its origin chosen and, when its travel is an estimate, its trip
  /// estimated from there (0 for ``OriginReason/same``); a travel time the person gave is kept.
  ///
  /// - Parameters:
  ///   - others: appointments that may come before it; any others are passed over.
  /// - Returns: `appointment` unchanged when its origin was given, or when nothing is known
  ///   to start from (no calendar origin, no default place): the origin it has stays.
  public static func planned(
    _ appointment: Appointment, after others: [Appointment], _ inputs: Inputs
  ) -> Appointment {
    if appointment.origin?.reason == .given { return appointment }
    if let chained = chained(appointment, after: others, inputs) { return chained }
    let origin =
      inputs.sourceOrigin.map { with($0, reason: .source) }
      ?? inputs.defaultOrigin.map { with($0, reason: .default) }
    guard let origin else { return appointment }
    var result = appointment
    result.origin = origin
    return withTrip(result, inputs, previous: appointment) ?? result
  }

  /// The appointment that ends last at or before `appointment` starts, with a known place.
  public static func previous(of appointment: Appointment, among others: [Appointment])
    -> Appointment?
  {
    var found: Appointment?
    for other in others
    where !other.repeats && other.id != appointment.id && other.coordinate?.isKnown == true
      && other.start < appointment.start && other.end <= appointment.start
    {
      guard let best = found else {
        found = other
        continue
      }
      if (other.end, other.start, other.id) > (best.end, best.start, best.id) { found = other }
    }
    return found
  }

  /// The appointment starting from the previous one's place, or nil when the chain does not
  /// hold: off, a series, no destination, no previous appointment, or a departure too long
  /// after it ends or on another day.
  private static func chained(
    _ appointment: Appointment, after others: [Appointment], _ inputs: Inputs
  ) -> Appointment? {
    guard inputs.chainSeconds > 0, !appointment.repeats,
      let destination = appointment.coordinate, destination.isKnown,
      let previous = previous(of: appointment, among: others),
      let place = previous.coordinate
    else { return nil }
    let same = place.distanceKilometres(to: destination) * 1000 <= samePlaceMetres
    var result = appointment
    result.origin = Origin(
      name: previous.place, coordinate: place, reason: same ? .same : .previous,
      after: previous.title)
    guard let planned = withTrip(result, inputs, previous: appointment) else { return nil }
    let departure = planned.plan.departure
    guard departure.timeIntervalSince(previous.end) <= TimeInterval(inputs.chainSeconds),
      CivilDate(departure, in: inputs.zone) == CivilDate(previous.end, in: inputs.zone)
    else { return nil }
    return planned
  }

  private static func with(_ origin: Origin, reason: OriginReason) -> Origin {
    Origin(name: origin.name, coordinate: origin.coordinate, reason: reason)
  }

  /// The trip from the appointment's origin: kept when the person gave it, 0 from the same
  /// place, else a remembered trip between the two places, a provider's, or the estimate
  /// (``Appointment/workedOutTravel(over:routes:previous:)``); nil when there is none (no
  /// destination, too far).
  private static func withTrip(
    _ appointment: Appointment, _ inputs: Inputs, previous: Appointment
  ) -> Appointment? {
    guard appointment.travelSource.isWorkedOut else { return appointment }
    return try? appointment.workedOutTrip(
      over: inputs.remembered, routes: inputs.routes, previous: previous)
  }
}
