import ChulbalCore
import FoundationEssentials
import Testing

/// The one rule for a trip's travel time when none is given: a remembered trip between the
/// same two places (ends within 150 m) by the same mode, else the estimate (issue 31 §2).
@Suite struct RememberedTripsTests {
  static let home = Coordinate(latitude: 37.5547, longitude: 126.9707)
  static let office = Coordinate(latitude: 37.4979, longitude: 127.0276)

  /// `metres` due north of `point`: a degree of latitude is 2π × 6371.0088 km / 360 on the
  /// sphere the distance is measured on.
  static func north(of point: Coordinate, metres: Double) -> Coordinate {
    Coordinate(
      latitude: point.latitude + metres / 1000 / (2 * Double.pi * 6371.0088 / 360),
      longitude: point.longitude)
  }

  static let commute = RememberedTrip(
    id: 1, origin: Origin(name: "집", coordinate: home), destinationName: "회사",
    destination: office, mode: .transit, travelSeconds: 70 * 60)

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let originMetres: Double
    let destinationMetres: Double
    let mode: TravelMode
    let remembered: Bool
    var testDescription: String { name }
  }

  @Test(arguments: [
    Case(
      name: "the same points", originMetres: 0, destinationMetres: 0, mode: .transit,
      remembered: true),
    Case(
      name: "both ends 140 m off", originMetres: 140, destinationMetres: 140, mode: .transit,
      remembered: true),
    Case(
      name: "the destination 160 m off", originMetres: 0, destinationMetres: 160, mode: .transit,
      remembered: false),
    Case(
      name: "the origin 160 m off", originMetres: 160, destinationMetres: 0, mode: .transit,
      remembered: false),
    Case(name: "by car", originMetres: 0, destinationMetres: 0, mode: .car, remembered: false),
  ])
  func aTripWithin150MetresOfBothEndsIsTheRememberedOne(_ test: Case) throws {
    let trips = RememberedTrips([Self.commute])
    let origin = Self.north(of: Self.home, metres: test.originMetres)
    let destination = Self.north(of: Self.office, metres: test.destinationMetres)
    let travel = try trips.travel(from: origin, to: destination, mode: test.mode)
    if test.remembered {
      #expect(travel.seconds == 70 * 60)
      #expect(travel.source == .remembered)
    } else {
      #expect(travel.source == .estimate)
      #expect(
        travel.seconds
          == (try TravelEstimate.seconds(from: origin, to: destination, mode: test.mode)))
    }
  }

  @Test func ofTwoRememberedTripsTheNearerIsTaken() throws {
    var farther = Self.commute
    farther.id = 2
    farther.destination = Self.north(of: Self.office, metres: 120)
    farther.travelSeconds = 90 * 60
    let trips = RememberedTrips([farther, Self.commute])
    let near = Self.north(of: Self.office, metres: 20)
    #expect(trips.trip(from: Self.home, to: near, mode: .transit)?.id == 1)
    let nearFarther = Self.north(of: Self.office, metres: 100)
    #expect(trips.trip(from: Self.home, to: nearFarther, mode: .transit)?.id == 2)
  }

  @Test func anUnknownEndIsTheEstimatesProblemAsBefore() {
    let trips = RememberedTrips([Self.commute])
    #expect(throws: TravelEstimate.Problem.unknownOrigin) {
      try trips.travel(from: nil, to: Self.office, mode: .transit)
    }
    #expect(throws: TravelEstimate.Problem.unknownDestination) {
      try trips.travel(from: Self.home, to: Coordinate(latitude: 0, longitude: 0), mode: .transit)
    }
  }

  /// Only a trip chulbal worked out follows the remembered trips; a given one never does.
  @Test(arguments: [
    (TravelSource.estimate, true), (.remembered, true), (.given, false), (.default, false),
  ])
  func onlyAWorkedOutTripIsPlannedAgain(source: TravelSource, follows: Bool) {
    let appointment = Appointment(
      title: "회의", start: Date(timeIntervalSince1970: 1_796_119_200), timeZone: "Asia/Seoul",
      coordinate: Self.office, origin: Origin(name: "집", coordinate: Self.home),
      mode: .transit, travelSeconds: 35 * 60, travelSource: source, bufferSeconds: 600,
      alertLeads: [0])
    let replanned = appointment.replanned(over: RememberedTrips([Self.commute]))
    #expect(replanned?.travelSeconds == (follows ? 70 * 60 : nil))
    #expect(replanned?.travelSource == (follows ? .remembered : nil))
  }

  /// `edit --travel` remembers a trip only between two known places.
  @Test func aCorrectionIsRememberedOnlyBetweenKnownPlaces() {
    var appointment = Appointment(
      title: "회의", start: Date(timeIntervalSince1970: 1_796_119_200), timeZone: "Asia/Seoul",
      place: "회사", coordinate: Self.office, origin: Origin(name: "집", coordinate: Self.home),
      mode: .transit, travelSeconds: 70 * 60, travelSource: .given, bufferSeconds: 600,
      alertLeads: [0])
    var expected = Self.commute
    expected.id = 0
    #expect(RememberedTrip(correcting: appointment) == expected)
    appointment.coordinate = nil
    #expect(RememberedTrip(correcting: appointment) == nil)
    appointment.coordinate = Self.office
    appointment.origin = nil
    #expect(RememberedTrip(correcting: appointment) == nil)
  }

  @Test(arguments: [
    (TravelSource.given, "이동 1시간 10분"), (.estimate, "이동 1시간 10분 (추정)"),
    (.remembered, "이동 1시간 10분 (기억한 시간)"),
    (.default, "이동 1시간 10분 (기본값: 좌표가 없어 추정하지 못함)"),
  ])
  func theTripLineSaysWhereTheTimeCameFrom(source: TravelSource, line: String) {
    let plan = DeparturePlan(
      start: Date(timeIntervalSince1970: 1_796_119_200), travelSeconds: 70 * 60,
      travelSource: source, bufferSeconds: 0, alertLeads: [0])
    #expect(plan.tripLine == line)
  }
}
