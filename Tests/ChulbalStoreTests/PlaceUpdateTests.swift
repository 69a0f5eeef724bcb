import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

@Suite struct PlaceUpdateTests {
  static let home = SavedPlace(
    name: "집", coordinate: Coordinate(latitude: 37.5547, longitude: 126.9707), isDefault: true)
  static let office = SavedPlace(
    name: "회사", coordinate: Coordinate(latitude: 37.5665, longitude: 126.978))

  /// A real SQLite file holding 집 (the default) and 회사.
  func seeded(_ folder: TemporaryFolder) throws -> Store {
    let store = try #require(
      try Store.open(path: folder.path + "/c.db", create: true, expander: .libical))
    #expect(try store.addPlace(Self.home, now: .distantPast))
    #expect(try store.addPlace(Self.office, now: .distantPast))
    return store
  }

  @Test func aRenameMovesAndTakesTheDefaultInOneWriteToARealFile() throws {
    let folder = TemporaryFolder()
    let store = try seeded(folder)
    let moved = SavedPlace(
      name: "본사", coordinate: Coordinate(latitude: 37.4, longitude: 127.1), isDefault: true)
    #expect(try store.updatePlace(named: "회사", to: moved, now: .distantPast) == .updated)
    var home = Self.home
    home.isDefault = false
    #expect(try store.places() == [moved, home])
    #expect(try store.defaultPlace() == moved)
  }

  @Test func anEditThatKeepsTheDefaultLeavesItWhereItWas() throws {
    let folder = TemporaryFolder()
    let store = try seeded(folder)
    var office = Self.office
    office.coordinate = Coordinate(latitude: 37.4, longitude: 127.1)
    #expect(try store.updatePlace(named: "회사", to: office, now: .distantPast) == .updated)
    #expect(try store.places() == [Self.home, office])
  }

  @Test func aTakenNameOrAMissingPlaceWritesNothing() throws {
    let folder = TemporaryFolder()
    let store = try seeded(folder)
    var renamed = Self.office
    renamed.name = "집"
    renamed.isDefault = true
    #expect(try store.updatePlace(named: "회사", to: renamed, now: .distantPast) == .nameTaken)
    #expect(try store.updatePlace(named: "학교", to: renamed, now: .distantPast) == .notFound)
    #expect(try store.places() == [Self.home, Self.office])
  }
}
