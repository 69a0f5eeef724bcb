import ChulbalCalDAV
import Foundation
import Testing

/// What ``CalendarPull`` asks a server for, and what it makes of the answers, against a
/// recording server: the first sync, an incremental one by sync token, the ETag comparison of
/// a server without tokens, and a token the server has forgotten.
@Suite struct CalendarPullTests {
  static let start = Date(timeIntervalSince1970: 1_796_000_000)

  /// A server with calendar `work` holding events `a` and `b`.
  static func server() -> RecordingCalendarServer {
    let server = RecordingCalendarServer(calendars: [("work", "업무")])
    server.put(
      davEvent(uid: "a", title: "회의", start: "20261201T100000Z"), named: "a.ics", in: "work")
    server.put(
      davEvent(uid: "b", title: "점심", start: "20261202T030000Z"), named: "b.ics", in: "work")
    return server
  }

  /// The checkpoint a pull leaves for the next one, given the cache before it.
  static func checkpoint(
    after pull: CalendarPull, cached: [String: DAVDocument] = [:]
  ) -> (CalendarCheckpoint, [String: DAVDocument]) {
    let cache = pull.applied(to: cached)
    return (
      CalendarCheckpoint(
        url: pull.calendar.url, syncToken: pull.calendar.syncToken, ctag: pull.calendar.ctag,
        synced: true, etags: cache.mapValues(\.etag)),
      cache
    )
  }

  static func first(_ server: RecordingCalendarServer) throws -> CalendarPull {
    try CalendarPull.pull(
      CalendarCheckpoint(
        url: server.url("work"), syncToken: nil, ctag: nil, synced: false, etags: [:]),
      from: server, start: start)
  }

  @Test func theFirstSyncTakesTheTokenThenEveryEvent() throws {
    let server = Self.server()
    let pull = try Self.first(server)
    #expect(server.takeCalls() == ["calendar work", "events work"])
    #expect(pull.method == .everything)
    #expect(pull.replacesAll)
    #expect(pull.fetched.map(\.href) == ["/alice/work/a.ics", "/alice/work/b.ics"])
    #expect(pull.calendar.syncToken == "t3")
    #expect(pull.calendar.displayName == "업무")
  }

  /// A change, an addition and a deletion since the token: the two fetched in one multiget,
  /// the deletion reported, the unchanged event not asked for.
  @Test func anIncrementalSyncFetchesOnlyWhatChanged() throws {
    let server = Self.server()
    let (checkpoint, cache) = Self.checkpoint(after: try Self.first(server))
    _ = server.takeCalls()
    server.put(
      davEvent(uid: "a", title: "회의 (옮김)", start: "20261201T110000Z"), named: "a.ics", in: "work")
    server.put(
      davEvent(uid: "c", title: "저녁", start: "20261203T100000Z"), named: "c.ics", in: "work")
    server.delete(named: "b.ics", in: "work")
    let pull = try CalendarPull.pull(checkpoint, from: server, start: Self.start)
    #expect(server.takeCalls() == ["changes work", "documents work a.ics,c.ics"])
    #expect(pull.method == .syncToken)
    #expect(pull.fetched.map(\.href) == ["/alice/work/a.ics", "/alice/work/c.ics"])
    #expect(pull.removed == ["/alice/work/b.ics"])
    #expect(pull.calendar.syncToken == "t6")
    let after = pull.applied(to: cache)
    #expect(after.keys.sorted() == ["/alice/work/a.ics", "/alice/work/c.ics"])
    #expect(String(decoding: after["/alice/work/a.ics"]!.data, as: UTF8.self).contains("옮김"))
  }

  @Test func nothingChangedIsOneRequest() throws {
    let server = Self.server()
    let (checkpoint, _) = Self.checkpoint(after: try Self.first(server))
    _ = server.takeCalls()
    let pull = try CalendarPull.pull(checkpoint, from: server, start: Self.start)
    #expect(server.takeCalls() == ["changes work"])
    #expect(!pull.changesCache)
  }

  /// Without sync tokens: the CTag first; when it moved, the ETags compared with the cache
  /// and only the differing resources fetched; a cached one not listed is gone.
  @Test func withoutTokensETagsAreComparedWithTheCache() throws {
    let server = Self.server()
    server.set { $0.givesTokens = false }
    let first = try Self.first(server)
    #expect(first.calendar.syncToken == nil)
    let (checkpoint, cache) = Self.checkpoint(after: first)
    _ = server.takeCalls()
    let unchanged = try CalendarPull.pull(checkpoint, from: server, start: Self.start)
    #expect(server.takeCalls() == ["calendar work"])
    #expect(unchanged.method == .unchanged)
    #expect(!unchanged.changesCache)
    server.put(
      davEvent(uid: "c", title: "저녁", start: "20261203T100000Z"), named: "c.ics", in: "work")
    server.delete(named: "a.ics", in: "work")
    let pull = try CalendarPull.pull(checkpoint, from: server, start: Self.start)
    #expect(server.takeCalls() == ["calendar work", "etags work", "documents work c.ics"])
    #expect(pull.method == .etags)
    #expect(pull.fetched.map(\.href) == ["/alice/work/c.ics"])
    #expect(pull.removed == ["/alice/work/a.ics"])
    #expect(pull.applied(to: cache).keys.sorted() == ["/alice/work/b.ics", "/alice/work/c.ics"])
  }

  @Test func aForgottenTokenStartsOver() throws {
    let server = Self.server()
    let (checkpoint, cache) = Self.checkpoint(after: try Self.first(server))
    _ = server.takeCalls()
    server.delete(named: "b.ics", in: "work")
    server.set { $0.forgetsTokens = true }
    let pull = try CalendarPull.pull(checkpoint, from: server, start: Self.start)
    #expect(server.takeCalls() == ["changes work", "calendar work", "events work"])
    #expect(pull.method == .everything)
    #expect(pull.applied(to: cache).keys.sorted() == ["/alice/work/a.ics"])
  }

  /// A resource reported changed but gone by the time it is fetched counts as removed.
  @Test func aResourceGoneBeforeItIsFetchedIsRemoved() throws {
    final class Vanishing: CalendarServer, @unchecked Sendable {
      let inner: RecordingCalendarServer
      init(_ inner: RecordingCalendarServer) { self.inner = inner }
      func discoverCalendars() throws(DAVError) -> [DAVCalendar] { try inner.discoverCalendars() }
      func calendar(at url: URL) throws(DAVError) -> DAVCalendar { try inner.calendar(at: url) }
      func events(in c: URL, from s: Date) throws(DAVError) -> [DAVDocument] {
        try inner.events(in: c, from: s)
      }
      func etags(in c: URL, from s: Date) throws(DAVError) -> [DAVResource] {
        try inner.etags(in: c, from: s)
      }
      func documents(_ hrefs: [String], in c: URL) throws(DAVError) -> [DAVDocument] {
        inner.delete(named: "a.ics", in: "work")
        return try inner.documents(hrefs, in: c)
      }
      func changes(in c: URL, since t: String) throws(DAVError) -> DAVChanges {
        try inner.changes(in: c, since: t)
      }
      func makeCalendar(at url: URL, displayName: String) throws(DAVError) {}
      func put(_ d: Data, at h: String, replacing e: String?) throws(DAVError) -> String? { nil }
      func delete(_ href: String, etag: String?) throws(DAVError) {}
      func feed(at url: URL, known: FeedVersion) throws(DAVError) -> FeedAnswer {
        try inner.feed(at: url, known: known)
      }
    }
    let server = Self.server()
    let (checkpoint, _) = Self.checkpoint(after: try Self.first(server))
    server.put(
      davEvent(uid: "a", title: "회의", start: "20261201T120000Z"), named: "a.ics", in: "work")
    let pull = try CalendarPull.pull(checkpoint, from: Vanishing(server), start: Self.start)
    #expect(pull.fetched.isEmpty)
    #expect(pull.removed == ["/alice/work/a.ics"])
  }

  @Test func aServerFailureIsThrownAsItIs() throws {
    let server = Self.server()
    server.set { $0.failure = .unauthorized(url: "https://dav.example.org/alice/work/") }
    #expect(throws: DAVError.unauthorized(url: "https://dav.example.org/alice/work/")) {
      try Self.first(server)
    }
  }
}
