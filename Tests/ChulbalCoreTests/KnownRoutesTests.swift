import ChulbalCore
import ChulbalTestSupport
import FoundationEssentials
import Testing

/// The rule for a trip that was not given, with route providers' answers: the person's own
/// remembered time, then a provider's answer for the estimate's departure slot (first in the
/// chain), then the provider trip held while it answers the same question, then the estimate.
@Suite struct KnownRoutesTests {
  static let home = Coordinate(latitude: 37.556, longitude: 126.91)
  static let pangyo = Coordinate(latitude: 37.3947, longitude: 127.1112)

  /// 판교 by car at 7 p.m. from 망원, its trip the estimate.
  static let dinner = Appointment(
    title: "저녁", start: instant("2027-01-12T19:00:00+09:00"), timeZone: "Asia/Seoul",
    coordinate: pangyo, origin: Origin(name: "집", coordinate: home, reason: .default),
    mode: .car, travelSeconds: 0, travelSource: .estimate, bufferSeconds: 600, alertLeads: [])

  static var query: RouteQuery {
    let estimated = try! dinner.workedOutTravel(
      over: RememberedTrips(), routes: KnownRoutes(), previous: nil)
    return try! #require(estimated.routeQuery(in: .gmt))
  }

  static func answer(_ source: RouteSource, _ seconds: Int, minutesLater: Double = 0)
    -> KnownRoute
  {
    var question = query
    question.departure += minutesLater * 60
    return KnownRoute(
      question, RouteAnswer(seconds: seconds, source: source, accountsForConditions: true))
  }

  static let chains: [TravelMode: [RouteSource]] = [.car: [.kakao, .osrm]]

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let routes: [KnownRoute]
    let remembered: Bool
    let held: KnownRoute?
    let source: TravelSource
    let seconds: Int?
    var testDescription: String { name }
  }

  @Test(arguments: [
    Case(
      name: "no answer: the estimate", routes: [], remembered: false, held: nil,
      source: .estimate, seconds: nil),
    Case(
      name: "an answer for the slot", routes: [answer(.osrm, 1726)], remembered: false,
      held: nil, source: .osrm, seconds: 1726),
    Case(
      name: "the chain's first provider wins", routes: [answer(.osrm, 1726), answer(.kakao, 2286)],
      remembered: false, held: nil, source: .kakao, seconds: 2286),
    Case(
      name: "a provider outside the chain is not used", routes: [answer(.valhalla, 1500)],
      remembered: false, held: nil, source: .estimate, seconds: nil),
    Case(
      name: "an answer for another slot is not used",
      routes: [answer(.kakao, 2286, minutesLater: 20)], remembered: false, held: nil,
      source: .estimate, seconds: nil),
    Case(
      name: "the remembered time wins over a provider", routes: [answer(.kakao, 2286)],
      remembered: true, held: nil, source: .remembered, seconds: 4200),
    Case(
      name: "a held provider trip stays", routes: [], remembered: false,
      held: answer(.kakao, 2000), source: .kakao, seconds: 2000),
    Case(
      name: "a fresh answer replaces the held one", routes: [answer(.kakao, 2286)],
      remembered: false, held: answer(.kakao, 2000), source: .kakao, seconds: 2286),
    Case(
      name: "a held trip for another slot goes", routes: [], remembered: false,
      held: answer(.kakao, 2000, minutesLater: 20), source: .estimate, seconds: nil),
  ])
  func theTripFollowsTheRule(_ test: Case) throws {
    let remembered = RememberedTrips(
      test.remembered
        ? [
          RememberedTrip(
            origin: Origin(name: "집", coordinate: Self.home), destinationName: nil,
            destination: Self.pangyo, mode: .car, travelSeconds: 4200)
        ] : [])
    var previous = Self.dinner
    if let held = test.held {
      previous.travelSeconds = held.answer.seconds
      previous.travelSource = TravelSource(held.answer.source)
      previous.routeDeparture = held.question.departure
    }
    let planned = try previous.workedOutTravel(
      over: remembered, routes: KnownRoutes(test.routes, chains: Self.chains), previous: previous)
    #expect(planned.travelSource == test.source)
    let estimate = try TravelEstimate.seconds(from: Self.home, to: Self.pangyo, mode: .car)
    #expect(planned.travelSeconds == test.seconds ?? estimate)
    #expect((planned.routeDeparture != nil) == (test.source.route != nil))
  }

  @Test func aSeriesAsksNothingAndTakesNoAnswer() throws {
    var series = Self.dinner
    series.repetition = Repetition(
      rule: try RecurrenceRule.parse("FREQ=WEEKLY"),
      firstStart: WallTime(series.start, in: .gmt))
    #expect(series.routeQuery(in: .gmt) == nil)
    let planned = try series.workedOutTravel(
      over: RememberedTrips(),
      routes: KnownRoutes([Self.answer(.kakao, 2286)], chains: Self.chains),
      previous: nil)
    #expect(planned.travelSource == .estimate)
  }
}
