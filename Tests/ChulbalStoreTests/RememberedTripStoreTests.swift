import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// Remembered trips in a real SQLite file (schema 12): kept, replaced, forgotten, and the
/// appointments whose worked-out trip follows them.
@Suite struct RememberedTripStoreTests {
  let folder = TemporaryFolder()
  static let now = Date(timeIntervalSince1970: 1_796_000_000)
  static let home = Origin(
    name: "집", coordinate: Coordinate(latitude: 37.5547, longitude: 126.9707))
  static let gangnam = Coordinate(latitude: 37.4979, longitude: 127.0276)

  /// 저녁 (#1) corrected to 70 minutes; 회식 (#2) estimated between the same places, 약속 (#3)
  /// given, 드라이브 (#4) by car, 근처 (#5) 300 m from the destination.
  func fiveAppointments() throws -> (Store, [Appointment]) {
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    var given = sample("약속")
    given.travelSource = .given
    var byCar = sample("드라이브")
    byCar.mode = .car
    var nearby = sample("근처")
    nearby.coordinate = Coordinate(latitude: 37.5006, longitude: 127.0276)
    let stored = try [sample("저녁"), sample("회식"), given, byCar, nearby].map {
      try store.insert($0, createdAt: added)
    }
    return (store, stored)
  }

  func remember(_ minutes: Int, on appointment: Appointment, in store: Store) throws -> (
    appointment: Appointment, trip: RememberedTrip, replanned: [Appointment]
  ) {
    var corrected = appointment
    corrected.travelSeconds = minutes * 60
    corrected.travelSource = .given
    let trip = try #require(RememberedTrip(correcting: corrected))
    return try store.update(corrected, now: Self.now, local: nil, remembering: trip)
  }

  @Test func aCorrectedTripIsKeptAndTheEstimatedAppointmentBetweenItsPlacesFollows() throws {
    let (store, stored) = try fiveAppointments()
    let result = try remember(70, on: stored[0], in: store)
    #expect(
      try store.rememberedTrips().trips == [
        RememberedTrip(
          id: 1, origin: Self.home, destinationName: "강남역 2번 출구", destination: Self.gangnam,
          mode: .transit, travelSeconds: 4200)
      ])
    #expect(result.trip.id == 1)
    #expect(result.replanned.map(\.title) == ["회식"])
    // What every reader reads: the row's travel, source and the departure the rule gives it
    // (19:00 − 70 min − 10 min buffer).
    let rows = try store.database.rows(
      "SELECT title, travel_seconds, travel_source, departure_at FROM appointment ORDER BY id")
    #expect(
      rows == [
        [.text("저녁"), .integer(4200), .text("given"), .integer(1_796_119_200 - 4800)],
        [.text("회식"), .integer(4200), .text("remembered"), .integer(1_796_119_200 - 4800)],
        [.text("약속"), .integer(2100), .text("given"), .integer(1_796_119_200 - 2700)],
        [.text("드라이브"), .integer(2100), .text("estimate"), .integer(1_796_119_200 - 2700)],
        [.text("근처"), .integer(2100), .text("estimate"), .integer(1_796_119_200 - 2700)],
      ])
    #expect(try store.appointment(id: stored[1].id)?.travelSource == .remembered)
  }

  @Test func correctingTheSameTripAgainReplacesItKeepingItsNumber() throws {
    let (store, stored) = try fiveAppointments()
    _ = try remember(70, on: stored[0], in: store)
    // 회식 follows the trip, so it is corrected as the same trip, from a point 100 m away.
    var moved = try #require(try store.appointment(id: stored[1].id))
    moved.origin = Origin(
      name: nil, coordinate: Coordinate(latitude: 37.5556, longitude: 126.9707))
    let again = try remember(80, on: moved, in: store)
    #expect(again.trip.id == 1)
    #expect(try store.rememberedTrips().trips.map(\.travelSeconds) == [4800])
    #expect(try store.rememberedTrips().trips.map(\.origin) == [Self.home])
    #expect(again.replanned.isEmpty)
  }

  @Test func forgettingATripPlansItsAppointmentsByTheEstimateAgain() throws {
    let (store, stored) = try fiveAppointments()
    _ = try remember(70, on: stored[0], in: store)
    #expect(try store.forgetTrip(id: 2, now: Self.now) == nil)
    let forgotten = try #require(try store.forgetTrip(id: 1, now: Self.now))
    #expect(forgotten.trip.travelSeconds == 4200)
    #expect(forgotten.replanned.map(\.title) == ["회식"])
    #expect(try store.rememberedTrips().trips.isEmpty)
    let dinner = try #require(try store.appointment(id: stored[1].id))
    #expect(dinner.travelSource == .estimate)
    #expect(
      dinner.travelSeconds
        == (try TravelEstimate.seconds(
          from: Self.home.coordinate, to: Self.gangnam, mode: .transit)))
    // The corrected one keeps what the person gave.
    #expect(try store.appointment(id: stored[0].id)?.travelSeconds == 4200)
  }

  /// A version-9 file read as it is knows estimated and given travel only; the first writer
  /// gives each row its source from `travel_estimated`.
  @Test func aVersion9FileGetsTravelSourcesFromTheFirstWriter() throws {
    let path = folder.path + "/v9.db"
    let old = try olderFile(
      path, version: 9,
      extra: """
        INSERT INTO appointment (title, start_at, time_zone, mode, travel_seconds,
          travel_estimated, buffer_seconds, prep_seconds, alerts, created_at)
        VALUES ('점심', 1800000050, 'Asia/Seoul', 'walk', 600, 1, 300, 0, '0', 1);
        """)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reader.all().map(\.travelSource) == [.given, .estimate])
    #expect(try reader.rememberedTrips().trips.isEmpty)
    _ = try Store.openOrCreate(path: path, expander: .libical)
    #expect(
      try old.rows("SELECT id, travel_source FROM appointment ORDER BY id") == [
        [.integer(1), .text("given")], [.integer(2), .text("estimate")],
      ])
  }
}
