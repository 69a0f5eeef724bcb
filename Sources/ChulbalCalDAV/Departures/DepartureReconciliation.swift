import ChulbalCore

/// What one reconciliation of a departures calendar did on the server, and so what its
/// records become: each change in it is one the server took.
public struct DepartureReconciliation: Equatable, Sendable {
  /// Records of events put (created or changed), to keep in place of any with their UID.
  public var written: [DepartureRecord] = []
  /// UIDs whose events are gone from the server (deleted, or found gone) and not put again:
  /// their records go.
  public var removed: [String] = []
  public var created = 0
  public var updated = 0
  public var deleted = 0
  /// Of ``created`` and ``updated``, how many were put over a version of the event the server
  /// had that chulbal had not put or no longer knew (HTTP 412).
  public var overwritten = 0
  /// The error that stopped it, when one did: what it names was not done, nor anything not
  /// yet begun; everything in ``written`` and ``removed`` was.
  public var failure: DAVError?

  public init() {}
}
