import ChulbalCalDAV
import Foundation

/// A CalDAV server in memory that records every request, for tests of which requests are made. Puts
/// and deletes keep RFC 4918's preconditions (412 for `If-None-Match: *` on an existing resource or
/// `If-Match` on another version); each put gives a new ETag; ``fail(_:_:with:)`` makes anything
/// fail once.
public final class MemoryCalendarServer: CalendarServer {
  /// One request as the server saw it.
  public struct Request: Equatable, Sendable, CustomStringConvertible {
    public var method: String
    /// The href or the URL's path.
    public var path: String
    /// `If-Match: "3"`, `If-None-Match: *`, or nil.
    public var condition: String?

    public init(_ method: String, _ path: String, _ condition: String? = nil) {
      self.method = method
      self.path = path
      self.condition = condition
    }

    public var description: String {
      "\(method) \(path)" + (condition.map { " (\($0))" } ?? "")
    }
  }

  public struct Resource: Equatable, Sendable {
    public var data: Data
    public var etag: String
  }

  public let base: URL
  public private(set) var requests: [Request] = []
  /// Calendars by path, ending in `/`.
  public private(set) var calendars: [String: DAVCalendar] = [:]
  /// Resources by href.
  public private(set) var resources: [String: Resource] = [:]
  /// Whether puts answer with an ETag, as most servers do.
  public var givesETags = true
  private var failures: [(method: String, path: String, error: DAVError)] = []
  private var version = 0

  /// A server at `base` (`http://127.0.0.1:5232`) with no calendars.
  public init(base: URL = URL(string: "http://127.0.0.1:5232")!) {
    self.base = base
  }

  /// Adds a calendar without recording a request.
  public func addCalendar(path: String, displayName: String?) {
    calendars[path] = DAVCalendar(url: url(path), displayName: displayName)
  }

  /// Puts a resource without recording a request: someone else's event.
  @discardableResult
  public func seed(_ text: String, at href: String) -> String {
    version += 1
    let etag = "\"\(version)\""
    resources[href] = Resource(data: Data(text.utf8), etag: etag)
    return etag
  }

  /// Makes the next `method` request on `path` fail with `error`.
  public func fail(_ method: String, _ path: String, with error: DAVError) {
    failures.append((method, path, error))
  }

  /// Forgets the requests recorded so far.
  public func clearRequests() { requests = [] }

  /// The resources in the calendar at `path`, by href.
  public func resources(inCalendar path: String) -> [String: Resource] {
    resources.filter { $0.key.hasPrefix(path) }
  }

  private func url(_ path: String) -> URL {
    URL(string: path, relativeTo: base)!.absoluteURL
  }

  private func record(_ request: Request) throws(DAVError) {
    requests.append(request)
    if let index = failures.firstIndex(where: {
      $0.method == request.method && $0.path == request.path
    }) {
      throw failures.remove(at: index).error
    }
  }

  public func discoverCalendars() throws(DAVError) -> [DAVCalendar] {
    try record(Request("PROPFIND", "/"))
    return calendars.keys.sorted().compactMap { calendars[$0] }
  }

  public func calendar(at url: URL) throws(DAVError) -> DAVCalendar {
    try record(Request("PROPFIND", url.path))
    guard let found = calendars[url.path] else { throw .notFound(url: url.absoluteString) }
    return found
  }

  public func events(in calendar: URL, from start: Date) throws(DAVError) -> [DAVDocument] {
    try record(Request("REPORT", calendar.path))
    return resources(inCalendar: calendar.path).sorted { $0.key < $1.key }.map {
      DAVDocument(href: $0.key, etag: $0.value.etag, data: $0.value.data)
    }
  }

  public func etags(in calendar: URL, from start: Date) throws(DAVError) -> [DAVResource] {
    try events(in: calendar, from: start).map { DAVResource(href: $0.href, etag: $0.etag) }
  }

  public func documents(_ hrefs: [String], in calendar: URL) throws(DAVError) -> [DAVDocument] {
    try record(Request("REPORT", calendar.path))
    return hrefs.compactMap { href in
      resources[href].map { DAVDocument(href: href, etag: $0.etag, data: $0.data) }
    }
  }

  public func changes(in calendar: URL, since token: String) throws(DAVError) -> DAVChanges {
    try record(Request("REPORT", calendar.path))
    throw .syncTokenExpired(url: calendar.absoluteString)
  }

  public func makeCalendar(at url: URL, displayName: String) throws(DAVError) {
    let path = url.path.hasSuffix("/") ? url.path : url.path + "/"
    try record(Request("MKCALENDAR", path))
    guard calendars[path] == nil else {
      throw .status(405, method: "MKCALENDAR", url: url.absoluteString)
    }
    calendars[path] = DAVCalendar(url: self.url(path), displayName: displayName)
  }

  public func put(_ data: Data, at href: String, replacing etag: String?) throws(DAVError)
    -> String?
  {
    try record(Request("PUT", href, etag.map { "If-Match: \($0)" } ?? "If-None-Match: *"))
    let existing = resources[href]
    guard existing?.etag == etag else { throw .preconditionFailed(url: url(href).absoluteString) }
    version += 1
    let newTag = "\"\(version)\""
    resources[href] = Resource(data: data, etag: newTag)
    return givesETags ? newTag : nil
  }

  public func delete(_ href: String, etag: String?) throws(DAVError) {
    try record(Request("DELETE", href, etag.map { "If-Match: \($0)" }))
    // A delete of nothing answers 404, as Radicale does.
    guard let existing = resources[href] else { throw .notFound(url: url(href).absoluteString) }
    if let etag, existing.etag != etag {
      throw .preconditionFailed(url: url(href).absoluteString)
    }
    resources[href] = nil
  }

  /// Serves no feeds: the feed tests use a real HTTP server.
  public func feed(at url: URL, known: FeedVersion) throws(DAVError) -> FeedAnswer {
    try record(Request("GET", url.absoluteString, nil))
    throw .notFound(url: url.absoluteString)
  }
}
