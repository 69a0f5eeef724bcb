import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalDAV

/// A departure's event, read back by chulbal's own reader (libical) and by Python's
/// `icalendar`: its summary, its start at the departure, its end at the appointment's start,
/// and an alarm per alert of the plan, each triggered that far before the start.
@Suite(.tags(.oracle)) struct DepartureEventTests {
  static let stamp = instant("2026-11-30T14:00:00+09:00")

  /// 저녁 약속 at 19:00 in Seoul on Wednesday 2 December 2026.
  static func dinner(
    title: String = "저녁 약속", travel: Int = 35 * 60, buffer: Int = 10 * 60, prep: Int = 0,
    leads: [Int] = [30 * 60, 10 * 60, 0], start: String = "2026-12-02T19:00:00+09:00"
  ) -> Appointment {
    Appointment(
      id: 12, title: title, start: instant(start), timeZone: "Asia/Seoul",
      place: "강남역 11번 출구", coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276),
      mode: .transit, travelSeconds: travel, bufferSeconds: buffer, prepSeconds: prep,
      alertLeads: leads)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let travel: Int
    let buffer: Int
    let prep: Int
    let leads: [Int]
    /// The departure expected, as a person in Seoul reads it.
    let departure: String
    /// Whether the event ends at the appointment's start (it has no length when it starts
    /// there too).
    let ends: Bool
    /// Each alarm's TRIGGER, in seconds before the departure, earliest first.
    let triggers: [Int]
    let messages: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "travel, buffer and three leads", travel: 35 * 60, buffer: 10 * 60, prep: 0,
      leads: [30 * 60, 10 * 60, 0], departure: "2026-12-02T18:15:00+09:00", ends: true,
      triggers: [-1800, -600, 0],
      messages: ["30분 뒤 출발: 저녁 약속", "10분 뒤 출발: 저녁 약속", "출발: 저녁 약속"]),
    Case(
      name: "prep time before the leads", travel: 50 * 60, buffer: 0, prep: 20 * 60,
      leads: [10 * 60, 0], departure: "2026-12-02T18:10:00+09:00", ends: true,
      triggers: [-1200, -600, 0],
      messages: ["준비 시작: 저녁 약속", "10분 뒤 출발: 저녁 약속", "출발: 저녁 약속"]),
    Case(
      name: "a departure floored to the minute, no alerts", travel: 37 * 60 + 30, buffer: 0,
      prep: 0, leads: [], departure: "2026-12-02T18:22:00+09:00", ends: true, triggers: [],
      messages: []),
    Case(
      name: "a departure at the start: no length", travel: 0, buffer: 0, prep: 0, leads: [0],
      departure: "2026-12-02T19:00:00+09:00", ends: false, triggers: [0],
      messages: ["출발: 저녁 약속"]),
  ]

  @Test(arguments: cases)
  func theEventReadsBackWithItsDepartureAndAlarms(_ example: Case) throws {
    let appointment = Self.dinner(
      travel: example.travel, buffer: example.buffer, prep: example.prep, leads: example.leads)
    let description = "약속 오후 7:00 · 이동 35분 + 여유 10분"
    let event = try DepartureEvent(
      occurrence: appointment, originalStart: nil, description: description, stamp: Self.stamp)
    let departure = instant(example.departure)
    #expect(event.departure == departure)
    #expect(event.uid == "departure-12@chulbal")

    let read = try ICalendarFile.read(data: Data(event.text.utf8), name: "departure.ics").events
    let own = try #require(read.first)
    #expect(read.count == 1)
    #expect(own.uid == "departure-12@chulbal")
    #expect(own.summary == "출발: 저녁 약속")
    #expect(own.start == .utc(departure))
    #expect(own.end == (example.ends ? .utc(appointment.start) : nil))
    #expect(own.location == "강남역 11번 출구")
    #expect(own.note == description)

    let oracle = try #require(try EventOracle.events([event.text]).first)
    #expect(oracle.uid == "departure-12@chulbal")
    #expect(oracle.summary == "출발: 저녁 약속")
    #expect(oracle.start == Int(departure.timeIntervalSince1970))
    #expect(oracle.end == (example.ends ? Int(appointment.start.timeIntervalSince1970) : nil))
    #expect(oracle.description == description)
    #expect(oracle.alarms.map(\.trigger) == example.triggers)
    #expect(oracle.alarms.allSatisfy { $0.related == "START" && $0.action == "DISPLAY" })
    #expect(oracle.alarms.map(\.description) == example.messages)
  }

  /// Text that iCalendar escapes or folds comes back as it was, less the control characters
  /// TEXT may not carry.
  @Test func escapedFoldedTextReadsBackWhole() throws {
    let title = "저녁; 약속, \\강남\u{7} " + String(repeating: "긴 제목 ", count: 12) + "끝"
    let description =
      "첫 줄; 둘째, 셋째\n" + "https://m.map.kakao.com/scheme/route?ep=37.4979,127.0276&by=publictransit"
    let event = try DepartureEvent(
      occurrence: Self.dinner(title: title), originalStart: nil, description: description,
      stamp: Self.stamp)
    let lines = event.text.components(separatedBy: "\r\n").dropLast()
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    let cleaned = "저녁; 약속, \\강남 " + String(repeating: "긴 제목 ", count: 12) + "끝"
    let oracle = try #require(try EventOracle.events([event.text]).first)
    #expect(oracle.summary == "출발: " + cleaned)
    #expect(oracle.description == description)
    #expect(oracle.alarms.last?.description == "출발: " + cleaned)
    let own = try #require(try ICalendarFile.read(text: event.text, name: "d.ics").events.first)
    #expect(own.summary == "출발: " + cleaned)
    #expect(own.note == description)
  }

  @Test func theDescriptionSaysTheAppointmentTimeTheTripAndTheLink() {
    let dinner = Self.dinner()
    #expect(
      DepartureEvent.description(for: dinner, link: nil) == "약속 오후 7:00 · 이동 35분 + 여유 10분")
    #expect(
      DepartureEvent.description(for: dinner, link: "https://map.kakao.com/x")
        == "약속 오후 7:00 · 이동 35분 + 여유 10분\nhttps://map.kakao.com/x")
    #expect(
      DepartureEvent.description(for: Self.dinner(travel: 0, buffer: 0), link: nil)
        == "약속 오후 7:00 · 이동·여유 없음")
  }

  @Test func aOneOffIsNamedByItsIdAndAnOccurrenceByItsRuleStartToo() throws {
    #expect(DepartureEvent.uid(appointmentID: 12, occurrence: nil) == "departure-12@chulbal")
    let occurrence = instant("2026-12-02T19:00:00+09:00")
    #expect(
      DepartureEvent.uid(appointmentID: 12, occurrence: occurrence)
        == "departure-12-1796205600@chulbal")
    let event = try DepartureEvent(
      occurrence: Self.dinner(), originalStart: occurrence, description: "", stamp: Self.stamp)
    #expect(event.fileName == "departure-12-1796205600.ics")
  }

  /// The digest leaves out DTSTAMP, so an unchanged departure pushed later is unchanged; a
  /// moved one is not.
  @Test func theDigestIsTheSameAtAnotherStampAndChangesWithTheDeparture() throws {
    let first = try DepartureEvent(
      occurrence: Self.dinner(), originalStart: nil, description: "d", stamp: Self.stamp)
    let later = try DepartureEvent(
      occurrence: Self.dinner(), originalStart: nil, description: "d",
      stamp: Self.stamp.addingTimeInterval(3600))
    let moved = try DepartureEvent(
      occurrence: Self.dinner(start: "2026-12-02T19:30:00+09:00"), originalStart: nil,
      description: "d", stamp: Self.stamp)
    let fewerAlerts = try DepartureEvent(
      occurrence: Self.dinner(leads: [0]), originalStart: nil, description: "d",
      stamp: Self.stamp)
    #expect(first.text != later.text)
    #expect(first.digest == later.digest)
    #expect(first.digest != moved.digest)
    #expect(first.digest != fewerAlerts.digest)
  }
}
