/// What chulbal put in a departures calendar, as it keeps it (the store's `departure_push`):
/// the record is how chulbal knows a resource is its own, the only kind it ever changes or
/// deletes.
public struct DepartureRecord: Equatable, Sendable {
  /// The event's UID (``DepartureEvent/uid``).
  public var uid: String
  /// Where it was put: a path on the server, as ``CalendarServer/put(_:at:replacing:)`` took
  /// it.
  public var href: String
  /// Its ETag after the put (quotes kept), when the server gave one.
  public var etag: String?
  /// ``DepartureEvent/digest`` of what was put.
  public var digest: Int

  public init(uid: String, href: String, etag: String?, digest: Int) {
    self.uid = uid
    self.href = href
    self.etag = etag
    self.digest = digest
  }
}
