import FoundationEssentials

/// What one sync of one calendar brought (resources fetched and gone, the next sync token and
/// CTag), decided from the last checkpoint (``CalendarCheckpoint``) with as few requests as
/// possible.
///
/// - First time: token and CTag (PROPFIND), then every event from `start` on (`calendar-query`);
///   the token first, so a change in between is reported next time.
/// - With a token: the changes since it (`sync-collection`, RFC 6578 §3.2) and the data of changed
///   ETags (`calendar-multiget`); an unknown token (RFC 6578 §3.7) starts over.
/// - Without one: the CTag; if unchanged, nothing more. Otherwise the ETags from `start` on, the
///   data of those that differ; cached ones not listed are gone.
public struct CalendarPull: Equatable, Sendable {
  /// How the calendar was brought up to date.
  public enum Method: String, Equatable, Sendable {
    /// Every event from the start fetched: the first sync, or after an expired token.
    case everything
    /// The changes since the sync token.
    case syncToken
    /// ETags compared with the cache.
    case etags
    /// The CTag said nothing changed.
    case unchanged
  }

  /// The calendar with the sync token and CTag to keep; a nil display name keeps the one
  /// known.
  public var calendar: DAVCalendar
  public var method: Method
  /// Added or changed resources, with their data.
  public var fetched: [DAVDocument]
  /// The hrefs of resources gone from the server.
  public var removed: [String]

  /// Whether ``fetched`` is the whole calendar, so every other cached resource of it goes.
  public var replacesAll: Bool { method == .everything }

  /// Whether the cache changes at all.
  public var changesCache: Bool { replacesAll || !fetched.isEmpty || !removed.isEmpty }

  public init(calendar: DAVCalendar, method: Method, fetched: [DAVDocument], removed: [String]) {
    self.calendar = calendar
    self.method = method
    self.fetched = fetched
    self.removed = removed
  }

  /// Brings the calendar of `checkpoint` up to date from `server`.
  ///
  /// - Parameter start: the first sync fetches only events ending after it.
  /// - Throws: the server's ``DAVError``; nothing is decided then.
  public static func pull(
    _ checkpoint: CalendarCheckpoint, from server: any CalendarServer, start: Date
  ) throws(DAVError) -> CalendarPull {
    guard checkpoint.synced else { return try everything(checkpoint.url, server, start) }
    if let token = checkpoint.syncToken {
      let changes: DAVChanges
      do throws(DAVError) {
        changes = try server.changes(in: checkpoint.url, since: token)
      } catch .syncTokenExpired {
        return try everything(checkpoint.url, server, start)
      }
      var pull = try fetch(
        changes.changed, known: checkpoint.etags, in: checkpoint.url, server: server)
      pull.removed += changes.removed
      pull.calendar = DAVCalendar(
        url: checkpoint.url, syncToken: changes.syncToken, ctag: checkpoint.ctag)
      pull.method = .syncToken
      return pull
    }
    let now = try server.calendar(at: checkpoint.url)
    // A server that now gives a token is still compared by ETag this once: the token says
    // nothing about what changed before it.
    if now.syncToken == nil, let ctag = now.ctag, ctag == checkpoint.ctag {
      return CalendarPull(calendar: now, method: .unchanged, fetched: [], removed: [])
    }
    let resources = try server.etags(in: checkpoint.url, from: start)
    var pull = try fetch(resources, known: checkpoint.etags, in: checkpoint.url, server: server)
    let present = Set(resources.map(\.href))
    pull.removed += checkpoint.etags.keys.filter { !present.contains($0) }.sorted()
    pull.calendar = now
    pull.method = .etags
    return pull
  }

  /// The first sync's requests: the token and CTag, then the events.
  private static func everything(_ url: URL, _ server: any CalendarServer, _ start: Date)
    throws(DAVError) -> CalendarPull
  {
    let calendar = try server.calendar(at: url)
    let documents = try server.events(in: url, from: start)
    return CalendarPull(calendar: calendar, method: .everything, fetched: documents, removed: [])
  }

  /// The data of those of `resources` whose ETag is not the cached one; one asked for but not
  /// given was removed meanwhile.
  private static func fetch(
    _ resources: [DAVResource], known: [String: String], in url: URL,
    server: any CalendarServer
  ) throws(DAVError) -> CalendarPull {
    let wanted = resources.filter { known[$0.href] != $0.etag }.map(\.href)
    let documents = wanted.isEmpty ? [] : try server.documents(wanted, in: url)
    let given = Set(documents.map(\.href))
    return CalendarPull(
      calendar: DAVCalendar(url: url), method: .etags, fetched: documents,
      removed: wanted.filter { !given.contains($0) })
  }

  /// The calendar's resources by href after this pull, given those cached before it.
  public func applied(to cached: [String: DAVDocument]) -> [String: DAVDocument] {
    var result = replacesAll ? [:] : cached
    for href in removed { result[href] = nil }
    for document in fetched { result[document.href] = document }
    return result
  }
}

/// Where the last sync of one calendar left off.
public struct CalendarCheckpoint: Equatable, Sendable {
  public var url: URL
  /// The token the last sync was given; nil when there was none.
  public var syncToken: String?
  public var ctag: String?
  /// Whether the calendar has been synced before: until then, everything is fetched.
  public var synced: Bool
  /// The ETag of each cached resource, by href.
  public var etags: [String: String]

  public init(
    url: URL, syncToken: String?, ctag: String?, synced: Bool, etags: [String: String]
  ) {
    self.url = url
    self.syncToken = syncToken
    self.ctag = ctag
    self.synced = synced
    self.etags = etags
  }
}
