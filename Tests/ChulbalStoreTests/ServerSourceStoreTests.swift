import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// CalDAV sources in a real SQLite file (schema 6): a version-5 file migrated with its
/// sources and appointments kept, the cache written with the appointments in one
/// transaction, a sync that finds another finished first writing nothing, and removal taking
/// the calendars and the cache with the source.
@Suite struct ServerSourceStoreTests {
  static let added = Date(timeIntervalSince1970: 1_796_000_000)
  static let key = "https://dav.example.org/"

  static func sample(_ title: String) -> Appointment {
    Appointment(
      title: title, start: Date(timeIntervalSince1970: 1_800_000_000), timeZone: "Asia/Seoul",
      mode: .walk, travelSeconds: 600, bufferSeconds: 0, alertLeads: [0])
  }

  /// A version-5 file with a file source, an appointment read from it and its alert log:
  /// the first writer rebuilds the source table for the new kind and keeps every row.
  @Test func aVersion5FileKeepsItsSourcesAndAppointmentsWhenMigrated() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/v5.db"
    let old = try olderFile(
      path, version: 5,
      extra: """
        INSERT INTO source (name, path, kind, added_at, last_read_at, last_error, event_count)
          VALUES ('work', '/home/a/work.ics', 'file', 10, 20, 'bad line', 1),
                 ('vdir', '/home/a/vdir', 'folder', 11, NULL, NULL, NULL);
        UPDATE appointment SET source = '/home/a/work.ics', source_uid = 'u1',
          source_recurrence = '', source_digest = 42;
        INSERT INTO alert_log (appointment_id, lead_seconds, due_at, kind, outcome, recorded_at)
          VALUES (1, 0, 1800000000, 'leave', 'delivered', 5);
        """)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reader.sources().map(\.name) == ["vdir", "work"])
    #expect(try reader.sourceCalendars("work").isEmpty)
    let writer = try Store.openOrCreate(path: path, expander: .libical)
    #expect(try old.scalar("PRAGMA user_version").int == Store.schemaVersion)
    #expect(try Store.columns(old) == Schema.columns(version: Store.schemaVersion))
    #expect(
      try writer.sources() == [
        CalendarSource(
          name: "vdir", path: "/home/a/vdir", kind: .folder,
          addedAt: Date(timeIntervalSince1970: 11)),
        CalendarSource(
          name: "work", path: "/home/a/work.ics", kind: .file,
          addedAt: Date(timeIntervalSince1970: 10),
          lastReadAt: Date(timeIntervalSince1970: 20), lastError: "bad line", eventCount: 1),
      ])
    #expect(
      try writer.importedRows(source: "/home/a/work.ics") == [Store.CalendarKey(uid: "u1"): 1])
    #expect(try old.scalar("SELECT count(*) FROM alert_log").int == 1)
    #expect(try writer.integrityCheck() == "ok")
    #expect(try old.rows("PRAGMA foreign_key_check").isEmpty)
    // The rebuilt table takes the new kind; the old CHECK would have refused it.
    #expect(
      try writer.addSource(
        CalendarSource(name: "cloud", path: Self.key, kind: .caldav, addedAt: Self.added)))
  }

  static func source() -> CalendarSource {
    CalendarSource(
      name: "cloud", path: key, kind: .caldav, addedAt: added, user: "alice",
      passwordCommand: "pass show dav", caFile: "/etc/ca.pem",
      departuresURL: "https://dav.example.org/alice/departures/")
  }

  static func update(
    _ hrefs: [String], token: String, replacesAll: Bool = false, removed: [String] = []
  ) -> CalendarUpdate {
    let url = "https://dav.example.org/alice/work/"
    return CalendarUpdate(
      calendar: SourceCalendar(url: url, displayName: "업무", syncToken: token, ctag: "c-" + token),
      replacesAll: replacesAll,
      stored: hrefs.map {
        CachedResource(calendar: url, href: $0, etag: "\"\($0)\"", data: Data("BEGIN:\($0)".utf8))
      },
      removed: removed)
  }

  static func batch(_ titles: [String: String]) -> Store.CalendarBatch {
    Store.CalendarBatch(
      source: key,
      appointments: Dictionary(
        uniqueKeysWithValues: titles.map { (Store.CalendarKey(uid: $0.key), sample($0.value)) }))
  }

  @Test func aServerSourceKeepsItsSignInCalendarsCacheAndAppointments() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    let counts = try store.addServerSource(
      Self.source(), updates: [Self.update(["/a.ics", "/b.ics"], token: "t1", replacesAll: true)],
      batch: Self.batch(["a": "회의", "b": "점심"]), now: Self.added)
    #expect(counts == Store.ImportCounts(added: 2))
    #expect(
      try store.sources() == [
        {
          var source = Self.source()
          source.lastReadAt = Self.added
          source.eventCount = 2
          source.skippedCount = 0
          return source
        }()
      ])
    let calendars = try store.sourceCalendars("cloud")
    #expect(
      calendars == [
        SourceCalendar(
          url: "https://dav.example.org/alice/work/", displayName: "업무", syncToken: "t1",
          ctag: "c-t1", syncedAt: Self.added)
      ])
    #expect(try store.cachedResources("cloud").map(\.href) == ["/a.ics", "/b.ics"])
    // The same name again is refused, and writes nothing.
    #expect(
      try store.addServerSource(
        Self.source(), updates: [], batch: Self.batch([:]), now: Self.added) == nil)

    // An incremental sync: one changed, one removed, token moved on.
    let later = Self.added.addingTimeInterval(60)
    let synced = try store.saveSync(
      of: "cloud", expecting: calendars,
      updates: [Self.update(["/a.ics"], token: "t2", removed: ["/b.ics"])],
      batch: Self.batch(["a": "회의 (옮김)"]), now: later)
    #expect(synced == Store.ImportCounts(updated: 1, removed: 1))
    #expect(try store.cachedResources("cloud").map(\.href) == ["/a.ics"])
    #expect(try store.sourceCalendars("cloud").first?.syncToken == "t2")
    #expect(try store.all().map(\.title) == ["회의 (옮김)"])

    // A sync that read the calendars before that one finished writes nothing.
    let stale = try store.saveSync(
      of: "cloud", expecting: calendars, updates: [Self.update(["/z.ics"], token: "t9")],
      batch: Self.batch(["z": "늦은 것"]), now: later)
    #expect(stale == nil)
    #expect(try store.cachedResources("cloud").map(\.href) == ["/a.ics"])
    #expect(try store.all().map(\.title) == ["회의 (옮김)"])

    // Removing the source takes its calendars and cache.
    #expect(try store.removeSource(named: "cloud", appointments: true) == 1)
    #expect(try store.sourceCalendars("cloud").isEmpty)
    #expect(try store.cachedResources("cloud").isEmpty)
  }

  /// A failed write (an appointment the table refuses) leaves the cache and token unmoved.
  @Test func aFailedWriteKeepsTheCacheAndTokenAsTheyWere() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    _ = try store.addServerSource(
      Self.source(), updates: [Self.update(["/a.ics"], token: "t1", replacesAll: true)],
      batch: Self.batch(["a": "회의"]), now: Self.added)
    let calendars = try store.sourceCalendars("cloud")
    var broken = Self.sample("고장")
    broken.travelSeconds = -1
    let batch = Store.CalendarBatch(
      source: Self.key, appointments: [Store.CalendarKey(uid: "x"): broken])
    #expect(throws: StoreError.self) {
      try store.saveSync(
        of: "cloud", expecting: calendars,
        updates: [Self.update(["/x.ics"], token: "t2", replacesAll: true)], batch: batch,
        now: Self.added)
    }
    #expect(try store.sourceCalendars("cloud") == calendars)
    #expect(try store.cachedResources("cloud").map(\.href) == ["/a.ics"])
  }
}
