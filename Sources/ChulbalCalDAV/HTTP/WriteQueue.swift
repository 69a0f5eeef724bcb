import Synchronization

/// The writes of one ``CalendarServer/put(_:)``, handed out one at a time to one or several
/// writers, results gathered in order. After a failure that would meet every write
/// (``DAVError/concernsOneResource`` false) no more are handed out.
final class WriteQueue: Sendable {
  private struct State {
    var next = 0
    var stopped = false
    var results: [Result<String?, DAVError>?]
  }

  private let state: Mutex<State>

  init(_ count: Int) {
    state = Mutex(State(results: Array(repeating: nil, count: count)))
  }

  /// The index of the next write to make; nil when all are handed out or the work stopped.
  func next() -> Int? {
    state.withLock { state in
      guard !state.stopped, state.next < state.results.count else { return nil }
      defer { state.next += 1 }
      return state.next
    }
  }

  /// Keeps what write `index` gave.
  func finish(_ index: Int, _ result: Result<String?, DAVError>) {
    state.withLock { state in
      state.results[index] = result
      if case .failure(let error) = result, !error.concernsOneResource { state.stopped = true }
    }
  }

  /// Each write's result, nil for one never handed out.
  var results: [Result<String?, DAVError>?] { state.withLock { $0.results } }
}

extension DAVError {
  /// Whether this is the server's answer about one resource alone (a status of its own, or a
  /// precondition that resource failed), which says nothing of the requests for the others.
  var concernsOneResource: Bool {
    switch self {
    case .status, .preconditionFailed: true
    default: false
    }
  }
}
