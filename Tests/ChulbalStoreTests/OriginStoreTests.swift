import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// Lengths and origins in a real file (schema 11): what the migration makes of origins kept
/// before, and trips planned again by the writes of their day.
@Suite struct OriginStoreTests {
  let folder = TemporaryFolder()

  /// A version-10 file's origins: the default place's become `default`, any other `given`
  /// (typed with `--from`), none stays none; every row lasts the default hour.
  @Test func aVersion10FilesOriginsGetTheirReasonsFromTheFirstWriter() throws {
    let path = folder.path + "/v10.db"
    let old = try olderFile(
      path, version: 10,
      extra: """
        INSERT INTO place (name, lat, lng, is_default) VALUES ('집', 37.5547, 126.9707, 1);
        INSERT INTO appointment (title, start_at, time_zone, origin_name, origin_lat,
          origin_lng, mode, travel_seconds, travel_estimated, buffer_seconds, prep_seconds,
          alerts, created_at, departure_at)
        VALUES ('점심', 1800000050, 'Asia/Seoul', '집', 37.5547, 126.9707, 'walk', 600, 1, 0, 0,
            '0', 1, 1799999400),
          ('회의', 1800000100, 'Asia/Seoul', '회사', 37.5665, 126.978, 'walk', 600, 1, 0, 0,
            '0', 1, 1799999400);
        """)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reader.all().map { $0.origin?.reason } == [nil, .given, .given])
    _ = try Store.openOrCreate(path: path, expander: .libical)
    #expect(
      try old.rows("SELECT origin_reason, length_seconds FROM appointment ORDER BY id") == [
        [.null, .integer(3600)], [.text("default"), .integer(3600)],
        [.text("given"), .integer(3600)],
      ])
  }

  /// With a reader's zone, inserting an earlier appointment chains the later one's trip to
  /// it, and removing it takes the chain away, departure and all; a given travel time stays.
  @Test func writesOfADayPlanItsTripsAgainInARealFile() throws {
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    store.tripZone = seoul
    let office = Coordinate(latitude: 37.5665, longitude: 126.9780)
    let cafe = Coordinate(latitude: 37.5679, longitude: 126.9780)
    _ = try store.addPlace(
      SavedPlace(
        name: "집", coordinate: Coordinate(latitude: 37.5547, longitude: 126.9707),
        isDefault: true), now: .distantPast)
    let home = try #require(try store.defaultPlace()).origin
    func appointment(_ title: String, _ start: String, _ place: Coordinate, travel: Int?)
      -> Appointment
    {
      Appointment(
        title: title, start: instant(start), timeZone: "Asia/Seoul", place: title,
        coordinate: place, origin: home, mode: .walk, travelSeconds: travel ?? 0,
        travelSource: travel == nil ? .estimate : .given, bufferSeconds: 0, alertLeads: [0])
    }
    let now = instant("2027-01-12T09:00:00+09:00")
    let coffee = try store.insert(
      appointment("커피", "2027-01-12T15:40:00+09:00", cafe, travel: nil), createdAt: now)
    let walk = try store.insert(
      appointment("산책", "2027-01-12T15:40:00+09:00", cafe, travel: 1500), createdAt: now)
    #expect(coffee.origin?.reason == .default)
    let meeting = try store.insert(
      appointment("회의", "2027-01-12T14:00:00+09:00", office, travel: nil), createdAt: now)
    let chained = try #require(try store.appointment(id: coffee.id))
    #expect(chained.origin?.reason == .previous)
    #expect(chained.origin?.after == "회의")
    #expect(chained.travelSeconds < coffee.travelSeconds)
    #expect(try store.appointment(id: walk.id)?.travelSeconds == 1500)
    #expect(
      try store.database.scalar(
        "SELECT departure_at FROM appointment WHERE id = ?", [.integer(coffee.id)])
        == .integer(Store.departure(of: chained)))
    _ = try store.delete(ids: [meeting.id], now: now)
    #expect(try store.appointment(id: coffee.id) == coffee)
  }
}
