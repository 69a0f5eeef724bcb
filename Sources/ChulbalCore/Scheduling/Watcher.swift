import FoundationEssentials

/// The state of one `chulbal watch` between its steps, and the steps themselves.
///
/// ``tick(now:journal:)`` is the whole watch but for the sleeping: the loop that drives it
/// calls it on each wake (a deadline, a store change, a signal) and sleeps until the instant
/// it returns. It reads the time only as given, so a scripted clock drives it in tests
/// exactly as the real one does in `watch`.
public struct Watcher {
  /// Something the watch did, for its log: one line each.
  public enum Event: Equatable, Sendable {
    /// Shown by `backend`, after the backends before it failed for `skipped`.
    /// Each alert's event carries its kind, which its name in the log (``Alert/name``) needs.
    case delivered(AlertID, Alert.Kind, title: String, backend: String, skipped: [String])
    case failed(AlertID, Alert.Kind, title: String, reasons: [String])
    case missed(AlertID, Alert.Kind, title: String)
    case summary(count: Int, backend: String?)
    case snoozed(AlertID, Alert.Kind, title: String, until: Date)
    case snoozeDropped(AlertID, Alert.Kind, title: String)
    /// `출발했어요`: the occurrence's late notices stop.
    case acknowledged(AlertID, title: String)
    /// The notice on screen was changed to say what the edited appointment now says.
    case revised(AlertID, Alert.Kind, title: String)
    /// The notice on screen was taken off it: the appointment has started, or is gone
    /// (removed, or moved beyond the day ahead).
    case withdrawn(appointmentID: Int, title: String, started: Bool)
  }

  /// The notice a backend shows for an appointment, as far as this watch knows.
  public struct OnScreen: Equatable, Sendable {
    /// The alert it tells of, with the appointment as it was worded.
    public var due: AlertPlanner.Due
    /// The backend that showed it, which alone can change it.
    public var backend: String
    /// When the alert comes back, once the person put it off.
    public var snoozedUntil: Date?
  }

  /// Words a due alert as a notice at an instant (its zone, its link).
  public typealias Wording = (AlertPlanner.Due, Date) -> Notice
  /// Shows notices due together through the chain: for each, the backend that delivered it,
  /// or nil, and why each backend failed.
  public typealias Delivery = ([Notice]) -> [(deliveredBy: String?, failures: [NotifyFailure])]
  /// Changes the notice of a key that a backend (named) showed: shows the notice in its
  /// place, or takes it off the screen when nil. Returns whether anything on screen changed:
  /// false when the backend cannot change what it showed, or it is no longer shown.
  public typealias Revision = (_ key: Int, _ backend: String, _ notice: Notice?) -> Bool

  public var lateCapSeconds: Int
  public var snoozeSeconds: Int
  /// How often a late notice comes again (`notify.repeat`); 0 for never.
  public var repeatSeconds = 0
  /// The zone the missed-alerts summary gives its times in: the reader's; each appointment's
  /// own when nil.
  public var readerZone: Zone?
  /// The time of the previous step; nil before the first.
  public private(set) var lookedUntil: Date?
  /// The alert last shown for each appointment, which its notice's buttons act on.
  public private(set) var lastShown: [Int: AlertPlanner.Due] = [:]
  /// The notice each appointment has on screen: what an edit replaces, and a removal or the
  /// start withdraws.
  public private(set) var onScreen: [Int: OnScreen] = [:]
  /// The backends whose notices ``revision`` can change (libnotify's); the others' are left
  /// as they were shown, and the watch does not wake to change them.
  public var revisableBackends: Set<String> = []
  /// How notices on screen are changed.
  public var revision: Revision = { _, _, _ in false }
  private let zoneNamed: (String) -> Zone?
  private let wording: Wording
  private let delivery: Delivery
  /// How far ahead each step plans: alerts due later are found by a later step, at the
  /// latest when this much time has passed.
  public static let window: TimeInterval = 86_400

  /// How far back the log is read: further than any alert lead or snooze can reach.
  private static let logWindow: TimeInterval = 2 * TimeInterval(DurationExpression.maximumSeconds)

  /// Plans and delivers alerts.
  ///
  /// - Parameter zoneNamed: the zone of an IANA name, as appointments store it; nil for a
  ///   name the zone database does not have.
  public init(
    lateCapSeconds: Int, snoozeSeconds: Int, zoneNamed: @escaping (String) -> Zone?,
    wording: @escaping Wording, delivery: @escaping Delivery
  ) {
    self.lateCapSeconds = lateCapSeconds
    self.snoozeSeconds = snoozeSeconds
    self.zoneNamed = zoneNamed
    self.wording = wording
    self.delivery = delivery
  }

  /// Carries over what an earlier watcher of this run knew, when the settings are read again.
  public mutating func resume(lookedUntil: Date?, lastShown: [Int: AlertPlanner.Due]) {
    self.lookedUntil = lookedUntil
    self.lastShown = lastShown
  }

  /// Delivers what is due at `now`, records what was missed with one summary notice, and
  /// says when to look again.
  ///
  /// - Returns: the next instant something falls due (nil for none), and what was done.
  /// - Throws: what the journal throws; nothing is delivered after a failed claim.
  public mutating func tick(now: Date, journal: some AlertJournal) throws -> (
    wake: Date?, events: [Event]
  ) {
    let horizon = AlertPlanner.horizon(now: now, lookedUntil: lookedUntil)
    // Only appointments whose alerts can fall before the window's end are read: an alert is
    // at most the longest lead or prep before its departure. The watch then looks again a
    // day before the window ends, for the ones beyond it.
    let windowEnd = now.addingTimeInterval(Self.window)
    let read = try journal.read(
      startingAfter: horizon,
      departingBefore: windowEnd.addingTimeInterval(
        TimeInterval(DurationExpression.maximumSeconds)),
      outcomesDueAfter: horizon.addingTimeInterval(-Self.logWindow))
    let appointments = read.appointments
    let step = AlertPlanner.step(
      now: now, lookedUntil: lookedUntil, appointments: appointments, log: read.outcomes,
      createdAt: read.createdAt, lateCapSeconds: lateCapSeconds, repeatSeconds: repeatSeconds)
    lookedUntil = max(lookedUntil ?? now, now)
    var events: [Event] = []
    for due in step.passedOver {
      try journal.record(due.id, kind: due.alert.kind, .missed, at: now)
    }
    // An alert whose appointment was removed since the read is no longer missed.
    var missed: [AlertPlanner.Due] = []
    for due in step.missed where try journal.record(due.id, kind: due.alert.kind, .missed, at: now)
    {
      missed.append(due)
      events.append(.missed(due.id, due.alert.kind, title: due.appointment.title))
    }
    // All claimed before any is shown, then shown together: a backend that waits on each
    // notice (a program that hangs) keeps none of them waiting on another.
    var claimed: [AlertPlanner.Due] = []
    for due in step.deliver where try journal.claim(due.id, kind: due.alert.kind, at: now) {
      claimed.append(due)
    }
    let results = claimed.isEmpty ? [] : delivery(claimed.map { wording($0, now) })
    for (due, result) in zip(claimed, results) {
      if let backend = result.deliveredBy {
        try journal.record(due.id, kind: due.alert.kind, .delivered(backend: backend), at: now)
        lastShown[due.appointment.id] = due
        onScreen[due.appointment.id] =
          revisableBackends.contains(backend) ? OnScreen(due: due, backend: backend) : nil
        events.append(
          .delivered(
            due.id, due.alert.kind, title: due.appointment.title, backend: backend,
            skipped: result.failures.map(\.message)))
      } else {
        try journal.record(due.id, kind: due.alert.kind, .missed, at: now)
        events.append(
          .failed(
            due.id, due.alert.kind, title: due.appointment.title,
            reasons: result.failures.map(\.message)))
      }
    }
    if !missed.isEmpty {
      // The times of missed alerts are the reader's, as every notice's are.
      let notice = AlertNotice.missedSummary(missed) {
        readerZone ?? zoneNamed($0.timeZone) ?? .gmt
      }
      let backend = delivery([notice]).first.flatMap(\.deliveredBy)
      events.append(.summary(count: missed.count, backend: backend))
    }
    events += revise(appointments, now: now)
    // Woken at each start, to take its notice off the screen.
    let starts = onScreen.values.map(\.due.appointment.start)
    return (([step.wake ?? windowEnd, windowEnd] + starts).min() ?? windowEnd, events)
  }

  /// Brings the notices on screen in line with `appointments`, read at `now`: withdraws the
  /// notice of an appointment that has started or is not among them, and words again that of
  /// one edited since.
  ///
  /// A notice of the start itself (a kitchen timer's, due at its start) stays when the
  /// appointment starts, for it is not out of date then; it is no longer followed. An
  /// occurrence of a series is found by its start; one moved is withdrawn, and its own alerts
  /// come at their new times.
  private mutating func revise(_ appointments: [Appointment], now: Date) -> [Event] {
    var events: [Event] = []
    for (id, shown) in onScreen.sorted(by: { $0.key < $1.key }) {
      let was = shown.due.appointment
      let current = appointments.first {
        $0.id == id && (!$0.repeats || $0.start == was.start)
      }
      let start = current?.start ?? was.start
      guard let current, start > now else {
        onScreen[id] = nil
        if start <= now, shown.due.dueAt >= start { continue }
        lastShown[id] = nil
        if revision(id, shown.backend, nil) {
          events.append(
            .withdrawn(appointmentID: id, title: (current ?? was).title, started: start <= now))
        }
        continue
      }
      guard current != was else { continue }
      let due = AlertPlanner.Due(
        appointment: current, alert: shown.due.alert, dueAt: shown.due.dueAt,
        isSnoozeReturn: shown.due.isSnoozeReturn)
      onScreen[id]?.due = due
      if lastShown[id] != nil { lastShown[id] = due }
      let notice =
        shown.snoozedUntil.map { snoozedNotice(due, until: $0, now: now) } ?? wording(due, now)
      if revision(id, shown.backend, notice) {
        events.append(.revised(due.id, due.alert.kind, title: current.title))
      }
    }
    return events
  }

  /// The notice of `due` once the person put it off until `until`.
  private func snoozedNotice(_ due: AlertPlanner.Due, until: Date, now: Date) -> Notice {
    let zone = readerZone ?? zoneNamed(due.appointment.timeZone) ?? .gmt
    return AlertNotice.snoozed(
      wording(due, now), title: due.appointment.title, until: until, in: zone)
  }

  /// Puts off the alert last shown for `appointmentID` by ``snoozeSeconds``, recording it so
  /// a restart keeps it; drops it instead when it would come back after the appointment
  /// starts.
  ///
  /// - Returns: what was done, or nil when no alert of that appointment was shown.
  public mutating func snooze(appointmentID: Int, now: Date, journal: some AlertJournal) throws
    -> Event?
  {
    guard let due = lastShown[appointmentID] else { return nil }
    let until = now.addingTimeInterval(TimeInterval(snoozeSeconds))
    guard until < due.appointment.start else {
      return .snoozeDropped(due.id, due.alert.kind, title: due.appointment.title)
    }
    try journal.record(due.id, kind: due.alert.kind, .snoozed(until: until), at: now)
    lastShown[appointmentID] = nil
    if let shown = onScreen[appointmentID] {
      onScreen[appointmentID]?.snoozedUntil = until
      _ = revision(appointmentID, shown.backend, snoozedNotice(shown.due, until: until, now: now))
    }
    return .snoozed(due.id, due.alert.kind, title: due.appointment.title, until: until)
  }

  /// Stops the late notices of the occurrence whose alert was last shown for
  /// `appointmentID`, recording the person's `출발했어요` so a restart keeps it.
  ///
  /// - Returns: what was done, or nil when no alert of that appointment was shown.
  public mutating func acknowledge(appointmentID: Int, now: Date, journal: some AlertJournal)
    throws -> Event?
  {
    guard let due = lastShown[appointmentID] else { return nil }
    let id = AlertPlanner.acknowledgement(of: due.appointment)
    try journal.record(id, kind: .late, .acknowledged, at: now)
    lastShown[appointmentID] = nil
    // The person has left: the notice has nothing more to say.
    if let shown = onScreen.removeValue(forKey: appointmentID) {
      _ = revision(appointmentID, shown.backend, nil)
    }
    return .acknowledged(id, title: due.appointment.title)
  }
}
