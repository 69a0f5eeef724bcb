import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalDAV

/// What the client makes of servers that fail: none listening, one that never answers, answers
/// that are not a multistatus, certificates nobody vouches for. Each test starts the server it
/// needs (a socket, Python's http.server) and stops it.
@Suite struct CalDAVClientFailureTests {
  static let calendarAnswer = """
    <?xml version="1.0" encoding="utf-8"?>
    <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response>
    <href>/calendars/work/</href><propstat><prop><resourcetype><collection/><C:calendar/>
    </resourcetype><displayname>회사</displayname></prop><status>HTTP/1.1 200 OK</status>
    </propstat></response></multistatus>
    """

  func client(_ url: URL, timeout: TimeInterval = 15, caFile: String? = nil) throws
    -> CalDAVClient
  {
    try CalDAVClient(
      account: DAVAccount(url: url, user: "u", password: "p", caFile: caFile, timeout: timeout))
  }

  @Test func aPortNothingListensOnIsUnreachableAtOnce() throws {
    let port = try SilentListener.closedPort()
    let url = URL(string: "http://127.0.0.1:\(port)/dav/")!
    let started = ContinuousClock.now
    #expect {
      try client(url).discoverCalendars()
    } throws: { error in
      guard case .unreachable(let shown, let reason) = error as? DAVError else { return false }
      // Korean first, libcurl's own words after it.
      return shown == url.absoluteString
        && reason.hasPrefix("연결이 거부되었거나 경로가 없습니다 (libcurl: ") && reason.hasSuffix(")")
    }
    // Refused, not timed out (the case above), and well inside the 15-second timeout; a tighter
    // bound would measure how busy the machine is, as the first call also loads libcurl.
    let elapsed = ContinuousClock.now - started
    #expect(elapsed < .seconds(5), "\(elapsed)")
  }

  @Test func aServerThatNeverAnswersTimesOut() throws {
    let listener = try SilentListener()
    let url = URL(string: "http://127.0.0.1:\(listener.port)/")!
    let started = ContinuousClock.now
    #expect(throws: DAVError.timedOut(url: url.absoluteString, seconds: 1)) {
      try client(url, timeout: 1).calendar(at: url)
    }
    let elapsed = ContinuousClock.now - started
    #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(5), "\(elapsed)")
  }

  @Test(arguments: [
    ("text that is not XML", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"),
    ("XML that is not a multistatus", #"<html xmlns="http://www.w3.org/1999/xhtml"/>"#),
  ])
  func anAnswerThatIsNotAMultistatusIsMalformed(_ name: String, _ body: String) throws {
    let server = try FixedAnswerServer(body: body)
    let calendar = server.url.appendingPathComponent("calendars/work/", isDirectory: true)
    #expect {
      try client(calendar).calendar(at: calendar)
    } throws: { error in
      guard case .malformedResponse(let url, _) = error as? DAVError else { return false }
      return url == calendar.absoluteString
    }
  }

  @Test func aSelfSignedCertificateIsRefusedUnlessNamedAsTheAuthority() throws {
    let folder = TemporaryFolder()
    let certificate = try FixedAnswerServer.Certificate(in: folder)
    let server = try FixedAnswerServer(body: Self.calendarAnswer, certificate: certificate)
    let calendar = server.url.appendingPathComponent("calendars/work/", isDirectory: true)
    #expect {
      try client(calendar).calendar(at: calendar)
    } throws: { error in
      guard case .tls(let url, let reason) = error as? DAVError else { return false }
      return url == calendar.absoluteString
        && reason.hasPrefix("서버 인증서 검증에 실패했습니다 (libcurl: ") && reason.contains("certificate")
    }
    let trusting = try client(calendar, caFile: certificate.certificatePath)
    #expect(
      try trusting.calendar(at: calendar)
        == DAVCalendar(url: calendar, displayName: "회사", syncToken: nil, ctag: nil))
  }

  /// A server that takes the request and closes without a word: the connection was made,
  /// so not `unreachable`.
  @Test func aServerThatClosesWithoutAnAnswerIsAnInterruptedExchange() throws {
    let server = try FixedAnswerServer(status: 0, body: "")
    let calendar = server.url.appendingPathComponent("calendars/work/", isDirectory: true)
    #expect {
      try client(calendar).calendar(at: calendar)
    } throws: { error in
      guard case .interrupted(let url, let reason) = error as? DAVError else { return false }
      return url == calendar.absoluteString
        && reason.hasPrefix("서버가 답 없이 연결을 닫았습니다 (libcurl: ")
        && "\(error)".hasPrefix("서버와 주고받는 중에 연결이 끊겼습니다 (\(calendar.absoluteString)): ")
    }
  }

  @Test func theStatusOfAFailedRequestIsNamed() throws {
    let server = try FixedAnswerServer(status: 500, body: "")
    let calendar = server.url.appendingPathComponent("calendars/work/", isDirectory: true)
    #expect(throws: DAVError.status(500, method: "PROPFIND", url: calendar.absoluteString)) {
      try client(calendar).calendar(at: calendar)
    }
  }

  @Test func errorsNeverShowTheCredentialsOfAURL() throws {
    let port = try SilentListener.closedPort()
    let url = URL(string: "http://someone:secret@127.0.0.1:\(port)/dav/")!
    #expect {
      try client(url).discoverCalendars()
    } throws: { error in
      guard case .unreachable(let shown, _) = error as? DAVError else { return false }
      return shown == "http://127.0.0.1:\(port)/dav/" && !"\(error)".contains("secret")
    }
  }

  /// The particle agrees with how the address is read: `…/cal` (칼) takes 은, `…/dav/` (read
  /// past its slash) 는.
  @Test(arguments: [
    ("ftp://example.com/cal", "'ftp://example.com/cal'은 CalDAV 주소가 아닙니다"),
    ("ftp://example.com/dav/", "'ftp://example.com/dav/'는 CalDAV 주소가 아닙니다"),
  ])
  func anAddressThatIsNotCalDAVIsNamedWithItsParticle(_ text: String, _ start: String) {
    #expect(DAVError.invalidURL(text).description.hasPrefix(start))
  }

  @Test(arguments: ["ftp://example.com/dav/", "file:///etc/", "http:///nohost"])
  func onlyHTTPAndHTTPSURLsAreTaken(_ text: String) {
    #expect(throws: DAVError.invalidURL(text)) {
      try CalDAVClient(account: DAVAccount(url: URL(string: text)!))
    }
  }
}
