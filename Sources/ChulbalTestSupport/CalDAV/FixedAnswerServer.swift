import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP(S) server (Python's `http.server`, a child process) giving every request the same
/// answer, for answers a real CalDAV server never gives (not XML, no multistatus, an unsigned
/// certificate). Stopped when the value goes away.
public final class FixedAnswerServer: @unchecked Sendable {
  /// `http://127.0.0.1:PORT/` or `https://…`.
  public let url: URL
  private let process: Process

  /// A certificate and key made for 127.0.0.1 with `openssl req -x509`, valid for a day.
  public struct Certificate: Sendable {
    public let certificatePath: String
    public let keyPath: String

    /// Makes one in `folder`.
    public init(in folder: TemporaryFolder) throws {
      certificatePath = folder.path + "/certificate.pem"
      keyPath = folder.path + "/key.pem"
      try ProgramOutput.read([
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        "-keyout", keyPath, "-out", certificatePath,
      ])
    }
  }

  /// Starts the server and waits until it listens.
  ///
  /// - Parameters:
  ///   - status: the HTTP status of every answer; 0 closes each connection without one.
  ///   - body: the body of every answer, sent as `application/xml`.
  ///   - certificate: serve HTTPS with it; nil for HTTP.
  public init(status: Int = 207, body: String, certificate: Certificate? = nil) throws {
    let script = """
      import http.server, ssl, sys
      status, body = int(sys.argv[1]), sys.argv[2].encode()
      class Handler(http.server.BaseHTTPRequestHandler):
          protocol_version = "HTTP/1.1"
          def answer(self):
              self.rfile.read(int(self.headers.get("Content-Length") or 0))
              if status == 0:
                  self.close_connection = True
                  return
              self.send_response(status)
              self.send_header("Content-Type", "application/xml; charset=utf-8")
              self.send_header("Content-Length", str(len(body)))
              self.end_headers()
              self.wfile.write(body)
          def __getattr__(self, name):
              if name.startswith("do_"):
                  return self.answer
              raise AttributeError(name)
          def log_message(self, *arguments):
              pass
      server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
      if len(sys.argv) > 3:
          context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
          context.load_cert_chain(sys.argv[3], sys.argv[4])
          server.socket = context.wrap_socket(server.socket, server_side=True)
      print(server.server_address[1], flush=True)
      server.serve_forever()
      """
    var arguments = ["python3", "-c", script, String(status), body]
    if let certificate { arguments += [certificate.certificatePath, certificate.keyPath] }
    let port: Int
    (process, port) = try Self.startPython(arguments, name: "the answering server")
    url = URL(string: "\(certificate == nil ? "http" : "https")://127.0.0.1:\(port)/")!
  }

  deinit {
    // SIGKILL, not `terminate()`'s SIGTERM: the test process blocks SIGTERM, and a child
    // starts with its parent's blocked signals, so Python would never see it.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

extension FixedAnswerServer {
  /// Starts `arguments` (a Python server that prints its port as its first line) and gives the
  /// process and port.
  ///
  /// - Throws: `ProgramOutput.Failure` naming `name` when no port comes.
  static func startPython(_ arguments: [String], name: String) throws -> (Process, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
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
      throw ProgramOutput.Failure(description: "\(name) did not start")
    }
    return (process, port)
  }
}
