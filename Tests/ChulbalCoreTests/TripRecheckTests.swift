import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

/// Asking a provider again before leaving: what a new answer changes, what the person is
/// told, and when the watch asks.
@Suite struct TripRecheckTests {
  /// 저녁 약속 at 19:00 in Seoul by car, Kakao's 35 minutes and 10 of buffer: leave at 18:15.
  static let dinner = Appointment(
    id: 4, title: "저녁 약속", start: instant("2027-01-12T19:00:00+09:00"), timeZone: "Asia/Seoul",
    coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276),
    origin: Origin(name: "집", coordinate: Coordinate(latitude: 37.556, longitude: 126.91)),
    mode: .car, travelSeconds: 35 * 60, travelSource: .kakao, bufferSeconds: 600,
    alertLeads: [30 * 60, 10 * 60, 0])
  static let now = instant("2027-01-12T17:55:00+09:00")

  struct Case: Sendable, CustomTestStringConvertible {
    /// The trip the provider now gives, in seconds.
    let seconds: Int
    /// The departure afterwards, or nil for no change.
    let departure: String?
    let notifies: Bool
    let moved: String
    var testDescription: String { "\(seconds)s" }
  }

  @Test(arguments: [
    // 42 minutes: 7 earlier, told.
    Case(seconds: 42 * 60, departure: "18:08", notifies: true, moved: "출발이 7분 당겨졌습니다"),
    // 39 minutes 30 seconds: the floored departure moves 5 minutes, the threshold itself.
    Case(seconds: 39 * 60 + 30, departure: "18:10", notifies: true, moved: "출발이 5분 당겨졌습니다"),
    // 39 minutes: 4 earlier, under the threshold: nothing.
    Case(seconds: 39 * 60, departure: nil, notifies: false, moved: ""),
    // 25 minutes: 10 later, planned again without a word.
    Case(seconds: 25 * 60, departure: "18:25", notifies: false, moved: "출발이 10분 늦춰졌습니다"),
    // 20 minutes: 15 later, told.
    Case(seconds: 20 * 60, departure: "18:30", notifies: true, moved: "출발이 15분 늦춰졌습니다"),
    // 1 hour 40 minutes: 1 hour 5 minutes earlier.
    Case(
      seconds: 100 * 60, departure: "17:10", notifies: true, moved: "출발이 1시간 5분 당겨졌습니다"),
  ])
  func aNewAnswerMovesTheDepartureFromTheThresholdOn(_ example: Case) throws {
    let answer = RouteAnswer(seconds: example.seconds, source: .kakao, accountsForConditions: true)
    let result = TripRecheck.replanned(
      Self.dinner, answer: answer, thresholdSeconds: 300, at: Self.now)
    guard let departure = example.departure else {
      #expect(result == nil)
      return
    }
    let (appointment, change) = try #require(result)
    #expect(appointment.travelSeconds == example.seconds)
    #expect(appointment.travelSource == .kakao)
    #expect(change.oldDeparture == instant("2027-01-12T18:15:00+09:00"))
    #expect(change.newDeparture == instant("2027-01-12T\(departure):00+09:00"))
    #expect(appointment.plan.departure == change.newDeparture)
    #expect(change.notifies == example.notifies)
    #expect(change.movedText == example.moved)
  }

  @Test func theEstimateNeverReplacesAProvidersTrip() {
    let answer = RouteAnswer(seconds: 60 * 60, source: .estimate, accountsForConditions: false)
    #expect(
      TripRecheck.replanned(Self.dinner, answer: answer, thresholdSeconds: 300, at: Self.now)
        == nil)
  }

  @Test func theNoticeSaysHowFarAndWhenToLeave() throws {
    let answer = RouteAnswer(seconds: 42 * 60, source: .kakao, accountsForConditions: true)
    let change = try #require(
      TripRecheck.replanned(Self.dinner, answer: answer, thresholdSeconds: 300, at: Self.now)
    )
    .change
    let notice = change.notice(in: try #require(Zone(identifier: "Asia/Seoul")))
    #expect(notice.summary == "교통 상황 때문에 출발이 7분 당겨졌습니다 · 저녁 약속")
    #expect(notice.body == "오후 6:08 출발")
    #expect(notice.urgency == Notice.Urgency.critical)
  }

  /// At 17:55 the 30-minute alert (17:45) has come. Moved 7 minutes earlier, the new plan's
  /// 30-minute alert (17:38) has passed too; moved 10 minutes later, it is due at 17:55: it
  /// is not sent a second time either way. The others come at their new times.
  @Test func anAlertThatHasComeIsNotSentAgainAfterTheChange() throws {
    var earlier = Self.dinner
    earlier.travelSeconds = 42 * 60
    var later = Self.dinner
    later.travelSeconds = 25 * 60
    for moved in [earlier, later] {
      #expect(
        TripRecheck.supersededAlerts(of: moved, was: Self.dinner, at: Self.now).map(\.leadSeconds)
          == [30 * 60])
    }
    // Moved 15 minutes earlier, the 10-minute alert (17:50) has passed before it came: the
    // change's notice tells of it.
    var muchEarlier = Self.dinner
    muchEarlier.travelSeconds = 50 * 60
    #expect(
      TripRecheck.supersededAlerts(of: muchEarlier, was: Self.dinner, at: Self.now).map(\.at) == [
        instant("2027-01-12T17:30:00+09:00"), instant("2027-01-12T17:50:00+09:00"),
      ])
  }

  @Test func onlyOneOffProviderTripsWithBothEndsAreAskedAgain() {
    #expect(TripRecheck.isRechecked(Self.dinner))
    var estimated = Self.dinner
    estimated.travelSource = .estimate
    #expect(!TripRecheck.isRechecked(estimated))
    var given = Self.dinner
    given.travelSource = .given
    #expect(!TripRecheck.isRechecked(given))
    var nowhere = Self.dinner
    nowhere.origin = nil
    #expect(!TripRecheck.isRechecked(nowhere))
    var weekly = Self.dinner
    weekly.repetition = Repetition(
      rule: RecurrenceRule(frequency: .weekly),
      firstStart: WallTime(date: CivilDate(year: 2027, month: 1, day: 12), hour: 19, minute: 0))
    #expect(!TripRecheck.isRechecked(weekly))
  }

  struct Schedule: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let lastCheck: String?
    let now: String
    let next: String?
  }

  /// Departures at 18:15 and 19:30, leads 90, 45 and 20 minutes: checks at 16:45, 17:30,
  /// 17:55, 18:00, 18:45 and 19:10.
  @Test(arguments: [
    Schedule(testDescription: "started long before", lastCheck: nil, now: "15:00", next: "16:45"),
    Schedule(
      testDescription: "started within a window", lastCheck: nil, now: "17:00", next: "17:00"),
    Schedule(
      testDescription: "after the first check", lastCheck: "16:45", now: "16:45", next: "17:30"),
    Schedule(
      testDescription: "one passed while busy", lastCheck: "16:45", now: "17:40", next: "17:30"),
    Schedule(testDescription: "the other's first", lastCheck: "17:55", now: "17:55", next: "18:00"),
    Schedule(
      testDescription: "after the first leaves", lastCheck: "18:00", now: "18:20", next: "18:45"),
    Schedule(testDescription: "after the last", lastCheck: "19:10", now: "19:10", next: nil),
  ])
  func theWatchAsksAtEachLeadBeforeEachDeparture(_ example: Schedule) {
    func at(_ time: String) -> Date { instant("2027-01-12T\(time):00+09:00") }
    let departures = [at("18:15"), at("19:30")].filter { $0 > at(example.now) }
    #expect(
      TripRecheck.nextCheck(
        departures: departures, leads: [90 * 60, 45 * 60, 20 * 60],
        lastCheck: example.lastCheck.map(at), now: at(example.now)) == example.next.map(at))
  }

  @Test func noProviderTripOrNoLeadsNeverWakes() {
    #expect(
      TripRecheck.nextCheck(departures: [], leads: [1200], lastCheck: nil, now: Self.now) == nil)
    #expect(
      TripRecheck.nextCheck(
        departures: [Self.dinner.plan.departure], leads: [], lastCheck: nil, now: Self.now) == nil)
  }
}
