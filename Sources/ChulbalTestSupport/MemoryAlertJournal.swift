import ChulbalCore
import Foundation
import Synchronization

/// An alert journal in memory, as the database keeps one: appointments to edit between
/// steps, and the alert log.
public final class MemoryAlertJournal: AlertJournal, Sendable {
  private let state = Mutex<(appointments: [Int: Appointment], log: [AlertID: AlertOutcome])>(
    ([:], [:]))

  public init(_ appointments: [Appointment] = []) {
    state.withLock { state in
      for appointment in appointments { state.appointments[appointment.id] = appointment }
    }
  }

  /// Adds or replaces an appointment, as `add` and `edit` do.
  public func put(_ appointment: Appointment) {
    state.withLock { $0.appointments[appointment.id] = appointment }
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

  public func appointments(startingAfter start: Date, departingBefore departure: Date)
    -> [Appointment]
  {
    state.withLock { state in
      state.appointments.values.filter { appointment in
        appointment.start > start && appointment.plan.departure < departure
      }
    }
    .sorted { $0.id < $1.id }
  }

  public func outcomes(dueAfter instant: Date) -> [AlertID: AlertOutcome] {
    state.withLock { $0.log.filter { $0.key.due > instant } }
  }

  public func claim(_ id: AlertID, kind: Alert.Kind, at now: Date) -> Bool {
    state.withLock { state in
      if let outcome = state.log[id], !outcome.allowsClaim(at: now) { return false }
      state.log[id] = .claimed
      return true
    }
  }

  public func record(_ id: AlertID, kind: Alert.Kind, _ outcome: AlertOutcome, at now: Date) {
    state.withLock { $0.log[id] = outcome }
  }
}
