/// An element's expanded name: namespace URI and local name.
struct MarkupName: Hashable, Sendable {
  var namespace: String
  var name: String

  /// RFC 4918 §21.1.
  static let dav = "DAV:"
  /// RFC 4791 §4.
  static let caldav = "urn:ietf:params:xml:ns:caldav"
  /// Apple's calendar server namespace, where `getctag` is defined (caldav-ctag-03 §4.1).
  static let calendarServer = "http://calendarserver.org/ns/"

  static func dav(_ name: String) -> MarkupName { MarkupName(namespace: dav, name: name) }
  static func caldav(_ name: String) -> MarkupName { MarkupName(namespace: caldav, name: name) }

  func matches(_ element: MarkupElement) -> Bool {
    element.namespace == namespace && element.name == name
  }
}
