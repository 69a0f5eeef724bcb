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
///
/// Once the departure has passed and the appointment has not begun, late notices
/// (``lateAlerts(of:at:repeatSeconds:lateCapSeconds:catchUp:)``) say to leave now, whatever the
/// late cap: one found past its time supersedes every other alert of the appointment passed
/// with it, which are missed.
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
    /// To record as missed without a word: alerts due before their appointment existed,
    /// which were never missed, recorded only so that no later step sends them.
    public var passedOver: [Due] = []
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
  ///   - createdAt: when each appointment was first stored, by id. An alert due before its
  ///     appointment existed was never missed: it is delivered if it is the one due now, and
  ///     else passed over without a word (``Step/passedOver``).
  ///   - lateCapSeconds: how far past its departure an alert is still worth delivering.
  ///   - repeatSeconds: how often a late notice comes again; 0 for never.
  public static func step(
    now: Date, lookedUntil: Date?, appointments: [Appointment], log: [AlertID: AlertOutcome],
    createdAt: [Int: Date] = [:], lateCapSeconds: Int, repeatSeconds: Int
  ) -> Step {
    var step = Step()
    func existed(_ due: Due) -> Bool {
      createdAt[due.appointment.id].map { due.dueAt >= $0 } ?? true
    }
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
        case .delivered?, .missed?, .acknowledged?:
          continue
        }
      }
      let begun = if case .started = plan.status(at: now) { true } else { false }
      var inTime = false
      let latest = passed.max(by: { $0.dueAt < $1.dueAt })
      if let latest {
        // A snoozed alert is measured from the end of its snooze, any other from the
        // departure it warns of; either way nothing is said once the appointment has begun.
        let reference = latest.isSnoozeReturn ? latest.dueAt : plan.departure
        // Within the minute it fell due an alert is on time, even one due at the start itself
        // (a kitchen timer's, with neither travel nor buffer) and shown a moment after it.
        let onTime = now.timeIntervalSince(latest.dueAt) < onTimeSeconds
        inTime =
          onTime || (!begun && now.timeIntervalSince(reference) < TimeInterval(lateCapSeconds))
      }
      // The catch-up notice is for a person never told to leave: the last alert missed, or
      // about to be.
      let last = plan.alerts.last.map { AlertID(appointment: appointment, alert: $0) }
      let lastMissed =
        last.map { id in log[id] == .missed || (!inTime && passed.contains { $0.id == id }) }
        ?? false
      var late: Due?
      if log[acknowledgement(of: appointment)] == nil {
        for alert in lateAlerts(
          of: plan, at: now, repeatSeconds: repeatSeconds, lateCapSeconds: lateCapSeconds,
          catchUp: lastMissed)
        {
          let id = AlertID(appointment: appointment, alert: alert)
          guard log[id] == nil || log[id] == .claimed else {
            // One shown (or missed) already stands for every earlier one.
            late = nil
            continue
          }
          if alert.at > now {
            step.wake = earliest(step.wake, alert.at)
            break
          }
          // Only the latest passed one: the earlier ones said the same, less late.
          late = Due(appointment: appointment, alert: alert, dueAt: alert.at, isSnoozeReturn: false)
        }
      }
      if let late, !begun {
        step.deliver.append(late)
        for due in passed {
          if existed(due) { step.missed.append(due) } else { step.passedOver.append(due) }
        }
        continue
      }
      for due in passed {
        if inTime && due == latest {
          step.deliver.append(due)
        } else if existed(due) {
          step.missed.append(due)
        } else {
          step.passedOver.append(due)
        }
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

  /// The late notices of `plan` that matter at `now`, soonest first: on the grid
  /// `departure + k × repeat` (k ≥ 1), the latest passed and the next; and with `catchUp`
  /// one at `departure + late cap`, where alerts stop being delivered late. Each is before
  /// the start.
  ///
  /// A late notice is a `late` alert with a negative lead: the seconds past the departure.
  /// Its times follow from the plan and the settings alone, so a restart finds the same ones
  /// in the log. None for a plan without alerts (the person asked for none) or whose
  /// departure is its start (nothing to be late for).
  public static func lateAlerts(
    of plan: DeparturePlan, at now: Date, repeatSeconds: Int, lateCapSeconds: Int,
    catchUp: Bool
  ) -> [Alert] {
    guard !plan.alerts.isEmpty, plan.departure < plan.start else { return [] }
    var offsets: Set<Int> = []
    // Not at the departure itself, which is the leave alert's: a late cap of 0 misses an
    // alert after its on-time minute.
    if catchUp { offsets.insert(max(lateCapSeconds, Int(onTimeSeconds))) }
    if repeatSeconds > 0 {
      let passed = max(Int(now.timeIntervalSince(plan.departure).rounded(.down)), 0)
      let latest = passed / repeatSeconds
      for k in [latest, latest + 1] where k >= 1 { offsets.insert(k * repeatSeconds) }
    }
    let span = plan.start.timeIntervalSince(plan.departure)
    return offsets.filter { TimeInterval($0) < span }.sorted().map {
      Alert(at: plan.departure.addingTimeInterval(TimeInterval($0)), leadSeconds: -$0, kind: .late)
    }
  }

  /// The log's entry for the person's `출발했어요` on `appointment` (this occurrence), of kind
  /// `late`: kept as a late notice at the start itself, where none is ever due, so that it
  /// stays the same whatever the repeat.
  public static func acknowledgement(of appointment: Appointment) -> AlertID {
    let plan = appointment.plan
    let offset = Int(plan.start.timeIntervalSince(plan.departure))
    return AlertID(appointmentID: appointment.id, leadSeconds: -offset, due: plan.start)
  }

  private static func earliest(_ current: Date?, _ candidate: Date) -> Date {
    current.map { min($0, candidate) } ?? candidate
  }
}
