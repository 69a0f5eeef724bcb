import FoundationEssentials

/// One HTTP request as the client sends it: a WebDAV method, where, its headers and its body.
struct HTTPRequest: Sendable {
  var method: String
  var url: URL
  /// Header lines as `Name: value`.
  var headers: [String] = []
  var body: Data?

  /// A WebDAV request with an XML body (`application/xml; charset=utf-8`, RFC 4918 §8.2).
  static func xml(_ method: String, _ url: URL, depth: String?, body: String) -> HTTPRequest {
    var headers = ["Content-Type: application/xml; charset=utf-8"]
    if let depth { headers.append("Depth: \(depth)") }
    return HTTPRequest(method: method, url: url, headers: headers, body: Data(body.utf8))
  }
}
