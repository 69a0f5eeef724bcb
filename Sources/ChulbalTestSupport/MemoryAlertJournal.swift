import ChulbalCore
import Foundation
import Synchronization

/// An alert journal in memory, as the database keeps one: appointments to edit between
/// steps, and the alert log.
public final class MemoryAlertJournal: AlertJournal, Sendable {
  private let state = Mutex<
    (appointments: [Int: Appointment], log: [AlertID: AlertOutcome], createdAt: [Int: Date])
  >(([:], [:], [:]))

  public init(_ appointments: [Appointment] = []) {
    state.withLock { state in
      for appointment in appointments { state.appointments[appointment.id] = appointment }
    }
  }

  /// Adds or replaces an appointment, as `add` and `edit` do; one added at `createdAt` has
  /// no alerts due before then.
  public func put(_ appointment: Appointment, createdAt: Date? = nil) {
    state.withLock { state in
      state.appointments[appointment.id] = appointment
      if let createdAt { state.createdAt[appointment.id] = createdAt }
    }
  }

  /// Removes an appointment and its alert log, as `remove` does.
  public func remove(id: Int) {
    state.withLock { state in
      state.appointments[id] = nil
      state.log = state.log.filter { $0.key.appointmentID != id }
    }
  }

  /// The alert log as it stands.
  public var log: [AlertID: AlertOutcome] { state.withLock { $0.log } }

  public func read(
    startingAfter start: Date, departingBefore departure: Date, outcomesDueAfter dueAfter: Date
  ) -> AlertJournalRead {
    state.withLock { state in
      AlertJournalRead(
        appointments: state.appointments.values.filter { appointment in
          appointment.start > start && appointment.plan.departure < departure
        }.sorted { $0.id < $1.id },
        outcomes: state.log.filter { $0.key.due > dueAfter }, createdAt: state.createdAt)
    }
  }

  public func claim(_ id: AlertID, kind: Alert.Kind, at now: Date) -> Bool {
    state.withLock { state in
      guard state.appointments[id.appointmentID] != nil else { return false }
      if let outcome = state.log[id], !outcome.allowsClaim(at: now) { return false }
      state.log[id] = .claimed
      return true
    }
  }

  @discardableResult
  public func record(_ id: AlertID, kind: Alert.Kind, _ outcome: AlertOutcome, at now: Date)
    -> Bool
  {
    state.withLock { state in
      guard state.appointments[id.appointmentID] != nil else { return false }
      state.log[id] = outcome
      return true
    }
  }
}
