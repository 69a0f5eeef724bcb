import ChulbalCore
import FoundationEssentials

/// A WebDAV `multistatus` answer (RFC 4918 §14.16): per resource, its properties grouped by status.
struct MultiStatus: Equatable, Sendable {
  /// One resource's part of the answer.
  struct Response: Equatable, Sendable {
    /// As the server wrote it: a path, or now and then an absolute URL.
    var href: String
    /// The `status` of a response without properties: a member removed (sync-collection, RFC 6578
    /// §3.5.2) or not found (calendar-multiget).
    var status: Int?
    var propStats: [PropStat]

    /// The property found (status 2xx) with that name.
    func property(_ name: MarkupName) -> MarkupElement? {
      for propStat in propStats where (200..<300).contains(propStat.status) {
        if let property = propStat.properties.first(where: { name.matches($0) }) {
          return property
        }
      }
      return nil
    }

    /// The text of a property found, trimmed; nil when it is missing or empty.
    func text(_ name: MarkupName) -> String? {
      guard let text = property(name)?.trimmedText, !text.isEmpty else { return nil }
      return text
    }
  }

  /// Some properties of one resource, and the status they share (RFC 4918 §14.22).
  struct PropStat: Equatable, Sendable {
    var status: Int
    var properties: [MarkupElement]
  }

  var responses: [Response]
  /// The top-level `sync-token` of a sync-collection answer (RFC 6578 §6.2).
  var syncToken: String?

  /// Reads a multistatus document.
  ///
  /// - Parameter url: the request's URL, for the error.
  /// - Throws: ``DAVError/malformedResponse(url:reason:)`` for anything not XML, not
  ///   `DAV:multistatus`, or a `response` without `href`; ``DAVError/libraryMissing(_:)`` without
  ///   libxml2.
  static func parse(_ data: Data, url: String) throws(DAVError) -> MultiStatus {
    let root: MarkupElement
    switch try LibXML.parse(data) {
    case .success(let element): root = element
    case .failure(let failure):
      throw .malformedResponse(url: url, reason: TextCleaning.visible(failure.reason))
    }
    guard MarkupName.dav("multistatus").matches(root) else {
      let name = root.namespace.isEmpty ? root.name : "{\(root.namespace)}\(root.name)"
      throw .malformedResponse(
        url: url, reason: TextCleaning.visible("multistatus가 아닌 \(name) 문서"))
    }
    var responses: [Response] = []
    for element in root.children(.dav("response")) {
      guard let href = element.child(.dav("href"))?.trimmedText, !href.isEmpty else {
        throw .malformedResponse(url: url, reason: "href가 없는 response")
      }
      let propStats = element.children(.dav("propstat")).map { propStat in
        PropStat(
          status: status(propStat.child(.dav("status"))?.trimmedText) ?? 0,
          properties: propStat.child(.dav("prop"))?.children ?? [])
      }
      responses.append(
        Response(
          href: href, status: status(element.child(.dav("status"))?.trimmedText),
          propStats: propStats))
    }
    let token = root.child(.dav("sync-token"))?.trimmedText
    return MultiStatus(responses: responses, syncToken: token?.isEmpty == false ? token : nil)
  }

  /// The code of a status line such as `HTTP/1.1 404 Not Found` (RFC 4918 §14.28).
  static func status(_ line: String?) -> Int? {
    guard let line else { return nil }
    let words = line.split(separator: " ")
    guard words.count >= 2, words[0].hasPrefix("HTTP/") else { return nil }
    return Int(words[1])
  }
}
