import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A route service on 127.0.0.1 that answers every request with raw bytes, as scripted: any
/// status line and headers, a body with bytes that are not UTF-8, a `Content-Length` the body
/// does not keep, a body sent a byte a second, a connection closed or held open after it. It
/// writes down the head of every request it is sent. Stopped when the value goes away.
public final class RawRouteServer: @unchecked Sendable {
  /// One part of the answer, sent in order.
  public enum Step: Sendable {
    /// Bytes, `count` times over, as fast as the client reads them.
    case send(Data, count: Int = 1)
    /// Bytes one at a time, a second apart.
    case trickle(Data)
  }

  /// `http://127.0.0.1:PORT`, without a final slash, as a provider's base URL is set.
  public let url: String
  private let log: String
  private let process: Process

  /// Starts the server and waits until it listens.
  ///
  /// - Parameters:
  ///   - steps: what every request is answered with.
  ///   - holdsOpen: after the steps, keeps the connection open instead of closing it.
  public init(_ steps: [Step], holdsOpen: Bool = false, in folder: TemporaryFolder) throws {
    let name = UUID().uuidString
    let script = folder.path + "/\(name).json"
    log = folder.path + "/\(name).log"
    let encoded: [[String: Any]] = steps.map {
      switch $0 {
      case .send(let bytes, let count):
        ["kind": "send", "bytes": bytes.base64EncodedString(), "count": count]
      case .trickle(let bytes): ["kind": "trickle", "bytes": bytes.base64EncodedString()]
      }
    }
    try JSONSerialization.data(withJSONObject: ["steps": encoded, "hold": holdsOpen])
      .write(to: URL(fileURLWithPath: script))
    let program = """
      import base64, json, socket, sys, threading, time
      script, log = json.load(open(sys.argv[1])), sys.argv[2]
      lock = threading.Lock()
      def serve(connection):
          with connection:
              data = b""
              while b"\\r\\n\\r\\n" not in data:
                  chunk = connection.recv(65536)
                  if not chunk:
                      return
                  data += chunk
              head, _, rest = data.partition(b"\\r\\n\\r\\n")
              length = 0
              for line in head.split(b"\\r\\n")[1:]:
                  name, _, value = line.partition(b":")
                  if name.strip().lower() == b"content-length":
                      length = int(value.strip())
              while len(rest) < length:
                  chunk = connection.recv(65536)
                  if not chunk:
                      break
                  rest += chunk
              with lock, open(log, "a") as file:
                  file.write(json.dumps(head.decode("latin-1")) + "\\n")
              try:
                  for step in script["steps"]:
                      payload = base64.b64decode(step["bytes"])
                      if step["kind"] == "send":
                          for _ in range(step["count"]):
                              connection.sendall(payload)
                      else:
                          for byte in payload:
                              connection.sendall(bytes([byte]))
                              time.sleep(1)
                  if script["hold"]:
                      time.sleep(3600)
                  connection.shutdown(socket.SHUT_WR)
              except OSError:
                  pass
      listener = socket.socket()
      listener.bind(("127.0.0.1", 0))
      listener.listen(16)
      print(listener.getsockname()[1], flush=True)
      while True:
          connection, _ = listener.accept()
          threading.Thread(target=serve, args=(connection,), daemon=True).start()
      """
    let port: Int
    (process, port) = try FixedAnswerServer.startPython(
      ["python3", "-c", program, script, log], name: "the raw route server")
    url = "http://127.0.0.1:\(port)"
  }

  deinit {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// The head (request line and headers) of every request sent so far, in order.
  public func requests() throws -> [String] {
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return try text.split(separator: "\n").map {
      try JSONDecoder().decode(String.self, from: Data($0.utf8))
    }
  }

  /// A complete answer: the status line, `headers`, a `Content-Length` unless one is given,
  /// and `body`.
  public static func answer(
    _ status: Int = 200, headers: [String] = ["Content-Type: application/json"], body: Data
  ) -> Data {
    var lines = ["HTTP/1.1 \(status) Whatever"] + headers
    if !headers.contains(where: { $0.lowercased().hasPrefix("content-length:") }) {
      lines.append("Content-Length: \(body.count)")
    }
    return Data((lines + ["Connection: close", "", ""]).joined(separator: "\r\n").utf8) + body
  }
}
