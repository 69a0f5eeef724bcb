import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// The reader takes a zone, a mode or a list of alerts whose bytes it has already read and
/// checked without checking it again (`AppointmentReader`); these hold it to what reading each
/// row alone gives.
@Suite struct AppointmentReaderTests {
  /// Every damage the store names, and the bytes of the good rows' own values stored as what
  /// they must not be.
  static let damage =
    StoreDamageTests.appointmentDamage + [
      Damage(
        "UPDATE appointment SET time_zone = CAST('Asia/Seoul' AS BLOB)",
        "약속 #1, time_zone: 텍스트가 아닙니다"),
      Damage(
        "UPDATE appointment SET mode = CAST('transit' AS BLOB)", "약속 #1, mode: 텍스트가 아닙니다"),
      Damage(
        "UPDATE appointment SET alerts = CAST('1800,0' AS BLOB)", "약속 #1, alerts: 텍스트가 아닙니다"),
      Damage(
        "UPDATE appointment SET time_zone = 'Asia/Seoul' || char(0)",
        "약속 #1, time_zone: 텍스트에 NUL 문자가 있습니다"),
      Damage(
        "UPDATE appointment SET alerts = '1800,0' || char(0)",
        "약속 #1, alerts: 텍스트에 NUL 문자가 있습니다"),
    ]

  /// Two good rows are read first, so the damaged third meets a reader that knows their zone,
  /// mode and alerts.
  @Test(arguments: damage)
  func aDamagedRowAfterGoodOnesIsNamedAsAloneInARealFile(_ damage: Damage) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try #require(try Store.open(path: path, create: true, expander: .libical))
    try store.insert([sample(), sample(), sample()], createdAt: added)
    try writeDamage(path, damage.sql + " WHERE id = 3")
    let reopened = try #require(try Store.open(path: path, create: false, expander: .libical))
    let reason = damage.reason.replacingOccurrences(of: "약속 #1,", with: "약속 #3,")
    let expected = StoreError.damaged(path: path, reason: reason)
    #expect(throws: expected) { try reopened.all() }
    #expect(throws: expected) { try reopened.appointment(id: 3) }
    #expect(try reopened.appointment(id: 2) == stored(sample(), id: 2))
  }

  /// More zones, modes and lists than the reader keeps, in turn, each read back as written.
  @Test func manyDistinctValuesReadBackAsWrittenInARealFile() throws {
    let folder = TemporaryFolder()
    let store = try #require(
      try Store.open(path: folder.path + "/c.db", create: true, expander: .libical))
    let zones = [
      "Asia/Seoul", "Asia/Tokyo", "America/New_York", "Europe/London", "UTC", "Australia/Sydney",
      "Australia/Brisbane", "America/Boise", "Pacific/Kiritimati", "America/St_Johns",
      "Asia/Kolkata", "Asia/Kathmandu",
    ]
    let lists = [[], [0], [1800, 600, 0], [600], [0, 600], [3600, 1800, 900, 600, 300, 60, 0]]
    let modes: [TravelMode] = [.transit, .walk, .car, .bike, .transit]
    let written = (0..<60).map { index in
      Appointment(
        title: "약속 \(index)",
        start: Date(timeIntervalSince1970: 1_796_119_200 + 60 * Double(index)),
        timeZone: zones[index % zones.count], mode: modes[index % modes.count],
        travelSeconds: 60 * index, bufferSeconds: 0, alertLeads: lists[index % lists.count])
    }
    try store.insert(written, createdAt: added)
    let read = try store.all()
    #expect(read == written.enumerated().map { stored($1, id: $0 + 1) })
  }

  private func stored(_ appointment: Appointment, id: Int) -> Appointment {
    var stored = appointment
    stored.id = id
    return stored
  }
}
