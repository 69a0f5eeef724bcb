import FoundationEssentials

/// Where the watch reads appointments and keeps the alert log: the database, or a journal in
/// memory in tests.
///
/// Each call is its own transaction; a claim is written before the slow delivery and the
/// outcome after it, so no lock is held while a notification server is asked.
public protocol AlertJournal {
  /// Appointments that start after `start` and leave before `departure`, with their alerts.
  ///
  /// The watch pads `departure` by far more than a minute, so an implementation may compare
  /// the departure before it is floored (``DeparturePlan/departure``), as an index may.
  func appointments(startingAfter start: Date, departingBefore departure: Date) throws
    -> [Appointment]
  /// The recorded outcome of every alert due after `instant`.
  func outcomes(dueAfter instant: Date) throws -> [AlertID: AlertOutcome]
  /// Takes `id` for delivery at `now`, unless its recorded outcome forbids it
  /// (``AlertOutcome/allowsClaim(at:)``).
  ///
  /// - Returns: whether this caller may deliver it.
  func claim(_ id: AlertID, kind: Alert.Kind, at now: Date) throws -> Bool
  /// Records what became of `id`, replacing a claim or an earlier outcome.
  func record(_ id: AlertID, kind: Alert.Kind, _ outcome: AlertOutcome, at now: Date) throws
}
