import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// Trips asked again in a real SQLite file (schema 15): the trip written as an edit writes it,
/// the change kept once, its notice claimed by one watch only.
@Suite struct TripChangeStoreTests {
  let folder = TemporaryFolder()
  static let now = instant("2027-01-12T17:55:00+09:00")
  /// 저녁 약속 at 19:00 by car, Kakao's 35 minutes and 10 of buffer: leave at 18:15.
  static let dinner = Appointment(
    title: "저녁 약속", start: instant("2027-01-12T19:00:00+09:00"), timeZone: "Asia/Seoul",
    coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276),
    origin: Origin(name: "집", coordinate: Coordinate(latitude: 37.556, longitude: 126.91)),
    mode: .car, travelSeconds: 35 * 60, travelSource: .kakao, bufferSeconds: 600,
    alertLeads: [30 * 60, 10 * 60, 0])

  func store() throws -> (Store, Appointment) {
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    var estimated = Self.dinner
    estimated.title = "회의"
    estimated.travelSource = .estimate
    let stored = try store.insert(Self.dinner, createdAt: Self.now.addingTimeInterval(-86_400))
    _ = try store.insert(estimated, createdAt: Self.now.addingTimeInterval(-86_400))
    return (store, stored)
  }

  func change(_ store: Store, _ asked: Appointment, minutes: Int) throws -> TripChange? {
    let answer = RouteAnswer(seconds: minutes * 60, source: .kakao, accountsForConditions: true)
    let (replanned, change) = try #require(
      TripRecheck.replanned(asked, answer: answer, thresholdSeconds: 300, at: Self.now))
    return try store.replanTrip(
      replanned, was: asked, change: change,
      superseded: TripRecheck.supersededAlerts(of: replanned, was: asked, at: Self.now),
      now: Self.now)
  }

  @Test func onlyProviderTripsWithinTheWindowAreAskedAbout() throws {
    let (store, dinner) = try store()
    #expect(
      try store.providerTrips(after: Self.now, until: Self.now.addingTimeInterval(90 * 60))
        == [dinner])
    // Leaving at 18:15, after a window that ends at 18:14.
    #expect(
      try store.providerTrips(after: Self.now, until: Self.now.addingTimeInterval(19 * 60))
        .isEmpty)
  }

  @Test func aChangeIsWrittenAsAnEditAndItsNoticeIsClaimedOnce() throws {
    let (store, dinner) = try store()
    let kept = try #require(try change(store, dinner, minutes: 42))
    let stored = try #require(try store.appointment(id: dinner.id))
    #expect(stored.travelSeconds == 42 * 60)
    #expect(stored.travelSource == .kakao)
    #expect(stored.plan.departure == instant("2027-01-12T18:08:00+09:00"))
    // The departure index follows.
    #expect(try store.next(after: Self.now)?.id == dinner.id)
    #expect(try store.dueTripNotices() == [kept])
    // The 30-minute alert came at 17:45; that of the new plan, due at 17:38, is not sent.
    let log = try store.outcomes(dueAfter: Self.now.addingTimeInterval(-3600))
    #expect(
      log == [
        AlertID(
          appointmentID: dinner.id, leadSeconds: 30 * 60,
          due: instant("2027-01-12T17:38:00+09:00")): .missed
      ])
    #expect(try store.claimTripNotice(id: kept.id, at: Self.now))
    try store.recordTripNotice(id: kept.id, shownBy: "terminal", at: Self.now)
    #expect(try !store.claimTripNotice(id: kept.id, at: Self.now))
    #expect(try store.dueTripNotices().isEmpty)
    #expect(try store.tripChanges(since: Self.now) == [kept])
  }

  /// A notice claimed by a watch that ended before showing it is due again: shown again
  /// rather than never.
  @Test func aClaimedNoticeNotRecordedIsDueAgain() throws {
    let (store, dinner) = try store()
    let kept = try #require(try change(store, dinner, minutes: 42))
    #expect(try store.claimTripNotice(id: kept.id, at: Self.now))
    #expect(try store.dueTripNotices() == [kept])
  }

  @Test func aSmallDelayIsKeptWithoutANotice() throws {
    let (store, dinner) = try store()
    let kept = try #require(try change(store, dinner, minutes: 25))
    #expect(try store.appointment(id: dinner.id)?.travelSeconds == 25 * 60)
    #expect(try store.dueTripNotices().isEmpty)
    #expect(try store.tripChanges(since: Self.now) == [kept])
  }

  /// The appointment edited while the provider was asked: the edit stands, nothing is kept.
  @Test func anEditMeanwhileWins() throws {
    let (store, dinner) = try store()
    var edited = dinner
    edited.travelSeconds = 50 * 60
    edited.travelSource = .given
    try store.update(edited, now: Self.now)
    #expect(try change(store, dinner, minutes: 42) == nil)
    #expect(try store.appointment(id: dinner.id)?.travelSeconds == 50 * 60)
    #expect(try store.tripChanges(since: Self.now).isEmpty)
  }

  @Test func theChangesGoWithTheirAppointment() throws {
    let (store, dinner) = try store()
    _ = try #require(try change(store, dinner, minutes: 42))
    #expect(try store.delete(ids: [dinner.id], now: Self.now) == 1)
    #expect(try store.tripChanges(since: Self.now).isEmpty)
    #expect(try store.dueTripNotices().isEmpty)
  }
}
