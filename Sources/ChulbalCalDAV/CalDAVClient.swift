import ChulbalCore
import FoundationEssentials

/// A real CalDAV server over HTTP(S), with libcurl and libxml2 loaded on the first request.
///
/// Each call opens one libcurl handle and closes it before returning; only the deadline is kept, so
/// one value may serve several threads.
public struct CalDAVClient: CalendarServer, Sendable {
  public let account: DAVAccount
  /// When ``DAVAccount/budget`` runs out, counted from when the client was made.
  private let deadline: ContinuousClock.Instant

  /// How many hrefs one calendar-multiget names: a few hundred events' data per answer keeps
  /// each answer well under ``CurlSession/responseLimit``.
  static let multigetBatch = 100

  /// The most hrefs one discovery follows from a property (`calendar-home-set`): accounts have one
  /// home or a few, and each href is a request the server makes chulbal send.
  static let hrefLimit = 20

  /// - Throws: ``DAVError/invalidURL(_:)`` when the account's URL is not http or https or has
  ///   no host.
  public init(account: DAVAccount) throws(DAVError) {
    let scheme = account.url.scheme?.lowercased()
    guard scheme == "http" || scheme == "https", account.url.host?.isEmpty == false else {
      throw .invalidURL(TextCleaning.visible(CurlSession.display(account.url)))
    }
    self.account = account
    deadline = .now + .seconds(account.budget)
  }

  public func discoverCalendars() throws(DAVError) -> [DAVCalendar] {
    let session = try self.session()
    let start = account.url
    // The URL may be a calendar, or any URL that answers current-user-principal (RFC 5397 §3).
    // Hrefs are read against the answering URL, which a same-origin redirect may have moved
    // (``Origin``).
    var principal: URL?
    var homes: [URL] = []
    if let found = try firstLook(at: start, session: session), let first = found.responses.first {
      if let calendar = calendar(from: first, base: found.url) {
        guard holdsEvents(first) else { throw .noCalendars(url: display(start)) }
        try Origin.check(calendar.url, for: account.url)
        return [calendar]
      }
      principal = href(in: first.property(.dav("current-user-principal")), base: found.url)
      homes = try hrefs(in: first.property(.caldav("calendar-home-set")), of: found)
    }
    if principal == nil && homes.isEmpty {
      // RFC 6764 §5: the well-known URL leads (by redirect) to where the principal is found.
      let wellKnown = URL(string: "/.well-known/caldav", relativeTo: start)!.absoluteURL
      let found = try properties(
        at: wellKnown, depth: "0", names: ["D:current-user-principal"], session: session)
      principal = found.responses.first.flatMap {
        href(in: $0.property(.dav("current-user-principal")), base: found.url)
      }
    }
    if homes.isEmpty, let principal {
      let found = try properties(
        at: principal, depth: "0", names: ["C:calendar-home-set"], session: session)
      if let response = found.responses.first {
        homes = try hrefs(in: response.property(.caldav("calendar-home-set")), of: found)
      }
    }
    // A server that names no home is asked about the URL given, as the home itself.
    if homes.isEmpty { homes = [start] }
    var calendars: [DAVCalendar] = []
    for home in homes {
      let found = try properties(
        at: home, depth: "1", names: RequestBody.calendarProperties, session: session)
      for response in found.responses where holdsEvents(response) {
        if let calendar = calendar(from: response, base: found.url),
          !calendars.contains(where: { $0.url == calendar.url })
        {
          // Kept for later syncs, so refused now rather than at each of them.
          try Origin.check(calendar.url, for: account.url)
          calendars.append(calendar)
        }
      }
    }
    guard !calendars.isEmpty else { throw .noCalendars(url: display(start)) }
    return calendars
  }

  /// The given URL asked for its principal, home and (if a calendar) its properties; nil when the
  /// answer says to try `/.well-known/caldav` instead (not found, forbidden, method not allowed, no
  /// multistatus). A refused sign-in or no connection ends discovery.
  private func firstLook(at start: URL, session: CurlSession) throws(DAVError) -> Answer? {
    do {
      return try properties(
        at: start, depth: "0",
        names: RequestBody.calendarProperties + [
          "D:current-user-principal", "C:calendar-home-set",
        ],
        session: session)
    } catch {
      switch error {
      // Radicale forbids (403) a path outside the signed-in user's own.
      case .notFound, .forbidden, .status, .malformedResponse: return nil
      default: throw error
      }
    }
  }

  public func calendar(at url: URL) throws(DAVError) -> DAVCalendar {
    let session = try self.session()
    let found = try properties(
      at: url, depth: "0", names: RequestBody.calendarProperties, session: session)
    guard let response = found.responses.first,
      let calendar = calendar(from: response, base: found.url)
    else {
      throw .malformedResponse(url: display(url), reason: "캘린더가 아닌 컬렉션")
    }
    return calendar
  }

  public func events(in calendar: URL, from start: Date) throws(DAVError) -> [DAVDocument] {
    let found = try report(
      RequestBody.calendarQuery(from: start, withData: true), at: calendar, depth: "1")
    return found.responses.compactMap(document)
  }

  public func etags(in calendar: URL, from start: Date) throws(DAVError) -> [DAVResource] {
    let found = try report(
      RequestBody.calendarQuery(from: start, withData: false), at: calendar, depth: "1")
    return found.responses.compactMap { response in
      response.text(.dav("getetag")).map { DAVResource(href: response.href, etag: $0) }
    }
  }

  public func documents(_ hrefs: [String], in calendar: URL) throws(DAVError) -> [DAVDocument] {
    guard !hrefs.isEmpty else { return [] }
    let session = try self.session()
    var documents: [DAVDocument] = []
    var batchStart = 0
    while batchStart < hrefs.count {
      let batch = Array(hrefs[batchStart..<min(batchStart + Self.multigetBatch, hrefs.count)])
      let found = try report(
        RequestBody.calendarMultiget(batch), at: calendar, depth: "1", session: session)
      documents += found.responses.compactMap(document)
      batchStart += Self.multigetBatch
    }
    return documents
  }

  public func changes(in calendar: URL, since token: String) throws(DAVError) -> DAVChanges {
    let session = try self.session()
    let request = HTTPRequest.xml(
      "REPORT", calendar, depth: "0", body: RequestBody.syncCollection(since: token))
    let response = try session.perform(request)
    if response.status >= 400, isInvalidSyncToken(response.body) {
      throw .syncTokenExpired(url: display(calendar))
    }
    try check(response, method: "REPORT", url: calendar)
    let found = try MultiStatus.parse(response.body, url: display(calendar))
    guard let newToken = found.syncToken else {
      throw .malformedResponse(url: display(calendar), reason: "sync-token이 없는 답")
    }
    var changed: [DAVResource] = []
    var removed: [String] = []
    let collection = normalized(calendar)
    for entry in found.responses {
      // Some servers list the collection itself; it is no event.
      if let url = resolve(entry.href, base: response.url), normalized(url) == collection {
        continue
      }
      if entry.status == 404 {
        removed.append(entry.href)
      } else if let etag = entry.text(.dav("getetag")) {
        changed.append(DAVResource(href: entry.href, etag: etag))
      }
    }
    return DAVChanges(syncToken: newToken, changed: changed, removed: removed)
  }

  public func makeCalendar(at url: URL, displayName: String) throws(DAVError) {
    let session = try self.session()
    let request = HTTPRequest.xml(
      "MKCALENDAR", url, depth: nil, body: RequestBody.makeCalendar(displayName: displayName))
    try check(try session.perform(request), method: "MKCALENDAR", url: url)
  }

  public func put(_ data: Data, at href: String, replacing etag: String?) throws(DAVError)
    -> String?
  {
    try put(DAVWrite(data, at: href, replacing: etag), session: try session())
  }

  /// How many puts ``put(_:)`` has under way at once: even a server that serialises them
  /// (Radicale's storage lock) overlaps their round trips.
  static let parallelPuts = 4

  /// The puts ``parallelPuts`` at a time, each thread with a session of its own whose
  /// connection its later puts reuse; every put under the client's one deadline.
  public func put(_ writes: [DAVWrite]) -> [Result<String?, DAVError>?] {
    let queue = WriteQueue(writes.count)
    WorkerThreads.run(min(Self.parallelPuts, writes.count)) {
      var session: CurlSession?
      while let index = queue.next() {
        let result = Result { () throws(DAVError) -> String? in
          let current: CurlSession
          if let session {
            current = session
          } else {
            current = try self.session()
            session = current
          }
          return try put(writes[index], session: current)
        }
        queue.finish(index, result)
      }
    }
    return queue.results
  }

  private func put(_ write: DAVWrite, session: CurlSession) throws(DAVError) -> String? {
    let (data, etag) = (write.data, write.etag)
    let url = try resolved(write.href)
    let condition = etag.map { "If-Match: \($0)" } ?? "If-None-Match: *"
    let request = HTTPRequest(
      method: "PUT", url: url, headers: ["Content-Type: text/calendar; charset=utf-8", condition],
      body: data)
    let response = try session.perform(request)
    try check(response, method: "PUT", url: url)
    return response.header("ETag")
  }

  public func delete(_ href: String, etag: String?) throws(DAVError) {
    let url = try resolved(href)
    let session = try self.session()
    let request = HTTPRequest(
      method: "DELETE", url: url, headers: etag.map { ["If-Match: \($0)"] } ?? [])
    let response = try session.perform(request)
    if response.status == 404 { return }
    try check(response, method: "DELETE", url: url)
  }

  public func feed(at url: URL, known: FeedVersion) throws(DAVError) -> FeedAnswer {
    let session = try self.session()
    var headers = ["Accept: text/calendar, */*;q=0.1"]
    // Validators are sent back as received; one with a control character (only damage keeps one)
    // would end the header early, so the whole feed is fetched instead.
    if let etag = known.etag, Self.isHeaderValue(etag) { headers.append("If-None-Match: \(etag)") }
    if let date = known.lastModified, Self.isHeaderValue(date) {
      headers.append("If-Modified-Since: \(date)")
    }
    let response = try session.perform(HTTPRequest(method: "GET", url: url, headers: headers))
    if response.status == 304 { return .notModified }
    try check(response, method: "GET", url: url)
    guard Self.isICalendar(response.body) else {
      let type = response.header("Content-Type").map {
        TextCleaning.visible(String($0.prefix { $0 != ";" }).trimmingWhitespace())
      }
      throw .notICalendar(url: display(url), contentType: type?.isEmpty == false ? type : nil)
    }
    return .calendar(
      response.body,
      version: FeedVersion(
        etag: response.header("ETag"), lastModified: response.header("Last-Modified")))
  }

  /// Whether `body` begins (after a byte-order mark and blank lines) with `BEGIN:VCALENDAR`. The
  /// body decides, not the `Content-Type`: feeds come as `text/plain` too, and error pages as
  /// `text/calendar`.
  static func isICalendar(_ body: Data) -> Bool {
    var bytes = body.prefix(64)[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let text = String(
      decoding: bytes.drop { [0x20, 0x09, 0x0D, 0x0A].contains($0) }, as: UTF8.self)
    return text.uppercased().hasPrefix("BEGIN:VCALENDAR")
  }

  /// Whether `text` can be sent as a header's value: no control characters.
  private static func isHeaderValue(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
  }

  // MARK: - Requests

  /// A multistatus answer's responses and the URL that gave them, which their relative hrefs
  /// are read against.
  private struct Answer {
    var responses: [MultiStatus.Response]
    var url: URL
  }

  /// A session for one call's requests, under the client's deadline.
  private func session() throws(DAVError) -> CurlSession {
    try CurlSession(account: account, deadline: deadline)
  }

  /// A PROPFIND's answer, its status checked.
  private func properties(at url: URL, depth: String, names: [String], session: CurlSession)
    throws(DAVError) -> Answer
  {
    try multiStatus("PROPFIND", at: url, depth: depth, body: RequestBody.propfind(names), session)
  }

  private func report(
    _ body: String, at url: URL, depth: String, session given: CurlSession? = nil
  ) throws(DAVError) -> Answer {
    let session: CurlSession
    if let given { session = given } else { session = try self.session() }
    return try multiStatus("REPORT", at: url, depth: depth, body: body, session)
  }

  /// One request whose answer must be a successful multistatus.
  private func multiStatus(
    _ method: String, at url: URL, depth: String, body: String, _ session: CurlSession
  ) throws(DAVError) -> Answer {
    let response = try session.perform(HTTPRequest.xml(method, url, depth: depth, body: body))
    try check(response, method: method, url: url)
    let found = try MultiStatus.parse(response.body, url: display(url))
    return Answer(responses: found.responses, url: response.url)
  }

  private func check(_ response: HTTPResponse, method: String, url: URL) throws(DAVError) {
    let shown = display(url)
    switch response.status {
    case 200..<300: return
    case 401: throw .unauthorized(url: shown)
    case 403: throw .forbidden(url: shown)
    case 404: throw .notFound(url: shown)
    case 412: throw .preconditionFailed(url: shown)
    default: throw .status(response.status, method: method, url: shown)
    }
  }

  /// Whether an error answer is the `DAV:valid-sync-token` precondition (RFC 6578 §3.7): a
  /// `DAV:error` holding that element.
  private func isInvalidSyncToken(_ body: Data) -> Bool {
    guard case .success(let root)? = try? LibXML.parse(body) else { return false }
    return MarkupName.dav("error").matches(root) && root.child(.dav("valid-sync-token")) != nil
  }

  // MARK: - Reading answers

  /// The calendar a response describes, or nil when its resource type is not a calendar.
  private func calendar(from response: MultiStatus.Response, base: URL) -> DAVCalendar? {
    guard response.property(.dav("resourcetype"))?.child(.caldav("calendar")) != nil,
      let url = resolve(response.href, base: base)
    else { return nil }
    return DAVCalendar(
      url: normalized(url), displayName: response.text(.dav("displayname")),
      syncToken: response.text(.dav("sync-token")),
      ctag: response.text(MarkupName(namespace: MarkupName.calendarServer, name: "getctag")))
  }

  /// Whether a calendar may hold events: its supported components name VEVENT, or it names
  /// none, which means any (RFC 4791 §5.2.3).
  private func holdsEvents(_ response: MultiStatus.Response) -> Bool {
    guard let set = response.property(.caldav("supported-calendar-component-set")) else {
      return true
    }
    let components = set.children(.caldav("comp")).compactMap { $0.attributes["name"] }
    return components.isEmpty || components.contains { $0.uppercased() == "VEVENT" }
  }

  /// A response with its ETag and iCalendar data; nil for one without (a resource gone). Lines end
  /// in LF, as XML parsing turns CRLF into LF (XML 1.0 §2.11); libical reads either.
  private func document(_ response: MultiStatus.Response) -> DAVDocument? {
    guard let etag = response.text(.dav("getetag")),
      let data = response.property(.caldav("calendar-data"))?.text, !data.isEmpty
    else { return nil }
    return DAVDocument(href: response.href, etag: etag, data: Data(data.utf8))
  }

  /// The URL of the first `href` inside a property such as `current-user-principal`.
  private func href(in property: MarkupElement?, base: URL) -> URL? {
    property?.child(.dav("href")).flatMap { resolve($0.trimmedText, base: base) }
  }

  /// The URLs of every `href` inside a property such as `calendar-home-set`, each once.
  ///
  /// - Throws: ``DAVError/tooManyHrefs(url:count:limit:)`` past ``hrefLimit``.
  private func hrefs(in property: MarkupElement?, of answer: Answer) throws(DAVError) -> [URL] {
    var urls: [URL] = []
    for href in property?.children(.dav("href")) ?? [] {
      if let url = resolve(href.trimmedText, base: answer.url), !urls.contains(url) {
        urls.append(url)
      }
    }
    guard urls.count <= Self.hrefLimit else {
      throw .tooManyHrefs(url: display(answer.url), count: urls.count, limit: Self.hrefLimit)
    }
    return urls
  }

  // MARK: - URLs

  private static let pathCharacters = Set("!$&'()*+,;=:@/".utf8)

  /// An href resolved against `base`: a path on the same server, or an absolute URL.
  private func resolve(_ href: String, base: URL) -> URL? {
    guard !href.isEmpty else { return nil }
    if let url = URL(string: href, relativeTo: base) { return url.absoluteURL }
    // A server that leaves spaces and such unescaped in its hrefs.
    // What a path may hold raw (RFC 3986 §3.3: unreserved, sub-delims, ':', '@', '/') stays.
    let escaped = PercentEncoding.encode(bytes: href.utf8, keeping: Self.pathCharacters)
    return URL(string: escaped, relativeTo: base)?.absoluteURL
  }

  /// An href as a URL on the account's server.
  private func resolved(_ href: String) throws(DAVError) -> URL {
    guard let url = resolve(href, base: account.url) else {
      throw .invalidURL(TextCleaning.visible(href))
    }
    return url
  }

  /// A collection's URL ending in `/`, as ``DAVCalendar/url`` promises.
  private func normalized(_ url: URL) -> URL {
    url.absoluteString.hasSuffix("/") ? url : URL(string: url.absoluteString + "/") ?? url
  }

  /// A URL as errors show it: no credentials, no control characters.
  private func display(_ url: URL) -> String {
    TextCleaning.visible(CurlSession.display(url))
  }
}
