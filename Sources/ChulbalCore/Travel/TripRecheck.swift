import FoundationEssentials

/// Asking a provider again shortly before leaving (`route.recheck`): which trips are asked,
/// when the watch asks, and what a new answer changes.
///
/// Only a one-off appointment's trip is asked again: a series shares one trip among its
/// occurrences, and one day's traffic is not every day's.
public enum TripRecheck {
  /// Whether `appointment`'s trip is asked again: a provider gave it, both ends are known,
  /// and it does not repeat.
  public static func isRechecked(_ appointment: Appointment) -> Bool {
    guard !appointment.repeats, provider(of: appointment) != nil,
      appointment.origin?.coordinate.isKnown == true, appointment.coordinate?.isKnown == true
    else { return false }
    return true
  }

  /// The provider that gave `appointment`'s trip, or nil when none did.
  public static func provider(of appointment: Appointment) -> RouteSource? {
    guard let source = RouteSource(rawValue: appointment.travelSource.rawValue),
      source != .estimate
    else { return nil }
    return source
  }

  /// The trip to ask about: from the origin to the place, by the appointment's mode, leaving
  /// at the planned departure.
  public static func query(for appointment: Appointment, timeZone: Zone) -> RouteQuery? {
    guard let origin = appointment.origin?.coordinate, let destination = appointment.coordinate
    else { return nil }
    return RouteQuery(
      origin: origin, destination: destination, mode: appointment.mode,
      departure: appointment.plan.departure, timeZone: timeZone)
  }

  /// `appointment` with the trip `answer` gives and the change it makes, or nil when the
  /// departure moves by less than `thresholdSeconds` (nothing is written then). The estimate,
  /// which answers when every provider failed, never replaces a provider's trip.
  public static func replanned(
    _ appointment: Appointment, answer: RouteAnswer, thresholdSeconds: Int, at now: Date
  ) -> (appointment: Appointment, change: TripChange)? {
    guard answer.source != .estimate else { return nil }
    var changed = appointment
    changed.travelSeconds = answer.seconds
    changed.travelSource = TravelSource(answer.source)
    let change = TripChange(
      appointmentID: appointment.id, title: appointment.title,
      oldDeparture: appointment.plan.departure, newDeparture: changed.plan.departure,
      source: answer.source, changedAt: now)
    guard abs(change.seconds) >= thresholdSeconds else { return nil }
    return (changed, change)
  }

  /// The alerts of `new` (`old` planned again) that are not to be sent: those of a lead whose
  /// alert before the change has come already (it is not sent a second time at its new time),
  /// and those whose new time has passed at `now` (the change's notice tells of it instead of
  /// an alert sent late).
  public static func supersededAlerts(of new: Appointment, was old: Appointment, at now: Date)
    -> [Alert]
  {
    let come = Set(old.plan.alerts.filter { $0.at <= now }.map(\.leadSeconds))
    return new.plan.alerts.filter { $0.at <= now || come.contains($0.leadSeconds) }
  }

  /// When the watch next runs `trip check`: the first instant `lead` before a departure (each
  /// lead of `route.recheck`) after the previous check; at once when some departure is within
  /// the longest lead and nothing was checked yet. Nil for no departures or no leads, so a
  /// watch with no provider trip never wakes for this.
  ///
  /// - Parameters:
  ///   - departures: the planned departures of the trips asked again, after `now`.
  ///   - lastCheck: when this watch last ran a check; nil before its first.
  public static func nextCheck(
    departures: [Date], leads: [Int], lastCheck: Date?, now: Date
  ) -> Date? {
    guard let longest = leads.max() else { return nil }
    var next: Date?
    for departure in departures where departure > now {
      if lastCheck == nil, departure.addingTimeInterval(-TimeInterval(longest)) <= now {
        return now
      }
      for lead in leads {
        let at = departure.addingTimeInterval(-TimeInterval(lead))
        if let lastCheck, at <= lastCheck { continue }
        if lastCheck == nil, at <= now { continue }
        next = min(next ?? at, at)
      }
    }
    return next
  }

  /// How far ahead `trip check` looks: the longest lead of `route.recheck`.
  public static func window(leads: [Int]) -> TimeInterval { TimeInterval(leads.max() ?? 0) }
}
