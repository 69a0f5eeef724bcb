import ChulbalCore

/// An XML element of a server's answer by namespace URI and local name: servers spell `DAV:` any
/// way, and only the URI counts (Namespaces in XML §3).
struct MarkupElement: Equatable, Sendable {
  /// The namespace URI, empty for none.
  var namespace: String
  var name: String
  /// Attributes by local name.
  var attributes: [String: String] = [:]
  var children: [MarkupElement] = []
  /// The text directly inside, CDATA included, child elements' left out.
  var text: String = ""

  /// The first child with that name.
  func child(_ name: MarkupName) -> MarkupElement? {
    children.first { name.matches($0) }
  }

  /// Every child with that name.
  func children(_ name: MarkupName) -> [MarkupElement] {
    children.filter { name.matches($0) }
  }

  /// The text inside, without the white space around it.
  var trimmedText: String { text.trimmingWhitespace() }
}
