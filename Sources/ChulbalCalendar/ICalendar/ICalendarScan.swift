import ChulbalCore
import FoundationEssentials

/// A first pass over an iCalendar file's bytes before libical sees them: limits, encoding, and
/// `BEGIN`/`END` nesting.
///
/// What breaks the whole file (size, nesting, a binary byte, a line before the first calendar) is
/// refused with its line. A broken line inside an event is that event's ``Component/problem`` (left
/// out and counted); elsewhere it is passed over, as are lines after the last `END:VCALENDAR`.
/// libical has no limits and reads junk as `X-LIC-ERROR` or nothing (calendar.md); this pass also
/// records each component's and property's line for later errors.
struct ICalendarScan {
  /// A component as the file nests them, in the order `BEGIN` lines come (pre-order).
  struct Component {
    let name: String
    let line: Int
    var endLine: Int
    /// Each property's name in capitals and the line it begins on, in the file's order.
    var properties: [(name: String, line: Int)] = []
    /// The first broken line inside this event (or a component within it), the property on
    /// it when it is one, and why.
    var problem: (line: Int, property: String?, message: String)?
  }

  /// The largest file read: 20 MiB, which keeps a read under half a gigabyte (figures in
  /// docs/performance.md). A larger file is refused from its size, before it is read.
  static let maximumBytes = 20 << 20
  /// The longest content line, unfolded: 256 KiB. Far beyond any summary or description; an
  /// inline attachment larger than that is refused rather than held.
  static let maximumLineBytes = 256 << 10
  /// The deepest nesting of components: a calendar holds events, which hold alarms (3); RFC
  /// 5545 nests no deeper, and libical's parser recurses once per level.
  static let maximumDepth = 8
  /// The most properties one event holds: ten thousand, far beyond any invitation's attendees;
  /// an event with more is left out rather than read.
  static let maximumProperties = 10_000

  let components: [Component]
  /// What libical is given: each line kept, unfolded, with CR LF. Left out: an event's properties
  /// chulbal does not read (``EventReader/readProperties``), those of components inside it, empty
  /// values, properties past ``maximumProperties`` and lines after the last calendar, since libical
  /// removes an unreadable property in quadratic time.
  let text: [UInt8]

  /// - Throws: ``CalendarError/tooLarge(file:bytes:limit:)`` or
  ///   ``CalendarError/syntax(file:line:message:)`` naming the first line that breaks a rule.
  init(bytes: UnsafeBufferPointer<UInt8>, file: String) throws(CalendarError) {
    guard bytes.count <= Self.maximumBytes else {
      throw .tooLarge(file: file, bytes: bytes.count, limit: Self.maximumBytes)
    }
    func fail(_ line: Int, _ message: String) -> CalendarError {
      .syntax(file: file, line: line, message: message)
    }
    var components: [Component] = []
    var open: [Int] = []
    var logical: [UInt8] = []
    var logicalLine = 0
    var sawCalendar = false
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count)

    /// The open event a broken line belongs to, if it is inside one.
    func openEvent() -> Int? { open.last { components[$0].name == "VEVENT" } }
    /// Keeps a broken line as its event's problem; in a component chulbal does not read (a
    /// VFREEBUSY, an alarm's calendar), passes it over.
    func broken(_ line: Int, _ message: String, property: String? = nil) throws(CalendarError) {
      // Before the first calendar, it is no calendar.
      guard !open.isEmpty else { throw fail(line, message) }
      guard let event = openEvent() else { return }
      if components[event].problem == nil {
        components[event].problem = (line, property, message)
      }
    }

    /// Gives libical the logical line.
    func keep() {
      text.append(contentsOf: logical)
      text.append(contentsOf: [0x0D, 0x0A])
    }

    func finish() throws(CalendarError) {
      guard !logical.isEmpty else { return }
      defer { logical.removeAll(keepingCapacity: true) }
      // Lines after the calendar ended are no part of it.
      if sawCalendar, open.isEmpty, !logical.starts(with: Array("BEGIN:VCALENDAR".utf8)) {
        return
      }
      // Folded lines are joined as bytes before they are decoded (RFC 5545 §3.1): a fold
      // may fall inside a character of several bytes, as in Hangul.
      guard String(validating: logical, as: UTF8.self) != nil else {
        return try broken(logicalLine, "UTF-8이 아닌 바이트가 있습니다 (iCalendar는 UTF-8로 씁니다)")
      }
      guard let colon = logical.firstIndex(of: UInt8(ascii: ":")) else {
        return try broken(logicalLine, "콜론(:)이 없는 줄입니다: '\(Self.excerpt(logical))'")
      }
      let nameEnd = logical[..<colon].firstIndex(of: UInt8(ascii: ";")) ?? colon
      let name = String(decoding: logical[..<nameEnd], as: UTF8.self).uppercased()
      guard !name.isEmpty else {
        return try broken(logicalLine, "속성 이름이 없습니다: '\(Self.excerpt(logical))'")
      }
      // Only BEGIN and END need their value; decoding every line's would cost a third of a
      // read (measured here).
      var value = ""
      if name == "BEGIN" || name == "END" {
        let bytes = logical[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
        let end = bytes.lastIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 + 1 } ?? bytes.startIndex
        value = String(decoding: bytes[..<end], as: UTF8.self).uppercased()
      }
      switch name {
      case "BEGIN":
        if open.isEmpty, value != "VCALENDAR" {
          let found = "'BEGIN:\(value)'"
          throw fail(
            logicalLine,
            "BEGIN:VCALENDAR가 있어야 할 곳에 \(found)\(Korean.subjectParticle(after: found)) 있습니다")
        }
        guard open.count < Self.maximumDepth else {
          throw fail(logicalLine, "구성 요소가 \(Self.maximumDepth)단계보다 깊게 겹쳐 있습니다")
        }
        sawCalendar = true
        open.append(components.count)
        components.append(Component(name: value, line: logicalLine, endLine: logicalLine))
        keep()
      case "END":
        guard let innermost = open.last else {
          let found = "'END:\(value)'"
          throw fail(logicalLine, "BEGIN 없이 \(found)\(Korean.subjectParticle(after: found)) 있습니다")
        }
        let begun = components[innermost]
        guard begun.name == value else {
          let opened = "'BEGIN:\(begun.name)'"
          let closed = "'END:\(value)'"
          throw fail(
            logicalLine,
            "\(begun.line)번째 줄의 \(opened)\(Korean.objectParticle(after: opened)) "
              + "\(closed)\(Korean.directionParticle(after: closed)) 닫았습니다")
        }
        components[innermost].endLine = logicalLine
        open.removeLast()
        keep()
      default:
        guard let innermost = open.last else {
          throw fail(logicalLine, "BEGIN:VCALENDAR 밖에 있는 줄입니다: '\(Self.excerpt(logical))'")
        }
        // An empty value is no value; inside an event, only what chulbal reads of it.
        guard logical.last != UInt8(ascii: ":") else { return }
        let event = openEvent()
        if let event, innermost != event || !EventReader.readProperties.contains(name) { return }
        // An event already left out needs nothing more.
        if let event, components[event].problem != nil { return }
        // A time value libical cannot read it removes, searching the event's properties from
        // the start each time: the event is left out here instead, and libical never sees it.
        if event != nil, Self.timeValued.contains(name),
          let bad = Self.unreadableTimeValue(logical, property: name)
        {
          let excerpt = "'\(Self.excerpt(bad))'"
          return try broken(
            logicalLine, "\(name)\(Korean.objectParticle(after: name)) 읽을 수 없습니다: \(excerpt)",
            property: name)
        }
        guard components[innermost].properties.count < Self.maximumProperties else {
          if event != nil {
            try broken(
              logicalLine, "속성이 너무 많습니다 (한 일정에 \(Self.maximumProperties)개까지)")
          }
          return
        }
        components[innermost].properties.append((name, logicalLine))
        keep()
      }
    }

    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      lineNumber += 1
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      var last = end
      if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
      let line = UnsafeBufferPointer(rebasing: bytes[start..<last])
      start = end + 1
      guard line.count <= Self.maximumLineBytes else {
        throw fail(
          lineNumber, "줄이 너무 깁니다 (\(line.count / 1024)KB, 최대 \(Self.maximumLineBytes / 1024)KB)")
      }
      if let control = line.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
        let code = String(control, radix: 16, uppercase: true)
        throw fail(
          lineNumber,
          "제어 문자(0x\(code.count == 1 ? "0" + code : code))가 있습니다: 텍스트로 된 iCalendar 파일이 아닙니다")
      }
      if let first = line.first, first == 0x20 || first == 0x09 {
        // A folded line continues the one before it (RFC 5545 §3.1).
        guard !logical.isEmpty else { throw fail(lineNumber, "이어 쓸 줄이 없는데 공백으로 시작합니다") }
        logical.append(contentsOf: line.dropFirst())
        guard logical.count <= Self.maximumLineBytes else {
          throw fail(
            logicalLine,
            "줄이 너무 깁니다 (이어 쓴 줄을 합쳐 \(Self.maximumLineBytes / 1024)KB를 넘습니다)")
        }
        continue
      }
      try finish()
      // Blank lines are not RFC 5545, but exports end with them; they are passed over.
      guard !line.isEmpty else { continue }
      logical.append(contentsOf: line)
      logicalLine = lineNumber
    }
    try finish()
    if let innermost = open.last {
      let begun = components[innermost]
      let opened = "'BEGIN:\(begun.name)'"
      let missing = "'END:\(begun.name)'"
      throw fail(
        begun.line,
        "\(opened)\(Korean.objectParticle(after: opened)) 닫는 \(missing)\(Korean.subjectParticle(after: missing)) 없습니다 "
          + "(파일이 중간에 잘렸습니다)")
    }
    guard sawCalendar else {
      throw fail(max(lineNumber, 1), "BEGIN:VCALENDAR가 없습니다: iCalendar 파일이 아닙니다")
    }
    self.components = components
    self.text = text
  }

  /// The properties of an event whose values are times, or a DURATION.
  static let timeValued: Set<String> = [
    "DTSTART", "DTEND", "RECURRENCE-ID", "EXDATE", "RDATE", "DURATION",
  ]

  /// The value of a time property's line when a piece of it is no DATE, DATE-TIME, PERIOD or (for
  /// `DURATION`) DURATION; nil otherwise. Only the shape is checked.
  static func unreadableTimeValue(_ line: [UInt8], property: String) -> ArraySlice<UInt8>? {
    // The value begins after the first colon outside a quoted parameter value.
    var quoted = false
    var start: Int?
    for (index, byte) in line.enumerated() {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if byte == UInt8(ascii: ":"), !quoted {
        start = index + 1
        break
      }
    }
    guard let start else { return line[...] }
    let value = line[start...]
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    func isTime(_ piece: ArraySlice<UInt8>) -> Bool {
      let bytes = Array(piece)
      if bytes.count == 8 { return bytes.allSatisfy(isDigit) }
      guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")) else {
        return false
      }
      return bytes[8] == UInt8(ascii: "T") && bytes[..<8].allSatisfy(isDigit)
        && bytes[9..<15].allSatisfy(isDigit)
    }
    if property == "DURATION" {
      return ICalendarValue.duration(Substring(String(decoding: value, as: UTF8.self))) == nil
        ? value : nil
    }
    for piece in value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
      // A PERIOD (`start/end` or `start/duration`) is read from its start.
      let first = piece.prefix { $0 != UInt8(ascii: "/") }
      if !isTime(first) { return value }
    }
    return nil
  }

  /// The first 40 characters of a line, for a message.
  static func excerpt(_ bytes: some Collection<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.count > 40 ? text.prefix(40) + "…" : text
  }
}
