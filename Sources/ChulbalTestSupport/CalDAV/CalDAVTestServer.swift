import Foundation

/// The Radicale server `contrib/caldav-session.sh` runs, and an independent client for it (the
/// `curl` program), so test setup and checks never go through the code under test. Tests share the
/// server, each with calendars of its own (``makeCalendar(displayName:)``).
public struct CalDAVTestServer: Sendable {
  /// The server's root, `http://127.0.0.1:PORT/`.
  public let url: URL
  public let user: String
  public let password: String
  /// Radicale's log, a line per request (`METHOD request for '/PATH' ...`).
  public let logPath: String

  /// A test run without the server.
  public struct Missing: Error, CustomStringConvertible {
    public let description: String
  }

  /// What the server answered curl.
  public struct Answer: Sendable {
    public var status: Int
    /// Header lines of the last answer, without the status line.
    public var headers: [String]
    public var body: Data

    /// The first header of that name (case-insensitive).
    public func header(_ name: String) -> String? {
      for line in headers {
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2, parts[0].lowercased() == name.lowercased() {
          return parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
      return nil
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// The server the session script started, from its environment variables.
  ///
  /// - Throws: ``Missing`` when not run under `contrib/caldav-session.sh`.
  public static func fromEnvironment() throws -> CalDAVTestServer {
    let environment = ProcessInfo.processInfo.environment
    guard let base = environment["CHULBAL_TEST_CALDAV_URL"], let url = URL(string: base),
      let user = environment["CHULBAL_TEST_CALDAV_USER"],
      let password = environment["CHULBAL_TEST_CALDAV_PASSWORD"],
      let log = environment["CHULBAL_TEST_CALDAV_LOG"]
    else {
      throw Missing(
        description: "no CalDAV server: run under contrib/caldav-session.sh "
          + "(bash contrib/caldav-session.sh swift test --skip-build --filter ChulbalCalDAVTests)")
    }
    return CalDAVTestServer(url: url, user: user, password: password, logPath: log)
  }

  /// The user's principal and calendar home, `/USER/`.
  public var home: URL { url.appendingPathComponent(user, isDirectory: true) }

  /// Makes a calendar with a name no other test uses (MKCALENDAR, with curl).
  ///
  /// - Parameter components: its `supported-calendar-component-set`; nil allows every kind.
  /// - Returns: its URL, ending in `/`.
  public func makeCalendar(displayName: String? = nil, components: [String]? = nil) throws -> URL {
    let calendar = home.appendingPathComponent("test-\(UUID().uuidString)", isDirectory: true)
    var properties = ""
    if let displayName {
      let escaped = displayName.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;")
      properties += "<D:displayname>\(escaped)</D:displayname>"
    }
    if let components {
      properties += "<C:supported-calendar-component-set>"
      properties += components.map { "<C:comp name=\"\($0)\"/>" }.joined()
      properties += "</C:supported-calendar-component-set>"
    }
    let body =
      properties.isEmpty
      ? nil
      : #"<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">"#
        + "<D:set><D:prop>\(properties)</D:prop></D:set></C:mkcalendar>"
    try expect(201, curl("MKCALENDAR", calendar, body: body.map { Data($0.utf8) }))
    return calendar
  }

  /// Writes an event (PUT, with curl) and returns its ETag.
  @discardableResult
  public func put(_ text: String, at url: URL) throws -> String {
    let answer = try curl(
      "PUT", url, headers: ["Content-Type: text/calendar; charset=utf-8"], body: Data(text.utf8))
    guard answer.status == 201 || answer.status == 204, let etag = answer.header("ETag") else {
      throw Missing(description: "PUT \(url.path) answered \(answer.status): \(answer.text)")
    }
    return etag
  }

  /// Deletes a resource (DELETE, with curl).
  public func delete(_ url: URL) throws {
    let answer = try curl("DELETE", url)
    guard answer.status == 200 || answer.status == 204 else {
      throw Missing(description: "DELETE \(url.path) answered \(answer.status)")
    }
  }

  /// One request with the `curl` program, signed in as the test user.
  public func curl(
    _ method: String, _ url: URL, headers: [String] = [], body: Data? = nil
  ) throws -> Answer {
    let folder = TemporaryFolder(prefix: "chulbal-curl")
    let bodyPath = folder.path + "/body"
    let headerPath = folder.path + "/headers"
    var arguments = [
      "curl", "--silent", "--show-error", "--request", method, "--user", "\(user):\(password)",
      "--dump-header", headerPath, "--output", bodyPath,
    ]
    for header in headers { arguments += ["--header", header] }
    if let body {
      let input = folder.path + "/input"
      _ = FileManager.default.createFile(atPath: input, contents: body)
      arguments += ["--data-binary", "@" + input]
    }
    arguments.append(url.absoluteString)
    try ProgramOutput.read(arguments)
    let headerText = String(decoding: folder.bytes("headers") ?? Data(), as: UTF8.self)
    let lines = headerText.split(whereSeparator: \.isNewline).map(String.init)
    let statusLine = lines.first { $0.hasPrefix("HTTP/") } ?? ""
    let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return Answer(
      status: status, headers: lines.filter { !$0.hasPrefix("HTTP/") },
      body: folder.bytes("body") ?? Data())
  }

  /// Radicale's request lines for paths that start with `prefix`: `METHOD /PATH` each, in
  /// order.
  public func requests(under prefix: String) -> [String] {
    let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    return log.split(separator: "\n").compactMap { line -> String? in
      guard let requestRange = line.range(of: " request for '") else { return nil }
      let method = line[..<requestRange.lowerBound].split(separator: " ").last ?? ""
      let rest = line[requestRange.upperBound...]
      guard let end = rest.firstIndex(of: "'") else { return nil }
      let path = String(rest[..<end])
      return path.hasPrefix(prefix) ? "\(method) \(path)" : nil
    }
  }

  private func expect(_ status: Int, _ answer: Answer) throws {
    guard answer.status == status else {
      throw Missing(description: "the server answered \(answer.status): \(answer.text)")
    }
  }
}
