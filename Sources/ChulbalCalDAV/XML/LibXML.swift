@preconcurrency import CLibxml2
import ChulbalCore
import FoundationEssentials

/// libxml2, loaded the first time an answer is read (CLibxml2's shim.h), and the one thing it
/// does here: turn a document into ``MarkupElement``s.
enum LibXML {
  /// The largest document read, the same as the largest answer libcurl is let read.
  static let sizeLimit = 64 << 20

  /// The most `<` a document may hold, which bounds its elements: libxml2 builds a node for
  /// each element before chulbal sees one, and chulbal a value for each after, so a dense
  /// answer well under ``sizeLimit`` (and tiny once compressed) would cost gigabytes. A
  /// calendar-query answer takes 14 per event, so this is some 35,000 events in one answer.
  static let tagLimit = 500_000

  /// Why a document could not be read: libxml2's words, or the size.
  struct Failure: Error, Equatable {
    var reason: String
  }

  /// The document's root element.
  ///
  /// Parsed with no network access (`XML_PARSE_NONET`), no external DTD or entity loaded and
  /// no entity substituted (neither `XML_PARSE_DTDLOAD` nor `XML_PARSE_NOENT`), so an answer
  /// cannot make chulbal read a file or a URL (XXE), and without `XML_PARSE_HUGE`, so
  /// libxml2's limits on depth and on entity expansion hold. Errors are not printed
  /// (`XML_PARSE_NOERROR`, `XML_PARSE_NOWARNING`).
  ///
  /// - Throws: ``DAVError/libraryMissing(_:)`` when libxml2 cannot be loaded, ``Failure``
  ///   when the text is too large, holds more than ``tagLimit`` `<`, or is not well-formed
  ///   XML.
  static func parse(_ data: Data) throws(DAVError) -> Result<MarkupElement, Failure> {
    try load()
    guard data.count <= sizeLimit else {
      return .failure(Failure(reason: "\(sizeLimit >> 20) MiB보다 큰 XML"))
    }
    guard !data.isEmpty else { return .failure(Failure(reason: "빈 답")) }
    guard tagCount(data) <= tagLimit else {
      return .failure(Failure(reason: "태그가 \(tagLimit)개를 넘는 XML"))
    }
    let options = Int32(
      bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
    let document = data.withUnsafeBytes { bytes in
      chulbal_xml_xmlReadMemory()!(
        bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count), "answer.xml",
        nil, options)
    }
    guard let document else {
      let message = chulbal_xml_xmlGetLastError()!()?.pointee.message.map { String(cString: $0) }
      return .failure(
        Failure(reason: message?.trimmingWhitespace() ?? "XML이 아님"))
    }
    defer { chulbal_xml_xmlFreeDoc()!(document) }
    var node = document.pointee.children
    while let current = node {
      if current.pointee.type == XML_ELEMENT_NODE { return .success(element(current)) }
      node = current.pointee.next
    }
    return .failure(Failure(reason: "요소가 없는 XML"))
  }

  /// How many `<` the document holds, counted before libxml2 is given it. Every element's
  /// start tag has one; so do end tags, comments and CDATA, so the count is an upper bound.
  private static func tagCount(_ data: Data) -> Int {
    data.withUnsafeBytes { bytes in
      var count = 0
      for byte in bytes where byte == UInt8(ascii: "<") { count += 1 }
      return count
    }
  }

  /// Loads libxml2 and initialises its parser once for the process.
  static func load() throws(DAVError) {
    if let error = loaded { throw error }
  }

  /// Why libxml2 cannot be used, or nil once it is loaded and initialised; `xmlInitParser`
  /// is to be called once before threads parse (libxml2's threads.html), which a `static let`
  /// makes sure of.
  private static let loaded: DAVError? = {
    // The loader finds every function at the first load, or says which it could not.
    if let error = chulbal_xml_load_error() { return .libraryMissing(String(cString: error)) }
    chulbal_xml_xmlInitParser()!()
    return nil
  }()

  /// One element of libxml2's tree and everything in it, as values.
  private static func element(_ node: UnsafeMutablePointer<xmlNode>) -> MarkupElement {
    var result = MarkupElement(
      namespace: node.pointee.ns?.pointee.href.map { String(cString: $0) } ?? "",
      name: String(cString: node.pointee.name))
    var attribute = node.pointee.properties
    while let current = attribute {
      let name = String(cString: current.pointee.name)
      var value = ""
      var text = current.pointee.children
      while let part = text {
        if let content = part.pointee.content { value += String(cString: content) }
        text = part.pointee.next
      }
      result.attributes[name] = value
      attribute = current.pointee.next
    }
    var child = node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        result.children.append(element(current))
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let content = current.pointee.content { result.text += String(cString: content) }
      default:
        break
      }
      child = current.pointee.next
    }
    return result
  }
}
