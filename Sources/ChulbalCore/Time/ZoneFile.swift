/// Why a compiled zone file could not be read.
public enum ZoneFileError: Error, Equatable, Sendable {
  /// The file could not be opened or read; `errno` is the C library's reason.
  case unreadable(path: String, errno: Int32)
  /// The bytes are not a zone file RFC 8536 allows; the text says what is wrong with them.
  case malformed(String)
}

/// The offsets of one zone, read from a compiled zone file (TZif, RFC 8536).
///
/// Transitions answer for the instants they cover; before the first the zone is in type 0 (RFC 8536
/// §3.2), after the last the footer's POSIX rule answers, or the last type goes on (version 1, or
/// an empty footer). Leap seconds and the standard/wall and UT/local indicators are skipped:
/// offsets are POSIX time's.
///
/// A class, so a zone's lookups do not copy five arrays and a rule per time shown.
public final class ZoneFile: Sendable, Equatable {
  /// One local time type (a `ttinfo` record).
  struct LocalTimeType: Sendable, Equatable {
    let offset: Int
    let isDaylightSaving: Bool
    let abbreviation: String
  }

  /// The instants of the transitions, strictly ascending, in seconds since 1970 UTC.
  private let transitions: [Int]
  /// The offset from each transition on, beside `transitions` so that a lookup reads one
  /// array after its search.
  private let transitionOffsets: [Int]
  /// The index into `types` of the type from each transition on.
  private let transitionTypes: [Int]
  private let types: [LocalTimeType]
  /// The footer's rule for the instants after the last transition; nil for a version 1 file
  /// or an empty footer.
  private let rule: POSIXTimeZoneRule?
  /// The rule's arithmetic, which (unlike the rule, which holds its names) is copied without
  /// retaining anything when a lookup reads it.
  private let schedule: POSIXTimeZoneRule.Schedule?
  /// The rule's one offset when it has no DST (Asia/Seoul's `KST-9`), so lookups need not unwrap
  /// the schedule.
  private let steadyOffset: Int?

  /// Parses the bytes of a zone file: version 1 from its 32-bit data, later versions from the
  /// 64-bit data and footer.
  ///
  /// - Throws: ``ZoneFileError/malformed(_:)`` for a wrong magic or version, counts the bytes do
  ///   not hold or RFC 8536 forbids, transitions out of order, an index out of range, or a footer
  ///   that is not a rule.
  public init(bytes: [UInt8]) throws(ZoneFileError) {
    var reader = ByteReader(bytes: bytes)
    let first = try Header(&reader)
    let block: Block
    if first.version == 0 {
      block = try Block(&reader, header: first, timeSize: 4)
      rule = nil
    } else {
      try reader.skip(first.dataSize(timeSize: 4), "the version 1 data")
      let second = try Header(&reader)
      guard second.version == first.version else {
        throw .malformed("the second header's version differs from the first's")
      }
      block = try Block(&reader, header: second, timeSize: 8)
      rule = try Self.footer(&reader)
    }
    transitions = block.transitions
    transitionTypes = block.transitionTypes
    types = block.types
    transitionOffsets = block.transitionTypes.map { block.types[$0].offset }
    schedule = rule?.schedule
    steadyOffset = rule.flatMap { $0.daylightSaving == nil ? $0.standardOffsetSeconds : nil }
  }

  /// A zone of one offset for all time, named `abbreviation`: what a zone file with no
  /// transitions and no footer says.
  init(fixedOffset offset: Int, abbreviation: String) {
    transitions = []
    transitionOffsets = []
    transitionTypes = []
    types = [LocalTimeType(offset: offset, isDaylightSaving: false, abbreviation: abbreviation)]
    rule = nil
    schedule = nil
    steadyOffset = nil
  }

  public static func == (left: ZoneFile, right: ZoneFile) -> Bool {
    left.transitions == right.transitions && left.transitionTypes == right.transitionTypes
      && left.types == right.types && left.rule == right.rule
  }

  /// Seconds east of UTC at `second` (seconds since 1970 UTC).
  public func offset(atSecond second: Int) -> Int {
    let index = transitionIndex(atSecond: second)
    if index >= 0 { return transitionOffsets[index] }
    if index == Self.beforeFirst { return types[0].offset }
    if let steadyOffset { return steadyOffset }
    return schedule!.offset(atSecond: second)
  }

  /// Whether daylight saving is in force at `second`, as the file's `isdst` flag or the
  /// footer's rule says (so Europe/Dublin's winter, `GMT` behind `IST`, is daylight saving).
  public func isDaylightSaving(atSecond second: Int) -> Bool {
    let index = transitionIndex(atSecond: second)
    if index >= 0 { return types[transitionTypes[index]].isDaylightSaving }
    if index == Self.beforeFirst { return types[0].isDaylightSaving }
    return schedule!.isDaylightSaving(atSecond: second)
  }

  /// The abbreviation in force at `second`: `KST`, `EDT`, `+0530` and the like.
  public func abbreviation(atSecond second: Int) -> String {
    let index = transitionIndex(atSecond: second)
    if index >= 0 { return types[transitionTypes[index]].abbreviation }
    if index == Self.beforeFirst { return types[0].abbreviation }
    return rule!.abbreviation(atSecond: second)
  }

  /// The first instant strictly after `second` at which the offset changes, with the new offset;
  /// nil when none follows.
  ///
  /// A transition that changes only the abbreviation or DST flag (Asia/Seoul's `JST` to `KST` in
  /// 1945) does not count. Past the last transition the footer's rule gives the changes.
  public func nextTransition(after second: Int) -> (at: Int, offset: Int)? {
    let current = offset(atSecond: second)
    var index = firstTransition(after: second)
    while index < transitions.count {
      if transitionOffsets[index] != current {
        return (transitions[index], transitionOffsets[index])
      }
      index += 1
    }
    guard let schedule else { return nil }
    var from = second
    if let last = transitions.last, last >= second {
      // The rule takes over just after the last transition; a file whose rule disagrees with
      // its last type there changes offset at that second.
      guard last < Int.max else { return nil }
      let taken = schedule.offset(atSecond: last + 1)
      if taken != current { return (last + 1, taken) }
      from = last + 1
    }
    return schedule.nextTransition(after: from)
  }

  // MARK: - Lookup

  /// ``transitionIndex(atSecond:)`` for an instant before the first transition.
  private static let beforeFirst = -1
  /// ``transitionIndex(atSecond:)`` for an instant the footer's rule answers.
  private static let byRule = -2

  /// The index of the last transition at or before `second`, or ``beforeFirst``, or ``byRule``
  /// when `second` is after the last transition (or the file has none) and there is a rule.
  @inline(__always)
  private func transitionIndex(atSecond second: Int) -> Int {
    let count = transitions.count
    if count == 0 { return schedule == nil ? Self.beforeFirst : Self.byRule }
    if second > transitions[count - 1], schedule != nil { return Self.byRule }
    return firstTransition(after: second) - 1
  }

  /// The index of the first transition strictly after `second` (the count when none is): a
  /// binary search.
  private func firstTransition(after second: Int) -> Int {
    transitions.withUnsafeBufferPointer { instants in
      var low = 0
      var high = instants.count
      while low < high {
        let middle = (low + high) >> 1
        if instants[middle] <= second {
          low = middle + 1
        } else {
          high = middle
        }
      }
      return low
    }
  }

  // MARK: - Parsing

  /// The footer: a POSIX rule between two newlines, empty when the zone has no rule.
  private static func footer(
    _ reader: inout ByteReader
  ) throws(ZoneFileError) -> POSIXTimeZoneRule? {
    guard try reader.byte("the footer") == UInt8(ascii: "\n") else {
      throw .malformed("the footer does not start with a newline")
    }
    var text: [UInt8] = []
    while true {
      let byte = try reader.byte("the footer")
      if byte == UInt8(ascii: "\n") { break }
      text.append(byte)
    }
    if text.isEmpty { return nil }
    guard let rule = POSIXTimeZoneRule(String(decoding: text, as: UTF8.self)) else {
      throw .malformed("the footer '\(String(decoding: text, as: UTF8.self))' is not a TZ rule")
    }
    return rule
  }
}

// MARK: - The file's parts

extension ZoneFile {
  /// The 44-byte header that opens each data block.
  private struct Header {
    let version: UInt8
    let isUTCount: Int
    let isStandardCount: Int
    let leapCount: Int
    let transitionCount: Int
    let typeCount: Int
    let characterCount: Int

    init(_ reader: inout ByteReader) throws(ZoneFileError) {
      guard try reader.take(4, "the magic").elementsEqual("TZif".utf8) else {
        throw .malformed("no 'TZif' magic")
      }
      version = try reader.byte("the version")
      // Version 1 is a zero byte; '2', '3' and '4' share a layout, and RFC 8536 asks readers
      // to take a later version for the latest they know.
      guard version == 0 || version >= UInt8(ascii: "2") else {
        throw .malformed("unknown version \(version)")
      }
      try reader.skip(15, "the header")
      isUTCount = try reader.count("isutcnt")
      isStandardCount = try reader.count("isstdcnt")
      leapCount = try reader.count("leapcnt")
      transitionCount = try reader.count("timecnt")
      typeCount = try reader.count("typecnt")
      characterCount = try reader.count("charcnt")
      guard typeCount > 0 else { throw .malformed("typecnt is zero") }
      guard characterCount > 0 else { throw .malformed("charcnt is zero") }
      guard isUTCount == 0 || isUTCount == typeCount else {
        throw .malformed("isutcnt is neither zero nor typecnt")
      }
      guard isStandardCount == 0 || isStandardCount == typeCount else {
        throw .malformed("isstdcnt is neither zero nor typecnt")
      }
    }

    /// The bytes of the data block this header opens, with times of `timeSize` bytes.
    func dataSize(timeSize: Int) -> Int {
      transitionCount * (timeSize + 1) + typeCount * 6 + characterCount
        + leapCount * (timeSize + 4) + isStandardCount + isUTCount
    }
  }

  /// The transitions and types of one data block.
  private struct Block {
    var transitions: [Int] = []
    var transitionTypes: [Int] = []
    var types: [LocalTimeType] = []

    init(_ reader: inout ByteReader, header: Header, timeSize: Int) throws(ZoneFileError) {
      // Checked before anything is read, so that counts the file cannot hold never size an
      // array.
      guard header.dataSize(timeSize: timeSize) <= reader.remaining else {
        throw .malformed("the counts need more bytes than the file has")
      }
      transitions.reserveCapacity(header.transitionCount)
      for _ in 0..<header.transitionCount {
        let instant = try reader.signed(timeSize, "a transition time")
        if let previous = transitions.last, instant <= previous {
          throw .malformed("the transition times are not in ascending order")
        }
        transitions.append(instant)
      }
      transitionTypes.reserveCapacity(header.transitionCount)
      for _ in 0..<header.transitionCount {
        let type = Int(try reader.byte("a transition type"))
        guard type < header.typeCount else {
          throw .malformed("transition type \(type) is out of range (typecnt \(header.typeCount))")
        }
        transitionTypes.append(type)
      }
      var records: [(offset: Int, isDaylightSaving: Bool, index: Int)] = []
      for _ in 0..<header.typeCount {
        let offset = try reader.signed(4, "a UT offset")
        let flag = try reader.byte("a DST flag")
        let index = Int(try reader.byte("an abbreviation index"))
        // RFC 8536 §3.2: -2^31 is forbidden, and the flag is 0 or 1.
        guard offset != Int(Int32.min) else { throw .malformed("a UT offset of -2^31") }
        guard flag <= 1 else { throw .malformed("a DST flag of \(flag)") }
        guard index < header.characterCount else {
          throw .malformed("abbreviation index \(index) is out of range")
        }
        records.append((offset, flag == 1, index))
      }
      let characters = Array(try reader.take(header.characterCount, "the abbreviations"))
      for record in records {
        guard let end = characters[record.index...].firstIndex(of: 0) else {
          throw .malformed("an abbreviation has no terminating NUL")
        }
        types.append(
          LocalTimeType(
            offset: record.offset, isDaylightSaving: record.isDaylightSaving,
            abbreviation: String(decoding: characters[record.index..<end], as: UTF8.self)))
      }
      // Leap-second records and the indicators are not used (see the type's discussion).
      try reader.skip(
        header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCount,
        "the leap seconds and indicators")
    }
  }

  /// Big-endian reading from the file's bytes; every read checks what is left.
  private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    var remaining: Int { bytes.count - position }

    mutating func byte(_ what: String) throws(ZoneFileError) -> UInt8 {
      guard position < bytes.count else { throw .malformed("the file ends in \(what)") }
      defer { position += 1 }
      return bytes[position]
    }

    mutating func take(_ count: Int, _ what: String) throws(ZoneFileError) -> ArraySlice<UInt8> {
      guard count <= remaining else { throw .malformed("the file ends in \(what)") }
      defer { position += count }
      return bytes[position..<position + count]
    }

    mutating func skip(_ count: Int, _ what: String) throws(ZoneFileError) {
      _ = try take(count, what)
    }

    /// A two's-complement number of `size` bytes (4 or 8).
    mutating func signed(_ size: Int, _ what: String) throws(ZoneFileError) -> Int {
      var value: UInt64 = 0
      for byte in try take(size, what) { value = value << 8 | UInt64(byte) }
      return size == 4 ? Int(Int32(bitPattern: UInt32(value))) : Int(Int64(bitPattern: value))
    }

    /// A four-byte count (unsigned).
    mutating func count(_ what: String) throws(ZoneFileError) -> Int {
      var value = 0
      for byte in try take(4, what) { value = value << 8 | Int(byte) }
      return value
    }
  }
}
