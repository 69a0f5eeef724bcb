import ChulbalSystem
import Foundation
import Testing

@testable import ChulbalCore

/// Times are shown in the reader's zone, with the appointment's own local time beside them
/// only when its clock differs (issue 11, item 8).
@Suite struct ReaderTimesTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let reader: String
    let own: String
    let at: String
    let full: String
    var now = "2026-12-01T12:00:00+09:00"
    var testDescription: String { "\(at) kept in \(own), read in \(reader)" }
  }

  @Test(arguments: [
    Case(
      reader: "Asia/Seoul", own: "America/New_York", at: "2026-12-01T09:00:00-05:00",
      full: "12월 1일 (화) 오후 11:00 (뉴욕 오전 9:00)"),
    // Another day there: its date too.
    Case(
      reader: "Asia/Seoul", own: "America/New_York", at: "2026-12-01T19:00:00-05:00",
      full: "12월 2일 (수) 오전 9:00 (뉴욕 12월 1일 (화) 오후 7:00)"),
    Case(
      reader: "America/New_York", own: "Asia/Seoul", at: "2026-12-02T09:00:00+09:00",
      full: "12월 1일 (화) 오후 7:00 (서울 12월 2일 (수) 오전 9:00)"),
    // The same clock in another zone needs no label.
    Case(
      reader: "Asia/Seoul", own: "Asia/Tokyo", at: "2026-12-01T19:00:00+09:00",
      full: "12월 1일 (화) 오후 7:00"),
    Case(
      reader: "Asia/Seoul", own: "Asia/Seoul", at: "2026-12-01T19:00:00+09:00",
      full: "12월 1일 (화) 오후 7:00"),
    // Brisbane keeps no summer time, Sydney does: the label comes and goes with the season.
    Case(
      reader: "Australia/Brisbane", own: "Australia/Sydney", at: "2026-07-01T19:00:00+10:00",
      full: "7월 1일 (수) 오후 7:00"),
    Case(
      reader: "Australia/Brisbane", own: "Australia/Sydney", at: "2026-12-01T19:00:00+11:00",
      full: "12월 1일 (화) 오후 6:00 (시드니 오후 7:00)"),
    // A zone without a Korean name is named by its IANA name.
    Case(
      reader: "Asia/Seoul", own: "America/Boise", at: "2026-12-01T09:00:00-07:00",
      full: "12월 2일 (수) 오전 1:00 (America/Boise 12월 1일 (화) 오전 9:00)"),
    // Another year on both sides: the years are shown.
    Case(
      reader: "Asia/Seoul", own: "America/New_York", at: "2027-12-31T19:00:00-05:00",
      full: "2028년 1월 1일 (토) 오전 9:00 (뉴욕 2027년 12월 31일 (금) 오후 7:00)"),
  ])
  func fullTimes(_ example: Case) throws {
    let times = ReaderTimes(reader: try zone(example.reader), own: try zone(example.own))
    #expect(times.full(try instant(example.at), seenAt: try instant(example.now)) == example.full)
  }

  @Test func aTimeAloneKeepsItsLabel() throws {
    let times = ReaderTimes(reader: try zone("Asia/Seoul"), own: try zone("Europe/London"))
    let at = try instant("2026-12-01T10:00:00Z")
    #expect(times.time(at, seenAt: at) == "오후 7:00 (런던 오전 10:00)")
  }

  /// A notice for a call kept in New York, read in Seoul, gives both clocks in its body.
  @Test func aNoticeBodyGivesTheOwnClockToo() throws {
    let call = Appointment(
      id: 1, title: "화상 회의", start: try instant("2026-12-01T09:00:00-05:00"),
      timeZone: "America/New_York", mode: .walk, travelSeconds: 0, bufferSeconds: 0,
      alertLeads: [10 * 60])
    let alert = try #require(call.plan.alerts.first)
    let due = AlertPlanner.Due(
      appointment: call, alert: alert, dueAt: alert.at, isSnoozeReturn: false)
    let notice = AlertNotice.notice(
      for: due, now: alert.at, timeZone: try zone("Asia/Seoul"),
      ownZone: try zone("America/New_York"), link: nil, snoozeSeconds: 300)
    #expect(notice.body == "오후 11:00 (뉴욕 오전 9:00)")
  }

  func zone(_ name: String) throws -> Zone { try #require(Zone(identifier: name)) }

  func instant(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
  }
}
