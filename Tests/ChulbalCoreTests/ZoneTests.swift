import ChulbalCore
import ChulbalSystem
import Foundation
import Testing

/// Which names make a zone, and from which file, in the system's database and in databases
/// made here (a folder with a zone file and a `tzdata.zi`).
@Suite struct ZoneTests {
  static let system = "/usr/share/zoneinfo"
  static let seoulOffset = 32_400
  static let now = 1_796_000_000  // 2026-11-29

  /// A database of one zone file, Asia/Seoul, whose summary also lists the link `ROK` that
  /// has no file (as Debian 13 leaves `ROK` to tzdata-legacy).
  static func database(summary: String?) throws -> String {
    let folder = NSTemporaryDirectory() + "chulbal-zones-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: folder + "/Asia", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: system + "/Asia/Seoul", toPath: folder + "/Asia/Seoul")
    if let summary {
      try summary.write(toFile: folder + "/tzdata.zi", atomically: true, encoding: .utf8)
    }
    return folder
  }

  static let summary =
    "# version 2026a\nZ Asia/Seoul 8:27:52 - LMT 1908 Ap\nL Asia/Seoul ROK\nL Asia/Nowhere Atlantis\n"

  @Test func aLinkWithoutAFileIsReadThroughItsTargetUnderItsOwnName() throws {
    let folder = try Self.database(summary: Self.summary)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let zone = try #require(ZoneDatabase(directory: folder).zone(named: "ROK"))
    #expect(zone.identifier == "ROK")
    #expect(zone.offset(atSecond: Self.now) == Self.seoulOffset)
    // A link to a zone the database has no file for is no zone.
    #expect(ZoneDatabase(directory: folder).zone(named: "Atlantis") == nil)
    #expect(ZoneDatabase(directory: folder).zone(named: "Europe/Nowhere") == nil)
    #expect(ZoneDatabase(directory: folder).names() == ["Asia/Seoul", "ROK", "Atlantis"])
    #expect(ZoneDatabase(directory: folder).exists)
  }

  @Test func withoutADatabaseOnlyUTCIsKnown() throws {
    let folder = NSTemporaryDirectory() + "chulbal-zones-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(!ZoneDatabase(directory: folder).exists)
    for name in ["UTC", "Etc/UTC", "GMT", "Zulu", "Etc/GMT0"] {
      let zone = try #require(ZoneDatabase(directory: folder).zone(named: name), "\(name)")
      #expect(zone.offset(atSecond: Self.now) == 0)
      #expect(zone.identifier == name)
    }
    #expect(ZoneDatabase(directory: folder).zone(named: "Asia/Seoul") == nil)
    #expect(ZoneDatabase(directory: folder).names().isEmpty)
  }

  /// The database's files that are not zones, paths out of it, offsets and leap-second zones
  /// are no zone names, though most are files.
  @Test(arguments: [
    "localtime", "posixrules", "right/Asia/Seoul", "../zoneinfo/Asia/Seoul", "Asia/../Asia/Seoul",
    "Asia/./Seoul", "/usr/share/zoneinfo/Asia/Seoul", "GMT+9", "UTC-3:30", "", "Asia",
    "Asia/Seoul\n", "Asia/Seoul ", "Etc/./UTC", "Etc/../Etc/UTC",
  ])
  func notAZoneName(_ name: String) {
    #expect(ZoneDatabase(directory: Self.system).zone(named: name) == nil)
  }

  @Test func posixZonesAreTheirPlainNames() throws {
    let zone = try #require(ZoneDatabase(directory: Self.system).zone(named: "posix/Asia/Seoul"))
    #expect(zone.identifier == "Asia/Seoul")
    #expect(zone == ZoneDatabase(directory: Self.system).zone(named: "Asia/Seoul"))
  }

  /// A zone is read once per process and database: the same file in another folder is
  /// another zone's file, however alike the names.
  @Test func eachDatabaseIsReadForItself() throws {
    let folder = try Self.database(summary: nil)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let system = try #require(ZoneDatabase(directory: Self.system).zone(named: "Asia/Seoul"))
    #expect(ZoneDatabase(directory: folder).zone(named: "America/New_York") == nil)
    #expect(ZoneDatabase(directory: Self.system).zone(named: "America/New_York") != nil)
    #expect(
      ZoneDatabase(directory: folder).zone(named: "Asia/Seoul")?.offset(atSecond: Self.now)
        == system.offset(atSecond: Self.now))
  }
}
