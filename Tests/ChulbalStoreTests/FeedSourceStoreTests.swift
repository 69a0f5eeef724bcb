import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// Feeds in a real SQLite file (schema 8): the source table made again for the new kind keeps
/// every CalDAV source with its calendars, cache and departure records, which name it by
/// foreign key; and a feed is kept as a source of one calendar of one resource.
@Suite struct FeedSourceStoreTests {
  @Test func aVersion7FileKeepsItsCalDAVSourcesWithTheirCalendarsAndCacheWhenMigrated() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/v7.db"
    let old = try olderFile(
      path, version: 7,
      extra: """
        INSERT INTO source (name, path, kind, added_at, last_read_at, event_count, user_name,
          password_command, departures_url)
          VALUES ('cloud', 'https://dav.example.org/', 'caldav', 10, 20, 1, 'alice', 'pass x',
            'https://dav.example.org/alice/departures/');
        INSERT INTO source_calendar (source, url, display_name, sync_token, synced_at)
          VALUES ('cloud', 'https://dav.example.org/alice/work/', '업무', 't1', 20);
        INSERT INTO source_resource (source, calendar, href, etag, data)
          VALUES ('cloud', 'https://dav.example.org/alice/work/', '/alice/work/a.ics', '"1"',
            x'42');
        INSERT INTO departure_push (source, uid, href, etag, digest)
          VALUES ('cloud', 'd1', '/alice/departures/d1.ics', '"2"', 7);
        UPDATE appointment SET source = 'https://dav.example.org/', source_uid = 'a',
          source_recurrence = '', source_digest = 1;
        """)
    let store = try Store.openOrCreate(path: path, expander: .libical)
    #expect(try old.scalar("PRAGMA user_version").int == Store.schemaVersion)
    let source = try #require(try store.sources().first)
    #expect(source.kind == .caldav)
    #expect(source.user == "alice")
    #expect(source.departuresURL == "https://dav.example.org/alice/departures/")
    #expect(try store.sourceCalendars("cloud").map(\.syncToken) == ["t1"])
    #expect(try store.cachedResources("cloud").map(\.href) == ["/alice/work/a.ics"])
    #expect(try store.departurePushes(source: "cloud").map(\.uid) == ["d1"])
    #expect(try store.importedCount(source: "https://dav.example.org/") == 1)
    // The foreign keys still lead to the table made again.
    #expect(try store.removeSource(named: "cloud", appointments: false) == 0)
    #expect(try store.sourceCalendars("cloud").isEmpty)
    #expect(try store.cachedResources("cloud").isEmpty)
  }

  @Test func aFeedIsKeptAsASourceOfOneCalendarOfOneResource() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    let url = "https://calendar.example.org/basic.ics"
    let feed = CalendarSource(
      name: "학교", path: url, kind: .feed, addedAt: Date(timeIntervalSince1970: 10))
    let update = CalendarUpdate(
      calendar: SourceCalendar(url: url, displayName: "학교", ctag: "Mon, 30 Nov 2026 04:00:00 GMT"),
      replacesAll: true,
      stored: [CachedResource(calendar: url, href: url, etag: "\"v1\"", data: Data("BEGIN".utf8))],
      removed: [])
    let batch = Store.CalendarBatch(source: url, appointments: [:])
    let counts = try store.addServerSource(
      feed, updates: [update], batch: batch, now: Date(timeIntervalSince1970: 20))
    #expect(counts != nil)
    #expect(try store.sources().map(\.kind) == [.feed])
    #expect(
      try store.sourceCalendars("학교")
        == [
          SourceCalendar(
            url: url, displayName: "학교", ctag: "Mon, 30 Nov 2026 04:00:00 GMT",
            syncedAt: Date(timeIntervalSince1970: 20))
        ])
    #expect(try store.cachedETags("학교") == [url: [url: "\"v1\""]])
  }
}
