import FoundationEssentials

/// The watch's step: given the time, the appointments and the alert log, which alerts to
/// deliver now, which were missed, and when to look again.
///
/// Pure and synchronous: the watch loop reads the store and the clock, calls ``step``, and
/// sleeps until ``Step/wake``. The one rule for an alert found past its time (after a suspend,
/// a clock jump, or at start-up): for each appointment only the **latest** of its alerts whose
/// time has passed is delivered, and only while its departure is less than the late cap past
/// and the appointment has not begun (an alert within the minute it fell due is always on
/// time); the others are missed. A snoozed alert coming back
/// counts as due at the end of its snooze.
public enum AlertPlanner {
  /// An alert the step decided about, with what is needed to word it.
  public struct Due: Equatable, Sendable {
    public let appointment: Appointment
    public let alert: Alert
    /// When it became due: the alert's own time, or the end of its snooze.
    public let dueAt: Date
    /// Whether it is a snoozed alert coming back.
    public let isSnoozeReturn: Bool

    public var id: AlertID { AlertID(appointment: appointment, alert: alert) }
  }

  /// What to do at one instant.
  public struct Step: Equatable, Sendable {
    /// To deliver now, soonest departure first.
    public var deliver: [Due] = []
    /// To record as missed; non-empty means one summary notice.
    public var missed: [Due] = []
    /// The next instant something falls due, or nil when nothing ever will (until the store
    /// changes).
    public var wake: Date?
  }

  /// How long after it fell due an alert is still on time.
  public static let onTimeSeconds: TimeInterval = 60

  /// The earliest start an appointment may have and still have alerts to deliver or to
  /// record missed: the previous step's time, or at start-up the last ``onTimeSeconds`` (a
  /// kitchen timer's alert falls due at its start, which a watch started a moment later must
  /// still show).
  public static func horizon(now: Date, lookedUntil: Date?) -> Date {
    min(lookedUntil ?? now.addingTimeInterval(-onTimeSeconds), now)
  }

  /// Decides what is due at `now`.
  ///
  /// - Parameters:
  ///   - now: the time of this step.
  ///   - lookedUntil: the time of the watch's previous step, so that an appointment that
  ///     started while the machine slept still has its alerts counted as missed rather than
  ///     dropped in silence; nil at start-up (see ``horizon(now:lookedUntil:)``).
  ///   - appointments: every appointment that may have alerts on or after `lookedUntil`.
  ///   - log: the alert log's outcome for each recorded alert.
  ///   - lateCapSeconds: how far past its departure an alert is still worth delivering.
  public static func step(
    now: Date, lookedUntil: Date?, appointments: [Appointment], log: [AlertID: AlertOutcome],
    lateCapSeconds: Int
  ) -> Step {
    var step = Step()
    let horizon = horizon(now: now, lookedUntil: lookedUntil)
    for appointment in appointments where appointment.start > horizon {
      let plan = appointment.plan
      var passed: [Due] = []
      for alert in plan.alerts {
        let id = AlertID(appointment: appointment, alert: alert)
        switch log[id] {
        case nil, .claimed?:
          if alert.at <= now {
            passed.append(
              Due(appointment: appointment, alert: alert, dueAt: alert.at, isSnoozeReturn: false))
          } else {
            step.wake = earliest(step.wake, alert.at)
          }
        case .snoozed(let until)?:
          if until <= now {
            passed.append(
              Due(appointment: appointment, alert: alert, dueAt: until, isSnoozeReturn: true))
          } else if until < appointment.start {
            step.wake = earliest(step.wake, until)
          }
        case .delivered?, .missed?:
          continue
        }
      }
      guard let latest = passed.max(by: { $0.dueAt < $1.dueAt }) else { continue }
      // A snoozed alert is measured from the end of its snooze, any other from the departure
      // it warns of; either way nothing is said once the appointment has begun.
      let reference = latest.isSnoozeReturn ? latest.dueAt : plan.departure
      let begun = if case .started = plan.status(at: now) { true } else { false }
      // Within the minute it fell due an alert is on time, even one due at the start itself
      // (a kitchen timer's, with neither travel nor buffer) and shown a moment after it.
      let onTime = now.timeIntervalSince(latest.dueAt) < onTimeSeconds
      let inTime =
        onTime || (!begun && now.timeIntervalSince(reference) < TimeInterval(lateCapSeconds))
      for due in passed {
        if inTime && due == latest { step.deliver.append(due) } else { step.missed.append(due) }
      }
    }
    step.deliver.sort {
      ($0.appointment.plan.departure, $0.appointment.id) < (
        $1.appointment.plan.departure, $1.appointment.id
      )
    }
    step.missed.sort { ($0.dueAt, $0.appointment.id) < ($1.dueAt, $1.appointment.id) }
    return step
  }

  private static func earliest(_ current: Date?, _ candidate: Date) -> Date {
    current.map { min($0, candidate) } ?? candidate
  }
}
