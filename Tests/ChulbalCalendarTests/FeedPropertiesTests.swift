import ChulbalCalendar
import Foundation
import Testing

/// A feed's own name and refresh interval, read from the lines before its first component.
@Suite struct FeedPropertiesTests {
  struct Header: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let lines: [String]
    let expected: FeedProperties
  }

  @Test(arguments: [
    Header(
      testDescription: "RFC 7986", lines: ["NAME:학교 일정", "REFRESH-INTERVAL;VALUE=DURATION:P1W"],
      expected: FeedProperties(name: "학교 일정", refreshSeconds: 604_800)),
    Header(
      testDescription: "Google and Outlook",
      lines: ["X-WR-CALNAME:대한민국의 휴일", "X-PUBLISHED-TTL:PT1H"],
      expected: FeedProperties(name: "대한민국의 휴일", refreshSeconds: 3600)),
    Header(
      testDescription: "folded, escaped",
      lines: ["X-WR-CALNAME:A\\, ", " B", "X-PUBLISHED-TTL:P1D"],
      expected: FeedProperties(name: "A, B", refreshSeconds: 86_400)),
    Header(
      testDescription: "a zero or bad interval",
      lines: ["REFRESH-INTERVAL:PT0S", "X-PUBLISHED-TTL:soon"],
      expected: FeedProperties()),
    Header(
      testDescription: "an event's properties are not the feed's",
      lines: ["BEGIN:VEVENT", "X-WR-CALNAME:no", "X-PUBLISHED-TTL:PT1H", "END:VEVENT"],
      expected: FeedProperties()),
  ])
  func aFeedsOwnPropertiesAreRead(_ header: Header) {
    let text = (["BEGIN:VCALENDAR", "VERSION:2.0"] + header.lines + ["END:VCALENDAR"])
      .joined(separator: "\r\n")
    #expect(FeedProperties(reading: Data(text.utf8)) == header.expected)
  }
}
