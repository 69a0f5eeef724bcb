import ChulbalCore
import Synchronization

/// A notifier that keeps every notice it is given, and fails when told to.
public final class RecordingNotifier: Notifier {
  public let name: String
  private let state: Mutex<(notices: [Notice], failing: Bool)>

  public init(name: String = "recording", failing: Bool = false) {
    self.name = name
    state = Mutex(([], failing))
  }

  public func deliver(_ notice: Notice) throws(NotifyFailure) {
    let failing = state.withLock { state in
      if !state.failing { state.notices.append(notice) }
      return state.failing
    }
    if failing { throw NotifyFailure(backend: name, reason: "시험으로 끔") }
  }

  /// Every notice delivered, in order.
  public var notices: [Notice] { state.withLock { $0.notices } }

  public var failing: Bool {
    get { state.withLock { $0.failing } }
    set { state.withLock { $0.failing = newValue } }
  }
}
