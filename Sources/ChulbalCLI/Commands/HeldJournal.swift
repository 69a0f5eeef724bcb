import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// The watch's alert log while the database cannot be written (a full disk, a file made
/// read-only or immutable): appointments and outcomes are read from the store, and what the
/// watch records is held here until the store can be written again.
///
/// A departure alert matters more than its row in the log, so the watch goes on delivering.
/// While the store cannot be written no other command can change it either, so what is read
/// stays current. A watch that ends before the store can be written loses what it held, and
/// after a restart may show those alerts again.
final class HeldJournal: AlertJournal {
  private let store: Store
  /// What the watch recorded, in order; a later record of an alert replaces an earlier one.
  private var records: [(id: AlertID, kind: Alert.Kind, outcome: AlertOutcome, at: Date)] = []

  init(store: Store) {
    self.store = store
  }

  /// The alerts with a record held.
  var count: Int { Set(records.map(\.id)).count }

  func read(
    startingAfter start: Date, departingBefore departure: Date, outcomesDueAfter dueAfter: Date
  )
    throws -> AlertJournalRead
  {
    var read = try store.read(
      startingAfter: start, departingBefore: departure, outcomesDueAfter: dueAfter)
    read.outcomes = holding(read.outcomes, dueAfter: dueAfter)
    return read
  }

  /// `outcomes`, as the store has them, with what is held in their place.
  private func holding(_ outcomes: [AlertID: AlertOutcome], dueAfter instant: Date)
    -> [AlertID: AlertOutcome]
  {
    var outcomes = outcomes
    for record in records where record.id.due > instant { outcomes[record.id] = record.outcome }
    return outcomes
  }

  func claim(_ id: AlertID, kind: Alert.Kind, at now: Date) throws -> Bool {
    let after = id.due.addingTimeInterval(-1)
    let outcome = holding(try store.outcomes(dueAfter: after), dueAfter: after)[id]
    guard outcome?.allowsClaim(at: now) ?? true else { return false }
    records.append((id, kind, .claimed, now))
    return true
  }

  /// Held, and so recorded as far as the watch can tell: whether the appointment is still
  /// there is found when the record is written.
  @discardableResult
  func record(_ id: AlertID, kind: Alert.Kind, _ outcome: AlertOutcome, at now: Date) throws
    -> Bool
  {
    records.append((id, kind, outcome, now))
    return true
  }

  /// Writes what was held into the store in the order it was recorded, forgetting each once
  /// written.
  ///
  /// - Throws: what the store throws; what was not yet written stays held.
  func write() throws {
    while let first = records.first {
      try store.record(first.id, kind: first.kind, first.outcome, at: first.at)
      records.removeFirst()
    }
  }
}
