@preconcurrency import CLibxml2
import ChulbalCore
import FoundationEssentials

/// libxml2, loaded with the first answer read (CLibxml2's shim.h), turning documents into
/// ``MarkupElement``s.
enum LibXML {
  /// The largest document read, the same as the largest answer libcurl is let read.
  static let sizeLimit = 64 << 20

  /// The most `<` a document may hold: libxml2 and chulbal each build a value per element, so a
  /// dense answer under ``sizeLimit`` could cost gigabytes. At 14 per event this is some 35,000
  /// events.
  static let tagLimit = 500_000

  /// Why a document could not be read: libxml2's words, or the size.
  struct Failure: Error, Equatable {
    var reason: String
  }

  /// The document's root element.
  ///
  /// Parsed without network access, external DTDs or entity substitution (no `XML_PARSE_DTDLOAD`,
  /// `XML_PARSE_NOENT`), so an answer cannot make chulbal read a file or URL (XXE), and without
  /// `XML_PARSE_HUGE`, so libxml2's depth and expansion limits hold. Errors are not printed.
  ///
  /// - Throws: ``DAVError/libraryMissing(_:)`` without libxml2; ``Failure`` when the text is too
  ///   large, has more than ``tagLimit`` `<`, or is not well-formed.
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

  /// How many `<` the document holds, counted before libxml2 sees it: an upper bound on its
  /// elements.
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

  /// Why libxml2 cannot be used, or nil once loaded; `xmlInitParser` must run once before threads
  /// parse (libxml2's threads.html), which a `static let` ensures.
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
