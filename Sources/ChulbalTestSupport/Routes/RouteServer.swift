import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A routing service on 127.0.0.1 (Python's `http.server`, a child process) that answers one
/// path with a fixed status and body, after `delay` seconds, and writes down every request in
/// full: method, path, query, headers and body, so a test can check what a provider sent and
/// that a key went only where it belongs, and how many requests were being answered at once.
/// Stopped when the value goes away.
public final class RouteServer: @unchecked Sendable {
  /// One request as the server saw it.
  public struct Request: Decodable, Sendable {
    public var method: String
    public var path: String
    /// The query string, without `?`, still percent-encoded.
    public var query: String
    public var headers: [String: String]
    public var body: String
    /// How many requests the server was answering when this one came, itself included.
    public var inFlight: Int

    /// The query's parameters, decoded, in order.
    public var parameters: [(name: String, value: String)] {
      (URLComponents(string: "/?" + query)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }
    }

    /// The value of the first parameter `name`.
    public func parameter(_ name: String) -> String? {
      parameters.first { $0.name == name }?.value
    }

    /// The header `name`, case-insensitive.
    public func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  /// `http://127.0.0.1:PORT`, without a final slash, as a provider's base URL is set.
  public let url: String
  private let log: String
  private let process: Process

  /// Starts the server and waits until it listens.
  ///
  /// - Parameters:
  ///   - status: the status of every answer.
  ///   - body: the body of every answer, sent as `application/json; charset=utf-8`.
  ///   - delay: seconds to wait before answering.
  ///   - folder: where the request log is written.
  public convenience init(
    status: Int = 200, body: String, delay: Double = 0, in folder: TemporaryFolder
  ) throws {
    try self.init(status: status, answer: body, delay: delay, in: folder)
  }

  /// Starts a server whose answer is what the file at `answerFile` holds when each request
  /// comes, so that a test changes the answer by writing the file.
  public convenience init(answerFile: String, delay: Double = 0, in folder: TemporaryFolder)
    throws
  {
    try self.init(status: 200, answer: "@" + answerFile, delay: delay, in: folder)
  }

  /// - Parameter answer: the body, or `@` and the path of a file read for each request.
  private init(status: Int, answer: String, delay: Double, in folder: TemporaryFolder) throws {
    log = folder.path + "/requests-\(UUID().uuidString).log"
    let program = """
      import http.server, json, sys, threading, time, urllib.parse
      status, body, delay, log = int(sys.argv[1]), sys.argv[2].encode(), float(sys.argv[3]), sys.argv[4]
      lock, answering = threading.Lock(), [0]
      class Handler(http.server.BaseHTTPRequestHandler):
          protocol_version = "HTTP/1.1"
          def answer(self):
              sent = self.rfile.read(int(self.headers.get("Content-Length") or 0))
              parts = urllib.parse.urlsplit(self.path)
              with lock:
                  answering[0] += 1
                  with open(log, "a") as file:
                      file.write(json.dumps({"method": self.command, "path": urllib.parse.unquote(parts.path),
                          "query": parts.query, "headers": dict(self.headers.items()),
                          "body": sent.decode("utf-8", "replace"), "inFlight": answering[0]}) + "\\n")
              time.sleep(delay)
              answer = open(body[1:], "rb").read() if body.startswith(b"@") else body
              # Done before the answer goes: once the client has it, it may send the next
              # request before this thread would run again.
              with lock:
                  answering[0] -= 1
              self.send_response(status)
              self.send_header("Content-Type", "application/json; charset=utf-8")
              self.send_header("Content-Length", str(len(answer)))
              self.end_headers()
              self.wfile.write(answer)
          do_GET = do_POST = answer
          def log_message(self, *arguments):
              pass
      server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
      server.daemon_threads = True
      print(server.server_address[1], flush=True)
      server.serve_forever()
      """
    let port: Int
    (process, port) = try FixedAnswerServer.startPython(
      ["python3", "-c", program, String(status), answer, String(delay), log],
      name: "the route server")
    url = "http://127.0.0.1:\(port)"
  }

  deinit {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Every request the server has been sent so far, in order.
  public func requests() throws -> [Request] {
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return try text.split(separator: "\n").map {
      try JSONDecoder().decode(Request.self, from: Data($0.utf8))
    }
  }
}
