import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// The departures calendar's records in a real SQLite file: read by source, a push recorded
/// in one transaction (removals, then writes in place of the same UID), refused whole for a
/// source that is not there, gone with their source, and none in a file before schema 6.
@Suite struct DeparturePushStoreTests {
  static let now = mondayAfternoon

  static func store(_ folder: TemporaryFolder) throws -> Store {
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    for name in ["cloud", "work"] {
      #expect(
        try store.addSource(
          CalendarSource(name: name, path: "/" + name, kind: .file, addedAt: now)))
    }
    return store
  }

  static func push(_ uid: String, etag: String? = "\"1\"", digest: Int = 7) -> DepartureRecord {
    DepartureRecord(uid: uid, href: "/alice/d/\(uid).ics", etag: etag, digest: digest)
  }

  @Test func aPushIsRecordedInPlaceAndReadBySource() throws {
    let folder = TemporaryFolder()
    let store = try Self.store(folder)
    try store.recordDeparturePushes(
      source: "cloud", written: [Self.push("b"), Self.push("a", etag: nil, digest: -3)],
      removed: [])
    try store.recordDeparturePushes(source: "work", written: [Self.push("a")], removed: [])
    #expect(
      try store.departurePushes(source: "cloud")
        == [Self.push("a", etag: nil, digest: -3), Self.push("b")])

    // `a` changed, `b` deleted, `c` new; `work` untouched.
    try store.recordDeparturePushes(
      source: "cloud",
      written: [Self.push("a", etag: "\"2\"", digest: Int.min), Self.push("c")],
      removed: ["b"])
    #expect(
      try store.departurePushes(source: "cloud")
        == [Self.push("a", etag: "\"2\"", digest: Int.min), Self.push("c")])
    #expect(try store.departurePushes(source: "work") == [Self.push("a")])
    // A UID removed and written again in one push is kept, as written.
    try store.recordDeparturePushes(
      source: "cloud", written: [Self.push("c", digest: 9)], removed: ["c"])
    #expect(try store.departurePushes(source: "cloud").last == Self.push("c", digest: 9))
  }

  @Test func aSourceThatIsNotThereIsRefusedWholeAndRemovingOneForgetsItsRecords() throws {
    let folder = TemporaryFolder()
    let store = try Self.store(folder)
    try store.recordDeparturePushes(source: "cloud", written: [Self.push("a")], removed: [])
    #expect(throws: StoreError.self) {
      try store.recordDeparturePushes(
        source: "gone", written: [Self.push("x"), Self.push("y")], removed: [])
    }
    #expect(try store.departurePushes(source: "gone").isEmpty)
    #expect(try store.removeSource(named: "cloud", appointments: false) == 0)
    #expect(try store.departurePushes(source: "cloud").isEmpty)
  }

  @Test func aVersion5FileHasNoRecordsUntilAWriterMigratesIt() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/v5.db"
    let old = try olderFile(path, version: 5)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reader.departurePushes(source: "cloud").isEmpty)
    #expect(try old.scalar("PRAGMA user_version").int == 5)
    let writer = try Store.openOrCreate(path: path, expander: .libical)
    #expect(try old.scalar("PRAGMA user_version").int == Store.schemaVersion)
    #expect(try writer.departurePushes(source: "cloud").isEmpty)
  }
}
