import ChulbalCalendar
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
    Damage("UPDATE appointment SET title = NULL", "약속 #1, title: 값이 없습니다 (NULL)"),
    Damage("UPDATE appointment SET title = x'e6b0'", "약속 #1, title: 텍스트가 아닙니다"),
    // Text that is not UTF-8, or holds a NUL, is reported rather than repaired or cut short.
    Damage(
      "UPDATE appointment SET title = CAST(x'ff41' AS TEXT)",
      "약속 #1, title: UTF-8이 아닌 텍스트입니다"),
    Damage(
      "UPDATE appointment SET note = 'a' || char(0) || 'b'",
      "약속 #1, note: 텍스트에 NUL 문자가 있습니다"),
    Damage(
      "UPDATE appointment SET place = CAST(x'c0af' AS TEXT)",
      "약속 #1, place: UTF-8이 아닌 텍스트입니다"),
    Damage(
      "UPDATE appointment SET start_at = 'soon'", "약속 #1, start_at: 정수가 아닙니다"),
    Damage("UPDATE appointment SET start_at = 1.5", "약속 #1, start_at: 정수가 아닙니다"),
    Damage("UPDATE appointment SET time_zone = NULL", "약속 #1, time_zone: 값이 없습니다 (NULL)"),
    Damage(
      "UPDATE appointment SET time_zone = 'Mars/Olympus'",
      "약속 #1, time_zone: 알 수 없는 시간대 'Mars/Olympus'"),
    Damage("UPDATE appointment SET place = x'00'", "약속 #1, place: 텍스트가 아닙니다"),
    Damage("UPDATE appointment SET lat = 'north'", "약속 #1, lat: 숫자가 아닙니다"),
    Damage("UPDATE appointment SET lat = 91.5", "약속 #1, lat: 범위 밖의 값 '91.5' (-90~90)"),
    Damage("UPDATE appointment SET lng = -180.5", "약속 #1, lng: 범위 밖의 값 '-180.5' (-180~180)"),
    Damage("UPDATE appointment SET lng = NULL", "약속 #1, lng: lat에는 값이 있는데 이 열은 비어 있습니다 (NULL)"),
    Damage("UPDATE appointment SET lat = NULL", "약속 #1, lat: lng에는 값이 있는데 이 열은 비어 있습니다 (NULL)"),
    Damage("UPDATE appointment SET origin_name = x'01'", "약속 #1, origin_name: 텍스트가 아닙니다"),
    Damage(
      "UPDATE appointment SET origin_lat = -90.5", "약속 #1, origin_lat: 범위 밖의 값 '-90.5' (-90~90)"),
    Damage(
      "UPDATE appointment SET origin_lng = NULL",
      "약속 #1, origin_lng: origin_lat에는 값이 있는데 이 열은 비어 있습니다 (NULL)"),
    Damage(
      "UPDATE appointment SET origin_lat = NULL, origin_lng = NULL",
      "약속 #1, origin_name: 값이 있는데 origin_lat과 origin_lng가 비어 있습니다 (NULL)"),
    Damage("UPDATE appointment SET mode = 'plane'", "약속 #1, mode: 알 수 없는 값 'plane'"),
    Damage(
      "UPDATE appointment SET origin_reason = 'guess'",
      "약속 #1, origin_reason: 알 수 없는 값 'guess'"),
    Damage(
      "UPDATE appointment SET length_seconds = -1",
      "약속 #1, length_seconds: 범위 밖의 값 '-1' (0~604800초)"),
    Damage("UPDATE appointment SET mode = NULL", "약속 #1, mode: 값이 없습니다 (NULL)"),
    Damage(
      "UPDATE appointment SET travel_seconds = -60",
      "약속 #1, travel_seconds: 범위 밖의 값 '-60' (0~604800초)"),
    // Text sorts after every number in SQLite, so this one passes the CHECK even when enforced.
    Damage(
      "UPDATE appointment SET travel_seconds = 'half an hour'",
      "약속 #1, travel_seconds: 정수가 아닙니다"),
    Damage(
      "UPDATE appointment SET travel_estimated = 2", "약속 #1, travel_estimated: 0이나 1이 아닌 값 '2'"),
    Damage(
      "UPDATE appointment SET travel_estimated = NULL", "약속 #1, travel_estimated: 값이 없습니다 (NULL)"),
    Damage(
      "UPDATE appointment SET travel_source = 'plane'", "약속 #1, travel_source: 알 수 없는 값 'plane'"),
    Damage(
      "UPDATE appointment SET buffer_seconds = -1",
      "약속 #1, buffer_seconds: 범위 밖의 값 '-1' (0~604800초)"),
    Damage(
      "UPDATE appointment SET prep_seconds = 1.5", "약속 #1, prep_seconds: 정수가 아닙니다"),
    Damage("UPDATE appointment SET alerts = '30m,0'", "약속 #1, alerts: 잘못된 목록 '30m,0'"),
    Damage("UPDATE appointment SET alerts = '1800,,0'", "약속 #1, alerts: 잘못된 목록 '1800,,0'"),
    Damage("UPDATE appointment SET alerts = '-60'", "약속 #1, alerts: 잘못된 목록 '-60'"),
    Damage("UPDATE appointment SET alerts = '+60'", "약속 #1, alerts: 잘못된 목록 '+60'"),
    Damage("UPDATE appointment SET alerts = '1800,'", "약속 #1, alerts: 잘못된 목록 '1800,'"),
    Damage("UPDATE appointment SET alerts = ',0'", "약속 #1, alerts: 잘못된 목록 ',0'"),
    Damage("UPDATE appointment SET alerts = '١٨٠٠'", "약속 #1, alerts: 잘못된 목록 '١٨٠٠'"),
    Damage(
      "UPDATE appointment SET alerts = '99999999999999999999999'",
      "약속 #1, alerts: 잘못된 목록 '99999999999999999999999'"),
    Damage("UPDATE appointment SET alerts = NULL", "약속 #1, alerts: 값이 없습니다 (NULL)"),
    Damage("UPDATE appointment SET note = x''", "약속 #1, note: 텍스트가 아닙니다"),
    // Values the column's type allows but the schema's meaning does not.
    Damage(
      "UPDATE appointment SET travel_seconds = 9223372036854775807",
      "약속 #1, travel_seconds: 범위 밖의 값 '9223372036854775807' (0~604800초)"),
    Damage(
      "UPDATE appointment SET buffer_seconds = 604801",
      "약속 #1, buffer_seconds: 범위 밖의 값 '604801' (0~604800초)"),
    Damage(
      "UPDATE appointment SET prep_seconds = 4000000000",
      "약속 #1, prep_seconds: 범위 밖의 값 '4000000000' (0~604800초)"),
    Damage("UPDATE appointment SET alerts = '1800,604801'", "약속 #1, alerts: 잘못된 목록 '1800,604801'"),
    Damage(
      "UPDATE appointment SET start_at = 9223372036854775807",
      "약속 #1, start_at: 범위 밖의 값 '9223372036854775807' (1900~2200년)"),
    Damage(
      "UPDATE appointment SET start_at = -2209039201",
      "약속 #1, start_at: 범위 밖의 값 '-2209039201' (1900~2200년)"),
    Damage("UPDATE appointment SET start_at = 1.5e300", "약속 #1, start_at: 정수가 아닙니다"),
  ]

  @Test(arguments: appointmentDamage)
  func damagedAppointmentIsRefusedNamingRowAndColumnInARealFile(_ damage: Damage) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    _ = try #require(try Store.open(path: path, create: true, expander: .libical)).insert(
      sample(), createdAt: added)
    try writeDamage(path, damage.sql)
    let before = try #require(folder.bytes("c.db"))
    // Closed before the bytes are compared, so anything it wrote is checkpointed into the file.
    do {
      let store = try #require(try Store.open(path: path, create: false, expander: .libical))
      let expected = StoreError.damaged(path: path, reason: damage.reason)
      #expect(throws: expected) { try store.all() }
      #expect(throws: expected) { try store.appointment(id: 1) }
      #expect(throws: expected) { try store.next(after: Date(timeIntervalSince1970: -4e9)) }
    }
    #expect(folder.bytes("c.db") == before)
  }

  @Test func emptyAlertsAreNoAlertsInARealFile() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    _ = try #require(try Store.open(path: path, create: true, expander: .libical)).insert(
      sample(), createdAt: added)
    try Database(path: path, create: false).execute("UPDATE appointment SET alerts = ''")
    let store = try #require(try Store.open(path: path, create: false, expander: .libical))
    #expect(try store.appointment(id: 1)?.alertLeads == [])
  }

  @Test func lookupsDecodeOnlyTheRowsTheyAskForInARealFile() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let point = Coordinate(latitude: 37.5, longitude: 127)
    do {
      let store = try #require(try Store.open(path: path, create: true, expander: .libical))
      _ = try store.insert(sample("먼저", start: 1_796_025_600), createdAt: added)
      _ = try store.insert(sample("나중", start: 1_796_029_200), createdAt: added)
      #expect(
        try store.addPlace(
          SavedPlace(name: "집", coordinate: point, isDefault: true), now: .distantPast))
      #expect(try store.addPlace(SavedPlace(name: "회사", coordinate: point), now: .distantPast))
    }
    try writeDamage(
      path,
      "UPDATE appointment SET mode = 'plane' WHERE id = 2; UPDATE place SET lat = 'north' "
        + "WHERE name = '회사'")
    let store = try #require(try Store.open(path: path, create: false, expander: .libical))
    #expect(try store.next(after: Date(timeIntervalSince1970: 0))?.title == "먼저")
    #expect(try store.place(named: "집")?.name == "집")
    #expect(try store.defaultPlace()?.name == "집")
    #expect(throws: StoreError.damaged(path: path, reason: "장소 '회사', lat: 숫자가 아닙니다")) {
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
      damage: Damage("UPDATE place SET name = NULL", "장소, name: 값이 없습니다 (NULL)"),
      lookup: .defaultPlace),
    PlaceDamage(
      damage: Damage("UPDATE place SET lat = 'north'", "장소 '집', lat: 숫자가 아닙니다"),
      lookup: .named("집")),
    PlaceDamage(
      damage: Damage("UPDATE place SET lng = 200", "장소 '집', lng: 범위 밖의 값 '200.0' (-180~180)"),
      lookup: .defaultPlace),
    PlaceDamage(
      damage: Damage("UPDATE place SET lat = NULL, lng = NULL", "장소 '집', lat, lng: 값이 없습니다 (NULL)"),
      lookup: .named("집")),
    PlaceDamage(
      damage: Damage("UPDATE place SET is_default = 2", "장소 '집', is_default: 0이나 1이 아닌 값 '2'"),
      lookup: .named("집")),
  ]

  @Test(arguments: placeDamage)
  func damagedPlaceIsRefusedNamingRowAndColumnInARealFile(_ damage: PlaceDamage) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let home = SavedPlace(
      name: "집", coordinate: Coordinate(latitude: 37.5547, longitude: 126.9707), isDefault: true)
    #expect(
      try #require(try Store.open(path: path, create: true, expander: .libical)).addPlace(
        home, now: .distantPast))
    try writeDamage(path, damage.damage.sql)
    let before = try #require(folder.bytes("c.db"))
    do {
      let store = try #require(try Store.open(path: path, create: false, expander: .libical))
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
    Damage("INSERT INTO setting VALUES ('buffer', 'soon')", "설정 'buffer', value: 잘못된 값 'soon'"),
    Damage("INSERT INTO setting VALUES ('mode', NULL)", "설정 'mode', value: 값이 없습니다 (NULL)"),
    Damage("INSERT INTO setting VALUES ('alerts', x'00')", "설정 'alerts', value: 텍스트가 아닙니다"),
    Damage("INSERT INTO setting VALUES (NULL, '10m')", "설정, key: 값이 없습니다 (NULL)"),
  ]

  @Test(arguments: settingDamage)
  func damagedSettingIsRefusedNamingItInARealFile(_ damage: Damage) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    _ = try Store.open(path: path, create: true, expander: .libical)
    try writeDamage(path, damage.sql)
    let before = try #require(folder.bytes("c.db"))
    do {
      let store = try #require(try Store.open(path: path, create: false, expander: .libical))
      #expect(throws: StoreError.damaged(path: path, reason: damage.reason)) {
        try store.settings()
      }
    }
    #expect(folder.bytes("c.db") == before)
  }
}
