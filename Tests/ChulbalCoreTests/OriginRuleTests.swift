import ChulbalTestSupport
import FoundationEssentials
import Testing

@testable import ChulbalCore

/// The origin rule's order and bounds, on appointments made here (no store): which earlier
/// appointment a trip follows, and when it follows none.
@Suite struct OriginRuleTests {
  static let office = Coordinate(latitude: 37.5665, longitude: 126.9780)
  static let cafe = Coordinate(latitude: 37.5679, longitude: 126.9780)
  static let home = Origin(
    name: "집", coordinate: Coordinate(latitude: 37.5547, longitude: 126.9707), reason: .default)

  static func appointment(
    _ id: Int, _ title: String, _ start: String, at place: Coordinate, minutes: Int = 60
  ) -> Appointment {
    Appointment(
      id: id, title: title, start: instant(start), lengthSeconds: minutes * 60,
      timeZone: "Asia/Seoul", place: title, coordinate: place, mode: .transit, travelSeconds: 0,
      travelSource: .estimate, bufferSeconds: 600, alertLeads: [0])
  }

  static func inputs(chain: Int = 7200, source: Origin? = nil) -> OriginRule.Inputs {
    OriginRule.Inputs(chainSeconds: chain, zone: seoul, sourceOrigin: source, defaultOrigin: home)
  }

  @Test func theTripFollowsTheAppointmentThatEndsLastBeforeItStarts() {
    let lunch = Self.appointment(1, "점심", "2027-01-12T12:00:00+09:00", at: Self.cafe)
    let meeting = Self.appointment(2, "회의", "2027-01-12T14:00:00+09:00", at: Self.office)
    // Starts before 커피 but ends after it starts: the person is not there yet.
    let long = Self.appointment(
      3, "워크숍", "2027-01-12T13:00:00+09:00", at: Self.office, minutes: 240)
    let coffee = Self.appointment(4, "커피", "2027-01-12T15:40:00+09:00", at: Self.cafe)
    let planned = OriginRule.planned(coffee, after: [long, coffee, meeting, lunch], Self.inputs())
    #expect(planned.origin?.reason == .previous)
    #expect(planned.origin?.after == "회의")
    #expect(planned.origin?.coordinate == Self.office)
  }

  @Test func aGivenOriginIsKeptAndAChainNeverCrossesMidnight() {
    var coffee = Self.appointment(2, "커피", "2027-01-12T15:40:00+09:00", at: Self.cafe)
    coffee.origin = Origin(name: "역", coordinate: Self.cafe)
    let meeting = Self.appointment(1, "회의", "2027-01-12T14:00:00+09:00", at: Self.office)
    #expect(OriginRule.planned(coffee, after: [meeting], Self.inputs()) == coffee)
    // Ends at 23:40 Monday; the trip to 00:30 Tuesday leaves Tuesday.
    let party = Self.appointment(3, "모임", "2027-01-11T22:40:00+09:00", at: Self.office)
    let late = Self.appointment(4, "야식", "2027-01-12T00:30:00+09:00", at: Self.cafe)
    #expect(OriginRule.planned(late, after: [party], Self.inputs()).origin?.reason == .default)
  }

  @Test func withNoChainTheCalendarsOriginComesBeforeTheDefaultPlace() {
    let meeting = Self.appointment(1, "회의", "2027-01-12T14:00:00+09:00", at: Self.office)
    let coffee = Self.appointment(2, "커피", "2027-01-12T15:40:00+09:00", at: Self.cafe)
    let work = Origin(name: "회사", coordinate: Self.office, reason: .source)
    let off = OriginRule.planned(coffee, after: [meeting], Self.inputs(chain: 0, source: work))
    #expect(off.origin == work)
    #expect(OriginRule.planned(coffee, after: [meeting], Self.inputs(chain: 0)).origin == Self.home)
  }

  /// A chained trip between two places the person corrected a trip between takes that trip,
  /// not the estimate; a trip the person gave stays.
  @Test func aChainedTripBetweenRememberedPlacesTakesTheRememberedTime() {
    let gangnam = Coordinate(latitude: 37.4979, longitude: 127.0276)
    let meeting = Self.appointment(1, "회의", "2027-01-12T14:00:00+09:00", at: Self.office)
    let dinner = Self.appointment(2, "저녁", "2027-01-12T16:30:00+09:00", at: gangnam)
    var inputs = Self.inputs()
    let estimated = OriginRule.planned(dinner, after: [meeting], inputs)
    #expect(estimated.origin?.reason == .previous)
    #expect(estimated.travelSource == .estimate)
    inputs.remembered = RememberedTrips([
      RememberedTrip(
        origin: Origin(name: "회사", coordinate: Self.office), destinationName: "강남",
        destination: gangnam, mode: .transit, travelSeconds: 50 * 60)
    ])
    let remembered = OriginRule.planned(dinner, after: [meeting], inputs)
    #expect(remembered.origin?.reason == .previous)
    #expect(remembered.travelSource == .remembered)
    #expect(remembered.travelSeconds == 50 * 60)
    #expect(remembered.travelSeconds != estimated.travelSeconds)
    var given = dinner
    given.travelSource = .given
    given.travelSeconds = 20 * 60
    #expect(OriginRule.planned(given, after: [meeting], inputs).travelSeconds == 20 * 60)
  }

  /// Re-planning over remembered trips keeps a same-place trip at none, as the rule made it.
  @Test func aSamePlaceTripStaysNoneWhenTripsAreReplanned() {
    var coffee = Self.appointment(2, "커피", "2027-01-12T15:40:00+09:00", at: Self.cafe)
    coffee.origin = Origin(
      name: "카페 옆", coordinate: Coordinate(latitude: 37.5680, longitude: 126.9780), reason: .same)
    #expect(coffee.replanned(over: RememberedTrips()) == nil)
    coffee.travelSeconds = 300
    let replanned = coffee.replanned(over: RememberedTrips())
    #expect(replanned?.travelSeconds == 0)
    #expect(replanned?.travelSource == .estimate)
  }
}
