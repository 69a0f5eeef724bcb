import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A hostile HTTP server (Python's `http.server`, a child process) that answers each path as
/// scripted and writes down every request it is sent, with its `Authorization` header: for
/// the answers a server chooses in order to hurt a client (hrefs on other origins, thousands of
/// hrefs, slow answers, compressed bombs). Stopped when the value goes away.
public final class ScriptedServer: @unchecked Sendable {
  /// One scripted answer.
  public struct Answer: Encodable, Sendable {
    public var status: Int
    /// Extra header lines, such as `Location`.
    public var headers: [String: String]
    /// The body, sent as `application/xml`.
    public var body: String
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
      repeated: String = "", repeatCount: Int = 0, tail: String = "", gzip: Bool = false,
      delay: Double = 0
    ) {
      self.status = status
      self.headers = headers
      self.body = body
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
  }

  /// `http://127.0.0.1:PORT/`.
  public let url: URL
  private let log: String
  private let process: Process

  /// Starts the server and waits until it listens.
  ///
  /// - Parameters:
  ///   - answers: the answer for each path (without a query).
  ///   - otherwise: the answer for any other path; nil answers 404.
  ///   - folder: where the script and the request log are written.
  public init(
    _ answers: [String: Answer], otherwise: Answer? = nil, in folder: TemporaryFolder
  ) throws {
    let name = UUID().uuidString
    let script = folder.path + "/\(name).json"
    log = folder.path + "/\(name).log"
    struct Script: Encodable {
      var answers: [String: Answer]
      var otherwise: Answer?
    }
    try JSONEncoder().encode(Script(answers: answers, otherwise: otherwise)).write(
      to: URL(fileURLWithPath: script))
    let program = """
      import gzip, http.server, json, sys, threading, time, urllib.parse
      script = json.load(open(sys.argv[1]))
      log, lock = open(sys.argv[2], "a"), threading.Lock()
      bodies = {}
      def body(answer):
          key = id(answer)
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
                      "authorization": self.headers.get("Authorization")}) + "\\n")
                  log.flush()
              answer = script["answers"].get(path, script.get("otherwise"))
              if answer is None:
                  answer = {"status": 404, "headers": {}, "body": "", "repeated": "",
                      "repeatCount": 0, "tail": "", "gzip": False, "delay": 0}
              time.sleep(answer["delay"])
              data = body(answer)
              self.send_response(answer["status"])
              self.send_header("Content-Type", "application/xml; charset=utf-8")
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
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", program, script, log]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Its first line is the port, once it listens.
    var line = Data()
    while true {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty || byte == Data("\n".utf8) { break }
      line += byte
    }
    guard let port = Int(String(decoding: line, as: UTF8.self)) else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw ProgramOutput.Failure(description: "the scripted server did not start")
    }
    url = URL(string: "http://127.0.0.1:\(port)/")!
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
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
