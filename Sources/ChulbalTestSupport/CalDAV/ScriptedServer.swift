import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A hostile HTTP server (Python's `http.server`, a child process) answering each path as scripted
/// and logging every request with its `Authorization` header: for answers meant to hurt a client
/// (foreign hrefs, thousands of hrefs, slow answers, compression bombs) or a feed that changes
/// (``update(_:otherwise:)``). A 200 with `ETag` or `Last-Modified` is answered 304 when the
/// request names that version (RFC 9110 §13.2.2). Stopped when the value goes away.
public final class ScriptedServer: @unchecked Sendable {
  /// One scripted answer.
  public struct Answer: Encodable, Sendable {
    public var status: Int
    /// Extra header lines, such as `Location`.
    public var headers: [String: String]
    /// The body, sent as ``contentType``.
    public var body: String
    public var contentType: String
    /// The body is `body` + `repeated` × `repeatCount` + `tail`, made by the server, so a large
    /// answer need not pass through the test.
    public var repeated: String
    public var repeatCount: Int
    public var tail: String
    /// Sent gzip-compressed, with `Content-Encoding: gzip`.
    public var gzip: Bool
    /// Seconds the server waits before answering.
    public var delay: Double

    public init(
      status: Int = 207, headers: [String: String] = [:], body: String = "",
      contentType: String = "application/xml; charset=utf-8", repeated: String = "",
      repeatCount: Int = 0, tail: String = "", gzip: Bool = false, delay: Double = 0
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.contentType = contentType
      self.repeated = repeated
      self.repeatCount = repeatCount
      self.tail = tail
      self.gzip = gzip
      self.delay = delay
    }

    /// A redirect to `location`.
    public static func redirect(_ location: String, status: Int = 301) -> Answer {
      Answer(status: status, headers: ["Location": location])
    }
  }

  /// One request as the server saw it.
  public struct Request: Decodable, Equatable, Sendable {
    public var method: String
    public var path: String
    /// The `Authorization` header, nil when none was sent.
    public var authorization: String?
    /// The `If-None-Match` and `If-Modified-Since` headers, nil when not sent.
    public var ifNoneMatch: String?
    public var ifModifiedSince: String?

    public init(
      method: String, path: String, authorization: String? = nil, ifNoneMatch: String? = nil,
      ifModifiedSince: String? = nil
    ) {
      self.method = method
      self.path = path
      self.authorization = authorization
      self.ifNoneMatch = ifNoneMatch
      self.ifModifiedSince = ifModifiedSince
    }
  }

  /// `http://127.0.0.1:PORT/`.
  public let url: URL
  private let log: String
  private let script: String
  private let process: Process

  /// Starts the server and waits until it listens.
  ///
  /// - Parameters:
  ///   - answers: the answer per path (without query), or per method and path (`PROPFIND
  ///     /feed.ics`), which goes first.
  ///   - otherwise: the answer for any other path; nil answers 404.
  ///   - folder: where the script and request log are written.
  public init(
    _ answers: [String: Answer], otherwise: Answer? = nil, in folder: TemporaryFolder
  ) throws {
    let name = UUID().uuidString
    script = folder.path + "/\(name).json"
    log = folder.path + "/\(name).log"
    try Self.write(answers, otherwise: otherwise, to: script)
    let program = """
      import gzip, http.server, json, sys, threading, time, urllib.parse
      log, lock = open(sys.argv[2], "a"), threading.Lock()
      bodies = {}
      def body(answer):
          key = json.dumps(answer, sort_keys=True)
          if key not in bodies:
              text = answer["body"] + answer["repeated"] * answer["repeatCount"] + answer["tail"]
              bodies[key] = gzip.compress(text.encode(), 9) if answer["gzip"] else text.encode()
          return bodies[key]
      class Handler(http.server.BaseHTTPRequestHandler):
          protocol_version = "HTTP/1.1"
          def answer(self):
              self.rfile.read(int(self.headers.get("Content-Length") or 0))
              path = urllib.parse.urlsplit(self.path).path
              with lock:
                  log.write(json.dumps({"method": self.command, "path": path,
                      "authorization": self.headers.get("Authorization"),
                      "ifNoneMatch": self.headers.get("If-None-Match"),
                      "ifModifiedSince": self.headers.get("If-Modified-Since")}) + "\\n")
                  log.flush()
                  script = json.load(open(sys.argv[1]))
              answers = script["answers"]
              answer = answers.get(self.command + " " + path, answers.get(path, script.get("otherwise")))
              if answer is None:
                  answer = {"status": 404, "headers": {}, "body": "", "repeated": "",
                      "repeatCount": 0, "tail": "", "gzip": False, "delay": 0,
                      "contentType": "application/xml; charset=utf-8"}
              time.sleep(answer["delay"])
              data = body(answer)
              etag, modified = answer["headers"].get("ETag"), answer["headers"].get("Last-Modified")
              # If-None-Match, when sent, decides alone (RFC 9110 section 13.2.2).
              asked_etag = self.headers.get("If-None-Match")
              if asked_etag is not None:
                  unchanged = etag is not None and asked_etag == etag
              else:
                  asked_date = self.headers.get("If-Modified-Since")
                  unchanged = modified is not None and asked_date == modified
              if answer["status"] == 200 and unchanged:
                  self.send_response(304)
                  self.send_header("ETag", etag or "")
                  self.send_header("Content-Length", "0")
                  self.end_headers()
                  return
              self.send_response(answer["status"])
              self.send_header("Content-Type", answer["contentType"])
              if answer["gzip"]:
                  self.send_header("Content-Encoding", "gzip")
              for name, value in answer["headers"].items():
                  self.send_header(name, value)
              self.send_header("Content-Length", str(len(data)))
              self.end_headers()
              self.wfile.write(data)
          def __getattr__(self, name):
              if name.startswith("do_"):
                  return self.answer
              raise AttributeError(name)
          def log_message(self, *arguments):
              pass
      server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
      print(server.server_address[1], flush=True)
      server.serve_forever()
      """
    let port: Int
    (process, port) = try FixedAnswerServer.startPython(
      ["python3", "-c", program, script, log], name: "the scripted server")
    url = URL(string: "http://127.0.0.1:\(port)/")!
  }

  /// What the server answers from its next request on.
  public func update(_ answers: [String: Answer], otherwise: Answer? = nil) throws {
    try Self.write(answers, otherwise: otherwise, to: script)
  }

  /// Writes the script the server reads at each request, whole: renamed into place, so a
  /// request never reads half of it.
  private static func write(_ answers: [String: Answer], otherwise: Answer?, to path: String)
    throws
  {
    struct Script: Encodable {
      var answers: [String: Answer]
      var otherwise: Answer?
    }
    try JSONEncoder().encode(Script(answers: answers, otherwise: otherwise)).write(
      to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// Stops the server: from now on a connection to its port is refused.
  public func stop() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// `url` without its final slash: `http://127.0.0.1:PORT`, as errors name an origin.
  public var origin: String { String(url.absoluteString.dropLast()) }

  /// Every request the server has been sent so far, in order.
  public func requests() throws -> [Request] {
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return try text.split(separator: "\n").map {
      try JSONDecoder().decode(Request.self, from: Data($0.utf8))
    }
  }

  deinit {
    // SIGKILL, as FixedAnswerServer says why.
    if process.isRunning { stop() }
  }
}
