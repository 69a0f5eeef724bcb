import Foundation
import Testing

@testable import ChulbalCalDAV

/// The multistatus reader alone, on documents written the ways servers write them.
@Suite struct MultiStatusTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var xml: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "d: and cal: prefixes",
      xml: """
        <?xml version="1.0"?>
        <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
          <d:response><d:href>/cal/a.ics</d:href>
            <d:propstat><d:prop><d:getetag>"1"</d:getetag>
              <cal:calendar-data>BEGIN:VCALENDAR</cal:calendar-data></d:prop>
              <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
        </d:multistatus>
        """),
    Case(
      name: "D: and C: prefixes",
      xml: """
        <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:response>
        <D:href>/cal/a.ics</D:href><D:propstat><D:prop><D:getetag>"1"</D:getetag>
        <C:calendar-data>BEGIN:VCALENDAR</C:calendar-data></D:prop>
        <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>
        """),
    Case(
      name: "DAV: as the default namespace, CDATA data",
      xml: """
        <multistatus xmlns="DAV:"><response><href>/cal/a.ics</href><propstat><prop>
        <getetag>"1"</getetag><calendar-data xmlns="urn:ietf:params:xml:ns:caldav"><![CDATA[BEGIN:VCALENDAR]]></calendar-data>
        </prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
        """),
    Case(
      name: "unusual prefixes, a property not found in a second propstat",
      xml: """
        <x:multistatus xmlns:x="DAV:" xmlns:y="urn:ietf:params:xml:ns:caldav"><x:response>
        <x:href>/cal/a.ics</x:href>
        <x:propstat><x:prop><x:displayname/></x:prop><x:status>HTTP/1.1 404 Not Found</x:status></x:propstat>
        <x:propstat><x:prop><x:getetag>"1"</x:getetag><y:calendar-data>BEGIN:VCALENDAR</y:calendar-data></x:prop>
        <x:status>HTTP/1.1 200 OK</x:status></x:propstat></x:response></x:multistatus>
        """),
  ]

  @Test(arguments: cases)
  func readsTheSameResponseWhateverThePrefixes(_ testCase: Case) throws {
    let parsed = try MultiStatus.parse(Data(testCase.xml.utf8), url: "http://host/cal/")
    let response = try #require(parsed.responses.first)
    #expect(parsed.responses.count == 1)
    #expect(response.href == "/cal/a.ics")
    #expect(response.text(.dav("getetag")) == "\"1\"")
    #expect(response.text(.caldav("calendar-data")) == "BEGIN:VCALENDAR")
    #expect(response.text(.dav("displayname")) == nil)
  }

  @Test func elementsOfAnotherNamespaceAreNotTakenForDAVOnes() throws {
    let xml = """
      <D:multistatus xmlns:D="DAV:" xmlns:O="urn:other"><D:response><D:href>/a</D:href>
      <D:propstat><D:prop><O:getetag>"other"</O:getetag></D:prop>
      <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>
      """
    let parsed = try MultiStatus.parse(Data(xml.utf8), url: "http://host/")
    #expect(parsed.responses.first?.text(.dav("getetag")) == nil)
  }

  @Test func aRemovedMemberAndTheNewSyncToken() throws {
    let xml = """
      <multistatus xmlns="DAV:"><response><href>/cal/gone.ics</href>
      <status>HTTP/1.1 404 Not Found</status></response>
      <sync-token>http://example.com/sync/2</sync-token></multistatus>
      """
    let parsed = try MultiStatus.parse(Data(xml.utf8), url: "http://host/")
    #expect(parsed.responses == [.init(href: "/cal/gone.ics", status: 404, propStats: [])])
    #expect(parsed.syncToken == "http://example.com/sync/2")
  }

  @Test(arguments: [
    ("not XML at all", "BEGIN:VCALENDAR\nEND:VCALENDAR\n"),
    ("not a multistatus", #"<error xmlns="DAV:"><valid-sync-token/></error>"#),
    ("multistatus of another namespace", #"<multistatus xmlns="urn:other"/>"#),
    ("a response without an href", #"<multistatus xmlns="DAV:"><response/></multistatus>"#),
    ("empty", ""),
  ])
  func anythingElseIsMalformed(_ name: String, _ text: String) {
    #expect {
      try MultiStatus.parse(Data(text.utf8), url: "http://host/cal/")
    } throws: { error in
      guard case .malformedResponse(let url, _) = error as? DAVError else { return false }
      return url == "http://host/cal/"
    }
  }

  @Test func anExternalEntityIsNotRead() throws {
    let xml = """
      <?xml version="1.0"?>
      <!DOCTYPE multistatus [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
      <multistatus xmlns="DAV:"><response><href>/a</href><propstat><prop>
      <displayname>&secret;</displayname></prop><status>HTTP/1.1 200 OK</status></propstat>
      </response></multistatus>
      """
    let hostname = try String(contentsOfFile: "/etc/hostname", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let parsed = try MultiStatus.parse(Data(xml.utf8), url: "http://host/")
    let name = parsed.responses.first?.property(.dav("displayname"))?.text ?? ""
    #expect(!hostname.isEmpty && !name.contains(hostname))
  }

  @Test(arguments: [
    ("a&b<c>\"d'", "a&amp;b&lt;c&gt;&quot;d&apos;"), ("출발 일정", "출발 일정"),
  ])
  func requestTextIsEscaped(_ text: String, _ escaped: String) {
    #expect(RequestBody.escaped(text) == escaped)
  }

  @Test func timeRangeStartsAreUTCDateTimes() {
    // 2026-12-10T09:05:03+09:00
    let instant = Date(timeIntervalSince1970: 1_796_861_103)
    #expect(RequestBody.utcText(instant) == "20261210T000503Z")
  }
}
