import ChulbalCore

/// The backends in the order they are tried; the first that delivers wins.
public struct NotifierChain: Sendable {
  public let backends: [any Notifier]

  public init(_ backends: [any Notifier]) {
    self.backends = backends
  }

  /// The names of the backends that can change a notice they showed.
  public var revisable: Set<String> { Set(backends.filter(\.revisesNotices).map(\.name)) }

  /// Changes the notice of `key` that the backend named `backend` showed
  /// (``Notifier/revise(key:with:)``).
  ///
  /// - Returns: whether a notice on screen changed.
  public func revise(key: Int, shownBy backend: String, with notice: Notice?) -> Bool {
    backends.first { $0.name == backend }?.revise(key: key, with: notice) ?? false
  }

  /// Delivers `notice` through the first backend that can.
  ///
  /// - Returns: the backend that delivered it, and why each one before it could not.
  public func deliver(_ notice: Notice) -> (deliveredBy: String?, failures: [NotifyFailure]) {
    deliver(all: [notice])[0]
  }

  /// Delivers each of `notices` through the first backend that can, as ``deliver(_:)`` does
  /// one: each backend is given together every notice the ones before it could not show, so
  /// a backend that shows them side by side (``Notifier/deliver(all:)``) takes its timeout
  /// once, not once for each.
  ///
  /// - Returns: for each notice in order, the backend that delivered it and why each one
  ///   before it could not.
  public func deliver(all notices: [Notice]) -> [(deliveredBy: String?, failures: [NotifyFailure])]
  {
    var results = notices.map { _ in (deliveredBy: String?.none, failures: [NotifyFailure]()) }
    var waiting = Array(notices.indices)
    for backend in backends where !waiting.isEmpty {
      let failures = backend.deliver(all: waiting.map { notices[$0] })
      var still: [Int] = []
      for (index, failure) in zip(waiting, failures) {
        if let failure {
          results[index].failures.append(failure)
          still.append(index)
        } else {
          results[index].deliveredBy = backend.name
        }
      }
      waiting = still
    }
    return results
  }
}
