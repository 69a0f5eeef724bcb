import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// Appointments from calendars in a real SQLite file (schema 5): found again by source, UID
/// and instance, updated in place with their alert log kept, and removed once the calendar no
/// longer holds them.
@Suite struct ImportStoreTests {
  static let source = "/home/me/calendar.ics"

  static func batch(_ titles: [String: String], source: String = source) -> Store.CalendarBatch {
    var appointments: [Store.CalendarKey: Appointment] = [:]
    for (uid, title) in titles { appointments[Store.CalendarKey(uid: uid)] = sample(title) }
    return Store.CalendarBatch(source: source, appointments: appointments)
  }

  @Test func aReimportUpdatesInPlaceKeepsTheAlertLogAndRemovesWhatWentAway() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    let first = try store.importCalendars(
      [Self.batch(["a": "저녁 약속", "b": "회의"])], now: added)
    #expect(first == Store.ImportCounts(added: 2))
    let ids = try store.importedRows(source: Self.source)
    let a = try #require(ids[Store.CalendarKey(uid: "a")])
    let due = Date(timeIntervalSince1970: 1_796_117_100)
    let alert = AlertID(appointmentID: a, leadSeconds: 0, due: due)
    #expect(try store.claim(alert, kind: .leave, at: added))

    let planned = try store.plannedImport([Self.batch(["a": "저녁 약속 (변경)"])])
    #expect(planned == Store.ImportCounts(updated: 1, removed: 1))
    let second = try store.importCalendars([Self.batch(["a": "저녁 약속 (변경)"])], now: added)
    #expect(second == planned)
    #expect(try store.importedRows(source: Self.source) == [Store.CalendarKey(uid: "a"): a])
    #expect(try store.appointment(id: a)?.title == "저녁 약속 (변경)")
    #expect(try store.alertLog(since: Date(timeIntervalSince1970: 0)).map(\.id) == [alert])
  }

  @Test func theSameUIDFromAnotherSourceOrTypedInIsAnotherAppointment() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    _ = try store.insert(sample("손으로 적은 약속"), createdAt: added)
    _ = try store.importCalendars([Self.batch(["a": "하나"])], now: added)
    let other = try store.importCalendars(
      [Self.batch(["a": "둘"], source: "/home/me/other.ics")], now: added)
    #expect(other == Store.ImportCounts(added: 1))
    _ = try store.importCalendars([Self.batch([:])], now: added)
    #expect(try store.all().map(\.title).sorted() == ["둘", "손으로 적은 약속"])
  }

  /// A failure part-way leaves the file as it was: the batch is one transaction.
  @Test func aFailingImportWritesNothing() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    _ = try store.importCalendars([Self.batch(["a": "하나"])], now: added)
    var broken = sample("둘")
    broken.travelSeconds = -1  // refused by the table's CHECK
    let batch = Store.CalendarBatch(
      source: Self.source,
      appointments: [Store.CalendarKey(uid: "b"): sample("셋"), Store.CalendarKey(uid: "c"): broken])
    #expect(throws: StoreError.self) { try store.importCalendars([batch], now: added) }
    #expect(try store.all().map(\.title) == ["하나"])
  }

  /// A version-4 file is read as it is (it has no imported rows), and the first writer
  /// brings it to the current version with its appointments kept, as typed ones.
  @Test func aVersion4FileIsReadAsItIsAndMigratedByTheFirstWriter() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/v4.db"
    let old = try olderFile(path, version: 4)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reader.importedRows(source: Self.source).isEmpty)
    #expect(try reader.plannedImport([Self.batch(["a": "하나"])]) == .init(added: 1))
    #expect(try old.scalar("PRAGMA user_version").int == 4)
    let writer = try Store.openOrCreate(path: path, expander: .libical)
    #expect(try old.scalar("PRAGMA user_version").int == Store.schemaVersion)
    #expect(try Store.columns(old) == Schema.columns(version: Store.schemaVersion))
    #expect(try old.scalar("SELECT source FROM appointment") == .null)
    _ = try writer.importCalendars([Self.batch(["a": "하나"])], now: added)
    #expect(try writer.all().map(\.title).sorted() == ["저녁", "하나"])
  }
}

/// A file of schema `version`, as that version made it, holding one appointment (`저녁`,
/// id 1) and, with `extra`, what that SQL adds.
func olderFile(_ path: String, version: Int, extra: String = "") throws -> Database {
  let old = try Database(path: path, create: true)
  for migration in Schema.migrations.prefix(version) { try old.execute(migration) }
  try old.execute(
    """
    PRAGMA application_id=\(Store.applicationID); PRAGMA user_version=\(version);
    INSERT INTO appointment (title, start_at, time_zone, mode, travel_seconds,
      travel_estimated, buffer_seconds, prep_seconds, alerts, created_at)
    VALUES ('저녁', 1800000000, 'Asia/Seoul', 'walk', 600, 0, 0, 0, '0', 1);
    """ + extra)
  return old
}
