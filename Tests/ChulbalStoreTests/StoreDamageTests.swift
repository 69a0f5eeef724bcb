import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// Writes `sql` into the file past the schema's NOT NULL and CHECK constraints, as a damaged or
/// hand-edited file would hold it.
func writeDamage(_ path: String, _ sql: String) throws {
  // NOT NULL cannot be switched off, so it is taken out of the stored schema; the next
  // connection reads the schema without it.
  try Database(path: path, create: false).execute(
    """
    PRAGMA writable_schema=ON;
    UPDATE sqlite_master SET sql = replace(sql, 'NOT NULL', '') WHERE type = 'table';
    """)
  try Database(path: path, create: false).execute("PRAGMA ignore_check_constraints=ON; " + sql)
}

/// One damaged value and the reason the store must give for it.
struct Damage: Sendable, CustomTestStringConvertible {
  let sql: String
  let reason: String

  init(_ sql: String, _ reason: String) {
    self.sql = sql
    self.reason = reason
  }

  var testDescription: String { reason }
}

@Suite struct StoreDamageTests {
  static let appointmentDamage = [
    Damage("UPDATE appointment SET title = NULL", "appointment #1: title is NULL"),
    Damage("UPDATE appointment SET title = x'e6b0'", "appointment #1: title is not text"),
    Damage(
      "UPDATE appointment SET start_at = 'soon'", "appointment #1: start_at is not an integer"),
    Damage("UPDATE appointment SET start_at = 1.5", "appointment #1: start_at is not an integer"),
    Damage("UPDATE appointment SET time_zone = NULL", "appointment #1: time_zone is NULL"),
    Damage(
      "UPDATE appointment SET time_zone = 'Mars/Olympus'",
      "appointment #1: time_zone 'Mars/Olympus'"),
    Damage("UPDATE appointment SET place = x'00'", "appointment #1: place is not text"),
    Damage("UPDATE appointment SET lat = 'north'", "appointment #1: lat is not a number"),
    Damage("UPDATE appointment SET lat = 91.5", "appointment #1: lat '91.5'"),
    Damage("UPDATE appointment SET lng = -180.5", "appointment #1: lng '-180.5'"),
    Damage("UPDATE appointment SET lng = NULL", "appointment #1: lng is NULL but lat is not"),
    Damage("UPDATE appointment SET lat = NULL", "appointment #1: lat is NULL but lng is not"),
    Damage("UPDATE appointment SET origin_name = x'01'", "appointment #1: origin_name is not text"),
    Damage(
      "UPDATE appointment SET origin_lat = -90.5", "appointment #1: origin_lat '-90.5'"),
    Damage(
      "UPDATE appointment SET origin_lng = NULL",
      "appointment #1: origin_lng is NULL but origin_lat is not"),
    Damage(
      "UPDATE appointment SET origin_lat = NULL, origin_lng = NULL",
      "appointment #1: origin_lat and origin_lng are NULL but origin_name is not"),
    Damage("UPDATE appointment SET mode = 'plane'", "appointment #1: mode 'plane'"),
    Damage("UPDATE appointment SET mode = NULL", "appointment #1: mode is NULL"),
    Damage("UPDATE appointment SET travel_seconds = -60", "appointment #1: travel_seconds '-60'"),
    // Text sorts after every number in SQLite, so this one passes the CHECK even when enforced.
    Damage(
      "UPDATE appointment SET travel_seconds = 'half an hour'",
      "appointment #1: travel_seconds is not an integer"),
    Damage(
      "UPDATE appointment SET travel_estimated = 2", "appointment #1: travel_estimated '2'"),
    Damage(
      "UPDATE appointment SET travel_estimated = NULL", "appointment #1: travel_estimated is NULL"),
    Damage("UPDATE appointment SET buffer_seconds = -1", "appointment #1: buffer_seconds '-1'"),
    Damage(
      "UPDATE appointment SET prep_seconds = 1.5", "appointment #1: prep_seconds is not an integer"),
    Damage("UPDATE appointment SET alerts = '30m,0'", "appointment #1: alerts '30m,0'"),
    Damage("UPDATE appointment SET alerts = '1800,,0'", "appointment #1: alerts '1800,,0'"),
    Damage("UPDATE appointment SET alerts = '-60'", "appointment #1: alerts '-60'"),
    Damage("UPDATE appointment SET alerts = '+60'", "appointment #1: alerts '+60'"),
    Damage("UPDATE appointment SET alerts = NULL", "appointment #1: alerts is NULL"),
    Damage("UPDATE appointment SET note = x''", "appointment #1: note is not text"),
  ]

  @Test(arguments: appointmentDamage)
  func damagedAppointmentIsRefusedNamingRowAndColumnInARealFile(_ damage: Damage) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    _ = try #require(try Store.open(path: path, create: true)).insert(sample(), createdAt: added)
    try writeDamage(path, damage.sql)
    let before = try #require(folder.bytes("c.db"))
    // Closed before the bytes are compared, so anything it wrote is checkpointed into the file.
    do {
      let store = try #require(try Store.open(path: path, create: false))
      let expected = StoreError.damaged(path: path, reason: damage.reason)
      #expect(throws: expected) { try store.all() }
      #expect(throws: expected) { try store.appointment(id: 1) }
      #expect(throws: expected) { try store.next(after: Date(timeIntervalSince1970: 0)) }
    }
    #expect(folder.bytes("c.db") == before)
  }

  @Test func emptyAlertsAreNoAlertsInARealFile() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    _ = try #require(try Store.open(path: path, create: true)).insert(sample(), createdAt: added)
    try Database(path: path, create: false).execute("UPDATE appointment SET alerts = ''")
    let store = try #require(try Store.open(path: path, create: false))
    #expect(try store.appointment(id: 1)?.alertLeads == [])
  }

  @Test func lookupsDecodeOnlyTheRowsTheyAskForInARealFile() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let point = Coordinate(latitude: 37.5, longitude: 127)
    do {
      let store = try #require(try Store.open(path: path, create: true))
      _ = try store.insert(sample("먼저", start: 1_796_025_600), createdAt: added)
      _ = try store.insert(sample("나중", start: 1_796_029_200), createdAt: added)
      #expect(try store.addPlace(SavedPlace(name: "집", coordinate: point, isDefault: true)))
      #expect(try store.addPlace(SavedPlace(name: "회사", coordinate: point)))
    }
    try writeDamage(
      path,
      "UPDATE appointment SET mode = 'plane' WHERE id = 2; UPDATE place SET lat = 'north' "
        + "WHERE name = '회사'")
    let store = try #require(try Store.open(path: path, create: false))
    #expect(try store.next(after: Date(timeIntervalSince1970: 0))?.title == "먼저")
    #expect(try store.place(named: "집")?.name == "집")
    #expect(try store.defaultPlace()?.name == "집")
    #expect(throws: StoreError.damaged(path: path, reason: "place '회사': lat is not a number")) {
      try store.places()
    }
  }

  /// Where a damaged place is read from: a lookup only decodes the rows it asks for.
  enum Lookup: Sendable {
    case named(String)
    case defaultPlace
  }

  struct PlaceDamage: Sendable, CustomTestStringConvertible {
    let damage: Damage
    let lookup: Lookup

    var testDescription: String { damage.reason }
  }

  static let placeDamage = [
    PlaceDamage(
      damage: Damage("UPDATE place SET name = NULL", "place: name is NULL"), lookup: .defaultPlace),
    PlaceDamage(
      damage: Damage("UPDATE place SET lat = 'north'", "place '집': lat is not a number"),
      lookup: .named("집")),
    PlaceDamage(
      damage: Damage("UPDATE place SET lng = 200", "place '집': lng '200.0'"),
      lookup: .defaultPlace),
    PlaceDamage(
      damage: Damage("UPDATE place SET lat = NULL, lng = NULL", "place '집': lat and lng are NULL"),
      lookup: .named("집")),
    PlaceDamage(
      damage: Damage("UPDATE place SET is_default = 2", "place '집': is_default '2'"),
      lookup: .named("집")),
  ]

  @Test(arguments: placeDamage)
  func damagedPlaceIsRefusedNamingRowAndColumnInARealFile(_ damage: PlaceDamage) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let home = SavedPlace(
      name: "집", coordinate: Coordinate(latitude: 37.5547, longitude: 126.9707), isDefault: true)
    #expect(try #require(try Store.open(path: path, create: true)).addPlace(home))
    try writeDamage(path, damage.damage.sql)
    let before = try #require(folder.bytes("c.db"))
    do {
      let store = try #require(try Store.open(path: path, create: false))
      let expected = StoreError.damaged(path: path, reason: damage.damage.reason)
      #expect(throws: expected) { try store.places() }
      #expect(throws: expected) {
        switch damage.lookup {
        case .named(let name): try store.place(named: name)
        case .defaultPlace: try store.defaultPlace()
        }
      }
    }
    #expect(folder.bytes("c.db") == before)
  }

  static let settingDamage = [
    Damage("INSERT INTO setting VALUES ('buffer', 'soon')", "setting 'buffer': value 'soon'"),
    Damage("INSERT INTO setting VALUES ('mode', NULL)", "setting 'mode': value is NULL"),
    Damage("INSERT INTO setting VALUES ('alerts', x'00')", "setting 'alerts': value is not text"),
    Damage("INSERT INTO setting VALUES (NULL, '10m')", "setting: key is NULL"),
  ]

  @Test(arguments: settingDamage)
  func damagedSettingIsRefusedNamingItInARealFile(_ damage: Damage) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    _ = try Store.open(path: path, create: true)
    try writeDamage(path, damage.sql)
    let before = try #require(folder.bytes("c.db"))
    do {
      let store = try #require(try Store.open(path: path, create: false))
      #expect(throws: StoreError.damaged(path: path, reason: damage.reason)) {
        try store.settings()
      }
    }
    #expect(folder.bytes("c.db") == before)
  }
}
