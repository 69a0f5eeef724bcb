import FoundationEssentials

/// One alert of one appointment, as the alert log knows it: the appointment, the lead and the
/// instant it is due.
///
/// After an edit moves an appointment, its alerts are due at other instants and so are new
/// alerts; the old ones are never shown.
public struct AlertID: Hashable, Sendable, CustomStringConvertible {
  public let appointmentID: Int
  public let leadSeconds: Int
  public let due: Date

  public init(appointmentID: Int, leadSeconds: Int, due: Date) {
    self.appointmentID = appointmentID
    self.leadSeconds = leadSeconds
    self.due = due
  }

  public init(appointment: Appointment, alert: Alert) {
    self.init(appointmentID: appointment.id, leadSeconds: alert.leadSeconds, due: alert.at)
  }

  public var description: String {
    "#\(appointmentID)/\(leadSeconds / 60)m@\(Int(due.timeIntervalSince1970))"
  }
}

/// What became of an alert.
public enum AlertOutcome: Equatable, Sendable {
  /// A watch took it and is delivering it; if the watch died before it was done, it is
  /// delivered again (a missed departure is worse than a repeat).
  case claimed
  /// Shown, by the backend named.
  case delivered(backend: String)
  /// Its time passed while nothing could show it (a suspend, a stopped watch), or it was
  /// already too late to be of use.
  case missed
  /// Put off by the person; it comes back at `until`.
  case snoozed(until: Date)
  /// The person pressed `출발했어요`: no late notice of the occurrence comes again
  /// (``AlertPlanner/acknowledgement(of:)``).
  case acknowledged

  /// The name the alert log stores and `log --json` shows.
  public var name: String {
    switch self {
    case .claimed: "claimed"
    case .delivered: "delivered"
    case .missed: "missed"
    case .snoozed: "snoozed"
    case .acknowledged: "acknowledged"
    }
  }

  /// Whether a watch may take the alert for delivery at `now`: never recorded, claimed by a
  /// watch that did not finish, or a snooze that has ended.
  public func allowsClaim(at now: Date) -> Bool {
    switch self {
    case .claimed: true
    case .delivered, .missed, .acknowledged: false
    case .snoozed(let until): until <= now
    }
  }
}
