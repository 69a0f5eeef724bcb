import ChulbalCalDAV
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `source add` against servers that mean harm or fail (issue 34), through the in-process CLI
/// and the real client: whatever goes wrong is one line on standard error, exit 1, and nothing
/// is kept.
@Suite struct HostileServerSourceTests {
  static let multistatus =
    #"<?xml version="1.0" encoding="utf-8"?><multistatus xmlns="DAV:" "#
    + #"xmlns:C="urn:ietf:params:xml:ns:caldav">"#

  static func answer(_ href: String, _ properties: String) -> ScriptedServer.Answer {
    ScriptedServer.Answer(
      body: multistatus + "<response><href>\(href)</href><propstat><prop>\(properties)</prop>"
        + "<status>HTTP/1.1 200 OK</status></propstat></response></multistatus>")
  }

  static let calendar =
    "<resourcetype><collection/><C:calendar/></resourcetype><displayname>회사</displayname>"

  func add(_ url: URL, in workspace: Workspace) -> Outcome {
    var environment = workspace.environment()
    environment.calendarServer = Environment.liveCalendarServer
    return CLI.run(
      ["source", "add", url.absoluteString] + ImportCommandTests.now, environment: environment)
  }

  /// A failure in the first sync, after discovery, is the server's own line, its particle
  /// agreeing with the status (500, 오백, takes 으로), not the name of the case that carries
  /// it.
  @Test func aFirstSyncThatFailsSaysTheServersLine() throws {
    let folder = TemporaryFolder()
    let server = try ScriptedServer(
      [
        "/": Self.answer("/", "<C:calendar-home-set><href>/home/</href></C:calendar-home-set>"),
        "/home/": Self.answer("/home/work/", Self.calendar),
      ], otherwise: .init(status: 500), in: folder)
    let workspace = Workspace()
    let outcome = add(server.url, in: workspace)
    let calendar = server.url.appendingPathComponent("home/work/").absoluteString
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError == "chulbal: 서버가 PROPFIND 요청에 HTTP 500으로 답했습니다 (\(calendar))\n")
  }

  /// A calendar-home-set on another origin: refused by name, and no source kept.
  @Test func aHomeOnAnotherOriginIsRefusedAndNothingIsKept() throws {
    let folder = TemporaryFolder()
    let other = try ScriptedServer([:], otherwise: Self.answer("/cal/", Self.calendar), in: folder)
    let server = try ScriptedServer(
      [
        "/": Self.answer(
          "/", "<C:calendar-home-set><href>\(other.origin)/home/</href></C:calendar-home-set>")
      ], in: folder)
    let workspace = Workspace()
    let before = try workspace.snapshot()
    let outcome = add(server.url, in: workspace)
    #expect(outcome.exitCode == 1)
    #expect(
      outcome.standardError
        == "chulbal: 서버가 다른 곳(\(other.origin))을 가리켰지만 따라가지 않습니다 (\(other.origin)/home/): "
        + "비밀번호는 처음 준 주소의 서버(\(server.origin))에만 보냅니다\n")
    #expect(try other.requests() == [])
    #expect(try workspace.snapshot() == before)
  }
}
