import ChulbalCore

/// The backends in the order they are tried; the first that delivers wins.
public struct NotifierChain: Sendable {
  public let backends: [any Notifier]

  public init(_ backends: [any Notifier]) {
    self.backends = backends
  }

  /// Delivers `notice` through the first backend that can.
  ///
  /// - Returns: the backend that delivered it, and why each one before it could not.
  public func deliver(_ notice: Notice) -> (deliveredBy: String?, failures: [NotifyFailure]) {
    var failures: [NotifyFailure] = []
    for backend in backends {
      do throws(NotifyFailure) {
        try backend.deliver(notice)
        return (backend.name, failures)
      } catch {
        failures.append(error)
      }
    }
    return (nil, failures)
  }
}
