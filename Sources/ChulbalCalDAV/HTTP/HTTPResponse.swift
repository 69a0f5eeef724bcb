import ChulbalCore
import FoundationEssentials

/// A server's final answer, after any redirects.
struct HTTPResponse: Sendable {
  var status: Int
  /// The answer's header lines, without the status line, as the server sent them.
  var headers: [String]
  var body: Data
  /// The URL that gave this answer: the one asked, or where redirects led
  /// (CURLINFO_EFFECTIVE_URL). Relative hrefs in the answer are read against it.
  var url: URL

  /// The first header of that name (case-insensitive), its value trimmed.
  func header(_ name: String) -> String? {
    for line in headers {
      guard let colon = line.firstIndex(of: ":") else { continue }
      if line[..<colon].trimmingWhitespace().lowercased() == name.lowercased() {
        return line[line.index(after: colon)...].trimmingWhitespace()
      }
    }
    return nil
  }
}
