import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// Live routes in a real SQLite file (schema 16): the answers cached by question, and the
/// rehearsal that finds what a write will ask without keeping anything it wrote.
@Suite struct RouteCacheStoreTests {
  let folder = TemporaryFolder()
  static let now = instant("2027-01-12T17:00:00+09:00")
  static let home = Origin(
    name: "집", coordinate: Coordinate(latitude: 37.556, longitude: 126.91), reason: .default)
  static let pangyo = Coordinate(latitude: 37.3947, longitude: 127.1112)
  static let settings: RouteSettings = {
    var settings = Settings.defaults
    try! settings.set(.routeCar, from: "kakao,osrm")
    return settings.routes
  }()

  /// 판교 by car at 7 p.m. from the default place, estimated.
  static let dinner = Appointment(
    title: "저녁", start: instant("2027-01-12T19:00:00+09:00"), timeZone: "Asia/Seoul",
    coordinate: pangyo, origin: home, mode: .car,
    travelSeconds: try! TravelEstimate.seconds(from: home.coordinate, to: pangyo, mode: .car),
    travelSource: .estimate, bufferSeconds: 600, alertLeads: [])

  func store() throws -> Store {
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    store.tripZone = seoul
    // The default place, which the origin rule plans each trip from.
    #expect(
      try store.addPlace(
        SavedPlace(name: "집", coordinate: Self.home.coordinate, isDefault: true), now: .distantPast)
    )
    return store
  }

  @Test func aRehearsedWriteSaysWhatToAskAndKeepsNothing() throws {
    let store = try store()
    let queries = try store.routeQueries(asking: { $0 == .car }) {
      _ = try store.insert(Self.dinner, createdAt: Self.now)
      _ = try store.insert(Self.dinner, createdAt: Self.now)
    }
    // The two ask the same: one question.
    #expect(queries.count == 1)
    #expect(queries.first?.origin == Self.home.coordinate)
    #expect(queries.first?.destination == Self.pangyo)
    #expect(queries.first?.departure == Self.dinner.plan.departure)
    #expect(try store.appointmentCount == 0)
    // Nothing is asked for a mode whose chain names no provider.
    #expect(
      try store.routeQueries(asking: { _ in false }) {
        _ = try store.insert(Self.dinner, createdAt: Self.now)
      }.isEmpty)
  }

  @Test func anAnswerCachedIsUsedByTheWriteAndForgottenOnceItHasAged() throws {
    let store = try store()
    let query = RouteQuery(
      origin: Self.home.coordinate, destination: Self.pangyo, mode: .car,
      departure: Self.dinner.plan.departure, timeZone: .gmt)
    let answer = RouteAnswer(seconds: 2286, source: .kakao, accountsForConditions: true)
    try store.cacheRoutes([KnownRoute(query, answer)], now: Self.now, keepSeconds: 1800)
    store.knownRoutes = try store.cachedRoutes(now: Self.now, settings: Self.settings)
    #expect(store.knownRoutes.routes == [KnownRoute(query, answer)])
    let stored = try store.insert(Self.dinner, createdAt: Self.now)
    #expect(stored.travelSource == .kakao)
    #expect(stored.travelSeconds == 2286)
    #expect(stored.routeDeparture == query.departure)
    #expect(try store.appointment(id: stored.id) == stored)
    let later = Self.now.addingTimeInterval(1801)
    #expect(try store.cachedRoutes(now: later, settings: Self.settings).routes.isEmpty)
    // Caching again forgets what has aged.
    try store.cacheRoutes([], now: later, keepSeconds: 1800)
    #expect(try store.database.scalar("SELECT count(*) FROM route_answer").int == 0)
  }

  /// A version-15 file is read as it is, and its first writer gives it the cache and the
  /// column, every trip in it keeping what it was.
  @Test func aVersion15FileIsReadAsItIsAndMigratedByTheFirstWriter() throws {
    let path = folder.path + "/v15.db"
    let old = try olderFile(path, version: 15)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    let before = try reader.all()
    #expect(before.map(\.routeDeparture) == [nil])
    #expect(try reader.routeQueries(asking: { _ in true }) {}.isEmpty)
    let writer = try Store.openOrCreate(path: path, expander: .libical)
    #expect(try old.scalar("PRAGMA user_version").int == 16)
    #expect(try Store.columns(old) == Schema.columns(version: 16))
    #expect(try writer.all() == before)
    #expect(try old.scalar("SELECT count(*) FROM route_answer").int == 0)
  }
}
