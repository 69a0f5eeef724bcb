import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

func sample(_ title: String = "저녁 약속", start: TimeInterval = 1_796_119_200, travel: Int = 2100)
  -> Appointment
{
  Appointment(
    title: title, start: Date(timeIntervalSince1970: start), timeZone: "Asia/Seoul",
    place: "강남역 2번 출구", coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276),
    origin: Origin(name: "집", coordinate: Coordinate(latitude: 37.5547, longitude: 126.9707)),
    mode: .transit, travelSeconds: travel, travelSource: .estimate, bufferSeconds: 600,
    prepSeconds: 300, alertLeads: [1800, 0], note: "2층")
}

/// When the samples were added: the store reads no clock, so every caller passes one.
let added = Date(timeIntervalSince1970: 1_795_000_000)

@Suite struct StoreTests {
  @Test func realSQLiteFileIsCreatedPrivateInAPrivateFolder() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/data/chulbal/chulbal.db"
    #expect(try Store.open(path: path, create: false, expander: .libical) == nil)
    #expect(!FileManager.default.fileExists(atPath: path))
    _ = try #require(try Store.open(path: path, create: true, expander: .libical))
    let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    let folderMode =
      try FileManager.default.attributesOfItem(atPath: folder.path + "/data/chulbal")[
        .posixPermissions] as? Int
    #expect(fileMode == 0o600)
    #expect(folderMode == 0o700)
  }

  /// The column list every open checks a file of each version against is the one the
  /// migrations up to that version make.
  @Test(arguments: 1...Store.schemaVersion)
  func theCheckedColumnsAreTheOnesTheMigrationsMake(version: Int) throws {
    let database = try Database(path: ":memory:", create: true)
    for migration in Schema.migrations.prefix(version) { try database.execute(migration) }
    #expect(try Store.columns(database) == Schema.columns(version: version))
  }

  /// The table texts an open compares first are the ones the migrations make, so a file this
  /// build made is taken by the one query and never listed column by column.
  @Test func theComparedTableTextsAreTheOnesTheMigrationsMake() throws {
    let database = try Database(path: ":memory:", create: true)
    for migration in Schema.migrations { try database.execute(migration) }
    var made: [String: String] = [:]
    for row in try database.rows("SELECT name, sql FROM sqlite_master WHERE type = 'table'") {
      if let name = row[0].string, !name.hasPrefix("sqlite_") { made[name] = row[1].string }
    }
    let compared = Dictionary(
      uniqueKeysWithValues: Schema.tableTexts.map { ($0.name.description, $0.sql.description) })
    #expect(compared == made)
    #expect(try Store.tablesAreAsMade(database))
  }

  struct Rewritten: Sendable, CustomTestStringConvertible {
    let name: String
    /// SQL run on a file the current build made.
    let sql: String
    /// The column check's reason for refusing the file, nil when it takes it.
    let reason: String?
    var testDescription: String { name }
  }

  static let rewritten = [
    Rewritten(name: "a dropped table", sql: "DROP TABLE setting", reason: "'setting' 테이블이 없습니다"),
    Rewritten(
      name: "a dropped column", sql: "ALTER TABLE departure_push DROP COLUMN etag",
      reason: "'departure_push' 테이블에 열이 빠졌습니다: etag"),
    Rewritten(
      name: "an extra column", sql: "ALTER TABLE series_occurrence ADD COLUMN colour TEXT",
      reason: "'series_occurrence' 테이블에 알 수 없는 열이 있습니다: colour"),
    Rewritten(
      name: "a renamed column", sql: "ALTER TABLE appointment RENAME COLUMN note TO memo",
      reason: "'appointment' 테이블에 열이 빠졌습니다: note"),
    Rewritten(
      name: "the same columns written otherwise",
      sql: """
        DROP TABLE setting;
        CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """,
      reason: nil),
  ]

  /// A table whose text is not the migrations' fails the comparison, and the file goes
  /// through the column check, which refuses it as before or takes it when its columns are
  /// the schema's.
  @Test(arguments: rewritten)
  func aTableNotAsMadeIsCheckedColumnByColumn(_ rewritten: Rewritten) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    _ = try Store.openOrCreate(path: path, expander: .libical)
    let database = try Database(path: path)
    try database.execute(rewritten.sql)
    #expect(try !Store.tablesAreAsMade(database))
    if let reason = rewritten.reason {
      #expect(throws: StoreError.damaged(path: path, reason: reason)) {
        try Store.open(path: path, access: .reading, expander: .libical)
      }
    } else {
      #expect(try Store.open(path: path, access: .reading, expander: .libical) != nil)
    }
  }

  @Test func thereIsOneMigrationPerVersion() {
    #expect(Schema.migrations.count == Store.schemaVersion)
  }

  /// A file as version 1 made it, and a connection to it.
  func version1File(_ path: String) throws -> Database {
    let old = try Database(path: path, create: true)
    try old.execute(Schema.migrations[0])
    try old.execute("PRAGMA application_id=\(Store.applicationID); PRAGMA user_version=1")
    return old
  }

  /// A file of version 1 is read as it is, and the first writer brings it to the current
  /// version, keeping its appointments and any alert it had delivered.
  @Test func aVersion1FileIsReadAsItIsAndMigratedByTheFirstWriter() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/old.db"
    let old = try version1File(path)
    try old.execute(
      """
      INSERT INTO appointment (title, start_at, time_zone, mode, travel_seconds,
        travel_estimated, buffer_seconds, prep_seconds, alerts, created_at)
      VALUES ('저녁', 1800000000, 'Asia/Seoul', 'walk', 600, 0, 0, 0, '0', 1);
      INSERT INTO alert_log VALUES (1, 0, 'leave', 1799999400, 1799999401);
      """)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reader.all().map(\.title) == ["저녁"])
    #expect(try old.scalar("PRAGMA user_version").int == 1)
    _ = try Store.openOrCreate(path: path, expander: .libical)
    #expect(try old.scalar("PRAGMA user_version").int == Store.schemaVersion)
    #expect(try Store.columns(old) == Schema.columns(version: Store.schemaVersion))
    let kept = try old.rows(
      "SELECT appointment_id, lead_seconds, due_at, kind, outcome, recorded_at FROM alert_log")
    #expect(
      kept == [
        [
          .integer(1), .integer(0), .integer(1_799_999_400), .text("leave"), .text("delivered"),
          .integer(1_799_999_401),
        ]
      ])
  }

  /// A version-1 file missing a column is refused before the migration runs, and stays as
  /// it was.
  @Test func aDamagedVersion1FileIsRefusedBeforeMigrating() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/old.db"
    let old = try version1File(path)
    try old.execute("ALTER TABLE appointment DROP COLUMN note")
    let refused = StoreError.damaged(path: path, reason: "'appointment' 테이블에 열이 빠졌습니다: note")
    #expect(throws: refused) { _ = try Store.openOrCreate(path: path, expander: .libical) }
    #expect(try old.scalar("PRAGMA user_version").int == 1)
  }

  /// The longest name a Linux file system takes (255 bytes) can be made, and nothing else is
  /// left in the folder: the temporary name must not be longer than the file's own.
  @Test func aFileNameOfTheLongestLengthCanBeMade() throws {
    let folder = TemporaryFolder()
    let name = String(repeating: "가", count: 83) + "db"  // 83 × 3 + 2 = 251 bytes
    _ = try Store.openOrCreate(path: folder.path + "/" + name, expander: .libical)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
  }

  @Test func schemaIsVersionedWalAndTheStoreEnforcesForeignKeysInARealFile() throws {
    let folder = TemporaryFolder()
    let store = try #require(
      try Store.open(path: folder.path + "/c.db", create: true, expander: .libical))
    let database = try Database(path: folder.path + "/c.db", create: false)
    #expect(try database.scalar("PRAGMA user_version").int == Store.schemaVersion)
    #expect(try database.scalar("PRAGMA application_id").int == Store.applicationID)
    #expect(try database.scalar("PRAGMA journal_mode").string == "wal")
    let tables = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'")
      .compactMap { $0.first?.string }
    #expect(Set(tables).isSuperset(of: ["appointment", "place", "setting", "alert_log"]))
    // Foreign keys are a setting of each connection, so the store's own is the one to ask.
    #expect(try store.database.scalar("PRAGMA foreign_keys") == .integer(1))
    let orphan =
      "INSERT INTO alert_log VALUES (42, 0, 1, 'leave', 'delivered', 'terminal', 2, NULL)"
    // 787 is SQLITE_CONSTRAINT_FOREIGNKEY.
    let refused = StoreError.sqlite(
      path: folder.path + "/c.db", code: 787, message: "FOREIGN KEY constraint failed")
    #expect(throws: refused) { try store.database.rows(orphan) }
    // What a person reads names the file, in Korean, without SQLite's code or the SQL.
    let message =
      "데이터베이스 '\(folder.path)/c.db'를 쓰거나 읽다가 예상하지 못한 오류가 났습니다 [FOREIGN KEY constraint failed]"
    #expect(refused.description == message)
  }

  /// Once written, a store's -wal and -shm files stay beside it between commands, the log
  /// emptied into the file: a command that only reads finds them and makes and removes none.
  /// A reader of a file that has none beside it (a copy) leaves it as it found it.
  @Test func theLogFilesStayEmptyBetweenCommandsAndAReaderMakesNone() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    do {
      let store = try #require(try Store.open(path: path, create: true, expander: .libical))
      for index in 0..<50 { _ = try store.insert(sample("약속 \(index)"), createdAt: added) }
    }
    #expect(folder.bytes("c.db-wal") == Data())
    let written = try Self.inodes(of: path)
    do {
      let store = try #require(try Store.open(path: path, access: .reading, expander: .libical))
      #expect(try store.next(after: added)?.title == "약속 0")
    }
    #expect(try Self.inodes(of: path) == written)
    #expect(folder.bytes("c.db-wal") == Data())
    let copy = folder.path + "/copy.db"
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    #expect(
      try Store.open(path: copy, access: .reading, expander: .libical)?.next(after: added)?.title
        == "약속 0")
    #expect(!FileManager.default.fileExists(atPath: copy + "-wal"))
    #expect(!FileManager.default.fileExists(atPath: copy + "-shm"))
    // Its first write leaves them.
    _ = try #require(try Store.open(path: copy, access: .writing, expander: .libical)).insert(
      sample(), createdAt: added)
    #expect(folder.bytes("copy.db-wal") == Data())
    #expect(FileManager.default.fileExists(atPath: copy + "-shm"))
  }

  /// A reader keeps few pages in SQLite's cache, each buffer used again for the next page it
  /// reads, and still reads a store larger than its cache whole; a writer keeps SQLite's
  /// cache as it is, so a long write keeps its changed pages in memory.
  @Test func aReaderCachesFewPagesAndAWriterKeepsTheDefault() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let writer = try #require(try Store.open(path: path, create: true, expander: .libical))
    try writer.insert((0..<2_000).map { sample("약속 \($0)") }, createdAt: added)
    #expect(try writer.database.scalar("PRAGMA cache_size").int == -2000)
    let pages = try #require(try writer.database.scalar("PRAGMA page_count").int)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reader.database.scalar("PRAGMA cache_size").int == 16)
    #expect(pages > 16)
    #expect(try reader.all().count == 2_000)
  }

  /// The inode numbers of the -wal and -shm files beside `path`: the same numbers are the same
  /// files, not ones removed and made again.
  static func inodes(of path: String) throws -> [Int] {
    try ["-wal", "-shm"].map {
      try #require(
        try FileManager.default.attributesOfItem(atPath: path + $0)[.systemFileNumber] as? Int)
    }
  }

  @Test func appointmentsRoundTripThroughARealFile() throws {
    let folder = TemporaryFolder()
    let store = try #require(
      try Store.open(path: folder.path + "/c.db", create: true, expander: .libical))
    let stored = try store.insert(sample(), createdAt: added)
    #expect(stored.id == 1)
    let reopened = try #require(
      try Store.open(path: folder.path + "/c.db", access: .writing, expander: .libical))
    #expect(try reopened.appointment(id: 1) == stored)
    var edited = stored
    edited.title = "바뀐 제목"
    edited.coordinate = nil
    edited.note = nil
    try reopened.update(edited, now: added)
    #expect(try store.appointment(id: 1) == edited)
    #expect(try store.delete(ids: [1, 99], now: added) == 1)
    #expect(try store.appointmentCount == 0)
    // Ids are never reused, so an old '#1' can never point at a new appointment.
    #expect(try store.insert(sample(), createdAt: added).id == 2)
  }

  @Test func createdAtIsTheInstantTheCallerPassesInARealFile() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try #require(try Store.open(path: path, create: true, expander: .libical))
    let stored = try store.insert(sample(), createdAt: Date(timeIntervalSince1970: 1_700_000_000.7))
    let database = try Database(path: path, create: false)
    #expect(
      try database.scalar("SELECT created_at FROM appointment WHERE id = ?", [.integer(stored.id)])
        == .integer(1_700_000_000))
  }

  @Test func nextIsTheEarliestDepartureNotTheEarliestStart() throws {
    let folder = TemporaryFolder()
    let store = try #require(
      try Store.open(path: folder.path + "/c.db", create: true, expander: .libical))
    let now = Date(timeIntervalSince1970: 1_796_014_800)
    // 17:00 with 10 minutes of travel, then 18:00 with 3 hours.
    _ = try store.insert(sample("가까운 곳", start: 1_796_025_600, travel: 600), createdAt: added)
    _ = try store.insert(sample("먼 곳", start: 1_796_029_200, travel: 3 * 3600), createdAt: added)
    _ = try store.insert(sample("지난 것", start: 1_796_000_000, travel: 600), createdAt: added)
    #expect(try store.next(after: now)?.title == "먼 곳")
    #expect(try store.upcoming(after: now).map(\.title) == ["먼 곳", "가까운 곳"])
    #expect(try store.past(atOrBefore: now).map(\.title) == ["지난 것"])
    #expect(try store.all().map(\.title) == ["지난 것", "가까운 곳", "먼 곳"])
    #expect(try store.appointments(titlePrefix: "가").map(\.title) == ["가까운 곳"])
    #expect(try store.appointments(titlePrefix: "%").isEmpty)
  }

  @Test func oneDefaultPlaceAtATime() throws {
    let folder = TemporaryFolder()
    let store = try #require(
      try Store.open(path: folder.path + "/c.db", create: true, expander: .libical))
    let point = Coordinate(latitude: 37.5, longitude: 127)
    #expect(
      try store.addPlace(
        SavedPlace(name: "집", coordinate: point, isDefault: true), now: .distantPast))
    #expect(
      try store.addPlace(
        SavedPlace(name: "회사", coordinate: point, isDefault: true), now: .distantPast))
    #expect(try !store.addPlace(SavedPlace(name: "집", coordinate: point), now: .distantPast))
    #expect(try store.defaultPlace()?.name == "회사")
    #expect(try store.places().filter(\.isDefault).count == 1)
    #expect(try store.removePlace(named: "회사", now: .distantPast))
    #expect(try !store.removePlace(named: "회사", now: .distantPast))
    #expect(try store.defaultPlace() == nil)
  }

  @Test func settingsAreStoredInTheirNormalFormInARealFile() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try #require(try Store.open(path: path, create: true, expander: .libical))
    var settings = try store.settings()
    try settings.set(.buffer, from: "1시간 15분")
    try store.save(.buffer, of: settings)
    let database = try Database(path: path, create: false)
    #expect(try database.scalar("SELECT value FROM setting WHERE key = 'buffer'") == .text("1h15m"))
    // A key this version does not know is a newer version's, not damage.
    try database.execute("INSERT INTO setting VALUES ('colour', 'blue')")
    let read = try store.settings()
    #expect(read == settings)
    #expect(read.stored == [.buffer])
  }

  @Test func deletingAnAppointmentDeletesItsAlertLog() throws {
    let folder = TemporaryFolder()
    let store = try #require(
      try Store.open(path: folder.path + "/c.db", create: true, expander: .libical))
    let stored = try store.insert(sample(), createdAt: added)
    let database = try Database(path: folder.path + "/c.db", create: false)
    try database.execute("PRAGMA foreign_keys=ON")
    try database.rows(
      "INSERT INTO alert_log VALUES (?, 0, 1, 'leave', 'delivered', 'terminal', 2, NULL)",
      [.integer(stored.id)])
    _ = try store.delete(ids: [stored.id], now: added)
    #expect(try database.scalar("SELECT count(*) FROM alert_log").int == 0)
  }

  enum Foreign: String, CaseIterable {
    case newerVersion, otherProgram, notADatabase, truncated
  }

  @Test(arguments: Foreign.allCases)
  func foreignOrDamagedFilesAreRefusedAndLeftByteForByte(_ kind: Foreign) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let expected: StoreError
    switch kind {
    case .newerVersion:
      _ = try Store.open(path: path, create: true, expander: .libical)?.insert(
        sample(), createdAt: added)
      try Database(path: path, create: false).execute("PRAGMA user_version=99")
      expected = .newerVersion(path: path, found: 99, supported: Store.schemaVersion)
    case .otherProgram:
      try Database(path: path, create: true).execute("CREATE TABLE photos (id INTEGER)")
      expected = .notChulbal(path: path)
    case .notADatabase:
      try Data("이건 데이터베이스가 아닙니다\n".utf8 + Array(repeating: 7, count: 5000)).write(
        to: URL(fileURLWithPath: path))
      expected = .damaged(path: path, reason: "SQLite: file is not a database")
    case .truncated:
      do {
        let store = try #require(try Store.open(path: path, create: true, expander: .libical))
        for index in 0..<200 { _ = try store.insert(sample("약속 \(index)"), createdAt: added) }
      }
      // Closing the last connection checkpointed the log into the file and emptied it.
      #expect(folder.bytes("c.db-wal") == Data())
      let whole = try #require(folder.bytes("c.db"))
      try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
      // SQLite finds the header's page count larger than the file at the first read, so even
      // a truncated file is refused by open itself, before any row is read.
      expected = .damaged(
        path: path, reason: "SQLite: database disk image is malformed")
    }
    let before = try #require(folder.bytes("c.db"))
    #expect(throws: expected) { try Store.open(path: path, create: true, expander: .libical) }
    #expect(folder.bytes("c.db") == before)
  }

  @Test func theImmutableURINamesThePathExactly() {
    #expect(Database.uri("/a b/c?d#e%f.db") == "file:///a%20b/c%3Fd%23e%25f.db")
    #expect(Database.uri("//x.db") == "file:////x.db")
    #expect(Database.uri("rel/약.db") == "file:rel/%EC%95%BD.db")
  }

  @Test func theFolderOfAPathIsEverythingBeforeItsLastSlash() {
    #expect(StoreFile.folder(of: "a") == ".")
    #expect(StoreFile.folder(of: "/x.db") == "/")
    #expect(StoreFile.folder(of: "d/e/x.db") == "d/e")
    // A combining mark after the slash makes one character with it, but not one scalar.
    #expect(StoreFile.folder(of: "d/\u{301}x.db") == "d")
  }

  @Test func defaultPathFollowsXDGAndCHULBALDB() {
    #expect(Store.defaultPath(environment: ["CHULBAL_DB": "/x/y.db", "HOME": "/h"]) == "/x/y.db")
    #expect(
      Store.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
        == "/d/chulbal/chulbal.db")
    #expect(
      Store.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
        == "/h/.local/share/chulbal/chulbal.db")
    #expect(Store.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/chulbal/chulbal.db")
  }
}
