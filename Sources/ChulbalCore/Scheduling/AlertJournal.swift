import FoundationEssentials

/// Where the watch reads appointments and keeps the alert log: the database, or a journal in
/// memory in tests.
///
/// Each call is its own transaction; a claim is written before the slow delivery and the
/// outcome after it, so no lock is held while a notification server is asked.
public protocol AlertJournal {
  /// What a step of the watch reads, as of one instant: appointments that start after `start`
  /// and leave before `departure`, with their alerts, and the recorded outcome of every alert
  /// due after `dueAfter`.
  ///
  /// One snapshot, so that a write between two reads cannot be seen half: a removal read
  /// after the appointments and before the log would show its alerts as never recorded.
  /// The watch pads `departure` by far more than a minute, so an implementation may compare
  /// the departure before it is floored (``DeparturePlan/departure``), as an index may.
  func read(
    startingAfter start: Date, departingBefore departure: Date, outcomesDueAfter dueAfter: Date
  )
    throws -> AlertJournalRead
  /// Takes `id` for delivery at `now`, unless its recorded outcome forbids it
  /// (``AlertOutcome/allowsClaim(at:)``).
  ///
  /// - Returns: whether this caller may deliver it.
  func claim(_ id: AlertID, kind: Alert.Kind, at now: Date) throws -> Bool
  /// Records what became of `id`, replacing a claim or an earlier outcome.
  ///
  /// - Returns: false when the appointment is gone (removed since the step read it), and so
  ///   nothing was recorded.
  @discardableResult
  func record(_ id: AlertID, kind: Alert.Kind, _ outcome: AlertOutcome, at now: Date) throws
    -> Bool
}

/// What the watch reads from an ``AlertJournal`` for one step.
public struct AlertJournalRead: Sendable {
  public var appointments: [Appointment]
  public var outcomes: [AlertID: AlertOutcome]
  /// When each appointment was first stored, by id: an alert due before then never was, and
  /// so was not missed. An appointment not here counts as stored long before.
  public var createdAt: [Int: Date]

  public init(
    appointments: [Appointment], outcomes: [AlertID: AlertOutcome], createdAt: [Int: Date] = [:]
  ) {
    self.appointments = appointments
    self.outcomes = outcomes
    self.createdAt = createdAt
  }
}
