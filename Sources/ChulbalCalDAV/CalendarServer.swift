import FoundationEssentials

/// A CalDAV server as chulbal uses it (RFC 4791, RFC 6578, RFC 6764): a real one (``CalDAVClient``)
/// or a recording double.
///
/// Each call is one HTTP exchange or a short fixed sequence, with no state between calls. URLs are
/// absolute; hrefs are the server's names for resources (`/alice/work/event.ics`), resolved against
/// the account's URL.
public protocol CalendarServer {
  /// The account's event calendars: `/.well-known/caldav` (RFC 6764 §5), `current-user-principal`,
  /// `calendar-home-set` (RFC 4791 §6.2.1), then the home's calendar collections (PROPFIND, depth
  /// 1).
  func discoverCalendars() throws(DAVError) -> [DAVCalendar]

  /// One calendar's properties now (PROPFIND, depth 0): its sync token and CTag.
  func calendar(at url: URL) throws(DAVError) -> DAVCalendar

  /// Every event of the calendar that ends after `start`, with its data (a `calendar-query`
  /// REPORT with a `time-range` filter, RFC 4791 §7.8).
  func events(in calendar: URL, from start: Date) throws(DAVError) -> [DAVDocument]

  /// The same events as ``events(in:from:)``, their hrefs and ETags only: the fallback for a
  /// server without sync tokens.
  func etags(in calendar: URL, from start: Date) throws(DAVError) -> [DAVResource]

  /// The named resources' data (a `calendar-multiget` REPORT, RFC 4791 §7.9). A resource gone
  /// meanwhile is left out.
  func documents(_ hrefs: [String], in calendar: URL) throws(DAVError) -> [DAVDocument]

  /// What changed in the calendar since `token` (a `sync-collection` REPORT, RFC 6578 §3.2).
  ///
  /// - Throws: ``DAVError/syncTokenExpired(url:)`` when the server no longer knows the token
  ///   (RFC 6578 §3.7, `DAV:valid-sync-token`); the caller starts over.
  func changes(in calendar: URL, since token: String) throws(DAVError) -> DAVChanges

  /// Creates a calendar for events (MKCALENDAR, RFC 4791 §5.3.1).
  func makeCalendar(at url: URL, displayName: String) throws(DAVError)

  /// Writes one resource (PUT). With `etag` nil it must not exist yet (`If-None-Match: *`);
  /// otherwise it must still be that version (`If-Match`).
  ///
  /// - Returns: its new ETag, when the server gives one.
  /// - Throws: ``DAVError/preconditionFailed(url:)`` when someone else changed it first.
  func put(_ data: Data, at href: String, replacing etag: String?) throws(DAVError) -> String?

  /// Writes several resources as ``put(_:at:replacing:)`` does, up to ``CalDAVClient/parallelPuts``
  /// at once, answering in the order given.
  ///
  /// A refusal with a status of its own concerns that resource alone. Any other failure (no
  /// connection, sign-in refused, calendar gone, budget spent) would meet every put: none begins
  /// after it.
  ///
  /// - Returns: each write's new ETag (nil when none) or failure; nil for a write never begun.
  func put(_ writes: [DAVWrite]) -> [Result<String?, DAVError>?]

  /// Deletes one resource (DELETE), only if it is still version `etag` when one is given.
  /// Deleting what is already gone is not an error.
  func delete(_ href: String, etag: String?) throws(DAVError)

  /// The iCalendar feed at `url` (GET), such as Google Calendar's secret address; asked
  /// conditionally when `known` names the last version (RFC 9110 §13.1).
  ///
  /// - Throws: ``DAVError/notICalendar(url:contentType:)`` for a successful answer that is not
  ///   iCalendar, and the status errors as for any request.
  func feed(at url: URL, known: FeedVersion) throws(DAVError) -> FeedAnswer
}

extension CalendarServer {
  /// The puts one after another, for a server that takes no requests at once.
  public func put(_ writes: [DAVWrite]) -> [Result<String?, DAVError>?] {
    let queue = WriteQueue(writes.count)
    while let index = queue.next() {
      let write = writes[index]
      queue.finish(
        index,
        Result { () throws(DAVError) in try put(write.data, at: write.href, replacing: write.etag) }
      )
    }
    return queue.results
  }
}

/// One resource to write with ``CalendarServer/put(_:)``: its data, its href, and the version
/// it must still be (nil: it must not exist yet).
public struct DAVWrite: Equatable, Sendable {
  public var data: Data
  public var href: String
  public var etag: String?

  public init(_ data: Data, at href: String, replacing etag: String?) {
    self.data = data
    self.href = href
    self.etag = etag
  }
}

/// What names the version of a feed that a GET gave: its validators.
public struct FeedVersion: Equatable, Sendable {
  /// The `ETag`, quotes kept; nil when the server gave none.
  public var etag: String?
  /// The `Last-Modified` date as the server wrote it; nil when it gave none.
  public var lastModified: String?

  public init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }
}

/// What a GET of a feed gave.
public enum FeedAnswer: Equatable, Sendable {
  /// 304: still the version asked about.
  case notModified
  /// The whole feed, and the version it is.
  case calendar(Data, version: FeedVersion)
}

/// Where a CalDAV account is and how to sign in. chulbal never stores the password: it is
/// asked for (`--password-command`) each time a source is synced.
public struct DAVAccount: Equatable, Sendable {
  /// The http or https URL the person gave, without credentials.
  public var url: URL
  public var user: String?
  /// nil: the password comes from `~/.netrc`, or there is no sign-in.
  public var password: String?
  /// A PEM file of certificate authorities to trust instead of the system's (`--ca-file`).
  /// Certificates are always checked.
  public var caFile: String?
  /// How long one request may take in all.
  public var timeout: TimeInterval
  /// How long all requests of one ``CalDAVClient`` may take together: the CLI makes one per source
  /// sync, so no server holds a sync longer.
  public var budget: TimeInterval
  /// Whether a sign-in missing here is looked up in `~/.netrc`: for calendars, not for web
  /// services that take a key of their own, which must not be sent a login kept for the host.
  public var readsNetrc = true
  /// Whether a redirect is followed: for calendars (RFC 6764 §5), not for web services, whose
  /// key may travel in a header of the service's own naming (TMAP's `appKey`) that libcurl
  /// would send on to wherever the redirect leads (CURLOPT_HTTPHEADER(3) keeps only
  /// `Authorization` and `Cookie` to the first host).
  public var followsRedirects = true

  public init(
    url: URL, user: String? = nil, password: String? = nil, caFile: String? = nil,
    timeout: TimeInterval = 15, budget: TimeInterval = 60
  ) {
    self.url = url
    self.user = user
    self.password = password
    self.caFile = caFile
    self.timeout = timeout
    self.budget = budget
  }
}

/// A calendar collection on the server.
public struct DAVCalendar: Equatable, Sendable {
  /// Absolute, ending in `/`.
  public var url: URL
  /// `DAV:displayname`, when it has one.
  public var displayName: String?
  /// `DAV:sync-token` (RFC 6578 §4); nil when the server offers no sync-collection.
  public var syncToken: String?
  /// `CS:getctag`, which changes whenever anything in the calendar does; nil when not given.
  public var ctag: String?

  public init(url: URL, displayName: String? = nil, syncToken: String? = nil, ctag: String? = nil) {
    self.url = url
    self.displayName = displayName
    self.syncToken = syncToken
    self.ctag = ctag
  }
}

/// A resource's href and the version the server has (its ETag, quotes kept).
public struct DAVResource: Hashable, Sendable {
  public var href: String
  public var etag: String

  public init(href: String, etag: String) {
    self.href = href
    self.etag = etag
  }
}

/// A resource with its iCalendar data.
public struct DAVDocument: Equatable, Sendable {
  public var href: String
  public var etag: String
  public var data: Data

  public init(href: String, etag: String, data: Data) {
    self.href = href
    self.etag = etag
    self.data = data
  }
}

/// What a sync-collection REPORT gave.
public struct DAVChanges: Equatable, Sendable {
  /// The token to ask with next time.
  public var syncToken: String
  /// Added or changed since the token asked with; their data is fetched separately.
  public var changed: [DAVResource]
  /// Removed since then (hrefs).
  public var removed: [String]

  public init(syncToken: String, changed: [DAVResource], removed: [String]) {
    self.syncToken = syncToken
    self.changed = changed
    self.removed = removed
  }
}
