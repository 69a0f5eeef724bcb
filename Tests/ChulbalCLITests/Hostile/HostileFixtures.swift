import ChulbalCore
import ChulbalSystem
import ChulbalTestSupport
import Foundation

@testable import ChulbalStore

/// What a hostile case finds in its folder before it runs.
enum HostileFixture: Sendable, Hashable, CustomStringConvertible {
  /// No database yet.
  case empty
  /// A place, two upcoming appointments, a past one and a setting, made by the binary.
  case standard
  /// The standard database with appointment #1's title, place and note, and the saved
  /// place's name, all set to a hostile text behind the commands' backs (as an older version
  /// or an import might have stored it).
  case content(String)
  /// The standard database, then broken in one way.
  case mutated(DatabaseMutation)

  var description: String {
    switch self {
    case .empty: "no database"
    case .standard: "standard database"
    case .content(let text): "content \(text.debugDescription)"
    case .mutated(let mutation): "database \(mutation)"
    }
  }

  /// The database file's name in the case's folder.
  static let databaseName = "chulbal.db"

  /// Makes the fixture in `folder`.
  func make(in folder: String) throws {
    switch self {
    case .empty: return
    case .standard: try HostileTemplate.copy(HostileTemplate.standard, to: folder)
    case .content(let text):
      try HostileTemplate.copy(HostileTemplate.standard, to: folder)
      try HostileTemplate.execute(
        """
        UPDATE appointment SET title = \(Self.literal(text)), place = \(Self.literal(text)),
          note = \(Self.literal(text)) WHERE id = 1;
        UPDATE place SET name = \(Self.literal(text));
        """, in: folder)
    case .mutated(let mutation):
      try HostileTemplate.copy(HostileTemplate.standard, to: folder)
      try mutation.apply(in: folder)
    }
  }

  /// An SQL string literal for any text, control characters included.
  static func literal(_ text: String) -> String {
    "CAST(x'" + text.utf8.map { String(format: "%02x", $0) }.joined() + "' AS TEXT)"
  }
}

/// One way a database file can be wrong. Each is a real file, made by SQLite or by writing
/// bytes over a real database.
enum DatabaseMutation: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
  // The file as a whole: every command refuses it and leaves it as it was.
  case damagedPages, zeroedHeader, truncatedToHalf, truncatedToOnePage, foreignApplicationID
  case newerVersion, negativeVersion, lowestVersion, versionZero, placeTableDropped
  case noteColumnDropped, applicationIDWithoutTables, directory, symlinkLoop
  // The change that makes the file foreign or newer still in its write-ahead log, which
  // closing a connection would copy into the file.
  case foreignInPendingLog, newerInPendingLog
  // One row's values: every command that reads the row refuses it.
  case travelAtInt64Max, startAtInt64Max, startAtInt64Min, startAsText, startAsHugeReal
  case unknownZone, latitudeOutOfRange, unknownMode, titleNotUTF8, titleWithNUL
  case settingNotADuration
  // Files a reading command must leave exactly as they are.
  case zeroBytes, emptyForeignSQLite

  var description: String { rawValue }

  enum Expected {
    /// Every command exits 1 with one line, and the folder is unchanged.
    case refusedByEveryCommand
    /// Every command that writes exits 1 with one line (it checks every page first); one that
    /// reads refuses when it meets the damage, and otherwise shows what the intact file holds.
    case refusedByWritersAndByReadersThatSeeIt
    /// Every command that reads appointment #1 exits 1 with one line.
    case refusedWhenRowIsRead
    /// A reading command writes nothing.
    case untouchedByReaders
    /// Every command that reads the settings exits 1 with one line.
    case refusedWhenSettingsAreRead
  }

  var expected: Expected {
    switch self {
    case .travelAtInt64Max, .startAtInt64Max, .startAtInt64Min, .startAsText, .startAsHugeReal,
      .unknownZone, .latitudeOutOfRange, .unknownMode, .titleNotUTF8, .titleWithNUL:
      .refusedWhenRowIsRead
    case .settingNotADuration: .refusedWhenSettingsAreRead
    case .damagedPages: .refusedByWritersAndByReadersThatSeeIt
    case .zeroBytes, .emptyForeignSQLite: .untouchedByReaders
    default: .refusedByEveryCommand
    }
  }

  func apply(in folder: String) throws {
    let path = folder + "/" + HostileFixture.databaseName
    let sql: String
    switch self {
    case .damagedPages:
      // 600 bytes of noise over the fourth page, after SQLite closed (and checkpointed) it.
      var random = SeededRandom(seed: 12288)
      try HostileTemplate.overwrite(
        path, at: 12288, with: (0..<600).map { _ in UInt8.random(in: 0...255, using: &random) })
      return
    case .zeroedHeader:
      try HostileTemplate.overwrite(path, at: 0, with: [UInt8](repeating: 0, count: 100))
      return
    case .truncatedToHalf, .truncatedToOnePage:
      let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
      guard truncate(path, off_t(self == .truncatedToHalf ? size / 2 : 4096)) == 0 else {
        throw CocoaError(.fileWriteUnknown)
      }
      return
    case .directory:
      try FileManager.default.removeItem(atPath: path)
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      return
    case .symlinkLoop:
      try FileManager.default.removeItem(atPath: path)
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
      return
    case .zeroBytes:
      try Data().write(to: URL(fileURLWithPath: path))
      return
    case .emptyForeignSQLite:
      try FileManager.default.removeItem(atPath: path)
      let database = try Database(path: path, create: true)
      try database.execute("PRAGMA page_size=4096; VACUUM")
      return
    case .applicationIDWithoutTables:
      try FileManager.default.removeItem(atPath: path)
      let database = try Database(path: path, create: true)
      try database.execute("PRAGMA application_id=\(Store.applicationID)")
      return
    case .foreignInPendingLog, .newerInPendingLog:
      let database = try Database(path: path)
      database.checkpointOnClose(false)
      try database.execute(
        self == .foreignInPendingLog ? "PRAGMA application_id=1234" : "PRAGMA user_version=99")
      return
    case .foreignApplicationID: sql = "PRAGMA application_id=1234"
    case .newerVersion: sql = "PRAGMA user_version=99"
    case .negativeVersion: sql = "PRAGMA user_version=-1"
    case .lowestVersion: sql = "PRAGMA user_version=-2147483648"
    case .versionZero: sql = "PRAGMA user_version=0"
    case .placeTableDropped: sql = "DROP TABLE place"
    case .noteColumnDropped: sql = "ALTER TABLE appointment DROP COLUMN note"
    case .travelAtInt64Max: sql = Self.update("travel_seconds = 9223372036854775807")
    case .startAtInt64Max: sql = Self.update("start_at = 9223372036854775807")
    case .startAtInt64Min: sql = Self.update("start_at = -9223372036854775808")
    case .startAsText: sql = Self.update("start_at = 'abc'")
    case .startAsHugeReal: sql = Self.update("start_at = 1.5e300")
    case .unknownZone: sql = Self.update("time_zone = 'Mars/Olympus'")
    case .latitudeOutOfRange: sql = Self.update("lat = 999")
    case .unknownMode: sql = "PRAGMA ignore_check_constraints=ON; " + Self.update("mode = 'plane'")
    case .titleNotUTF8: sql = Self.update("title = CAST(x'ff41' AS TEXT)")
    case .titleWithNUL: sql = Self.update("title = 'a' || char(0) || 'b'")
    case .settingNotADuration:
      sql = "INSERT OR REPLACE INTO setting (key, value) VALUES ('buffer', 'soon')"
    }
    try HostileTemplate.execute(sql, in: folder)
  }

  private static func update(_ assignment: String) -> String {
    "UPDATE appointment SET \(assignment) WHERE id = 1"
  }
}

/// The databases the fixtures start from, each made once per test run by the binary itself.
enum HostileTemplate {
  /// Appointment #1 `저녁 약속` and #2 `회의` far ahead, #3 in the past; the default place `집`;
  /// `buffer` 15m.
  static let standard: String = {
    let folder = NSTemporaryDirectory() + "chulbal-hostile-template-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let database = ["--db", folder + "/" + HostileFixture.databaseName]
    let lines = [
      ["place", "add", "집", "--coord", "37.5547,126.9707", "--default"],
      [
        "add", "저녁 약속", "--at", "2099-06-01T19:00+09:00", "--coord", "37.4979,127.0276",
        "--place", "강남역", "--note", "2번 출구",
      ],
      ["add", "회의", "--at", "2099-06-02T10:00+09:00", "--travel", "20m"],
      [
        "add", "지난 약속", "--at", "2020-01-01T10:00+09:00", "--travel", "5m", "--now",
        "2019-12-31T10:00+09:00",
      ],
      ["config", "set", "buffer", "15m"],
    ]
    for line in lines {
      let child = try? ChildProcess(
        [ChulbalProcess.executable.path] + database + line,
        environment: ["TZ": "Asia/Seoul", "HOME": folder], standardError: folder + "/.stderr")
      let status = child?.wait()
      precondition(status == 0, "making the template: \(line) exited \(String(describing: status))")
    }
    try? FileManager.default.removeItem(atPath: folder + "/.stderr")
    return folder
  }()

  static func copy(_ template: String, to folder: String) throws {
    let name = HostileFixture.databaseName
    try FileManager.default.copyItem(atPath: template + "/" + name, toPath: folder + "/" + name)
  }

  static func execute(_ sql: String, in folder: String) throws {
    let database = try Database(path: folder + "/" + HostileFixture.databaseName, create: false)
    try database.execute(sql)
  }

  static func overwrite(_ path: String, at offset: UInt64, with bytes: [UInt8]) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seek(toOffset: offset)
    try handle.write(contentsOf: Data(bytes))
  }
}
