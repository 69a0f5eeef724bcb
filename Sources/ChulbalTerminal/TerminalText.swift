import ChulbalCore

/// Text on its way to a terminal, made harmless and measured in columns.
public enum TerminalText {
  /// Columns `text` takes in a terminal: 2 for wide characters (Hangul, CJK, most emoji),
  /// 0 for combining marks and joiners, 1 otherwise.
  public static func width(_ text: String) -> Int {
    width(utf8: ArraySlice(text.utf8))
  }

  /// ``width(_:)`` of text as its UTF-8 bytes, which must be well-formed (a string's).
  static func width(utf8 bytes: ArraySlice<UInt8>) -> Int {
    measure(bytes, stoppingWhereCleaningMayBeNeeded: false) ?? 0
  }

  /// ``width(utf8:)``, or nil when the text may hold a control or bidi character (as
  /// `TextCleaning.mayNeedCleaning(utf8:)` says), found in the same pass, since `list` measures
  /// every cell.
  static func widthIfClean(utf8 bytes: ArraySlice<UInt8>) -> Int? {
    measure(bytes, stoppingWhereCleaningMayBeNeeded: true)
  }

  /// The columns of `bytes`; with `stopping`, nil at the first byte `mayNeedCleaning` would
  /// examine.
  private static func measure(
    _ bytes: ArraySlice<UInt8>, stoppingWhereCleaningMayBeNeeded stopping: Bool
  ) -> Int? {
    var next = bytes.startIndex
    let end = bytes.endIndex
    var total = 0
    while next < end {
      let first = bytes[next]
      // ASCII, the most common text by far, is one column a byte but for control characters.
      if first < 0x80 {
        if first >= 0x20 && first != 0x7F {
          total += 1
        } else if stopping {
          return nil
        }
        next += 1
        continue
      }
      // C1 controls (C2 80–9F), ALM (D8 9C) and the bidi marks (E2 80, E2 81), judged as
      // `mayNeedCleaning` does; none of C2, D8, E2 is a continuation byte, so the walk meets each.
      if stopping, end - next >= 2 {
        switch (first, bytes[next + 1]) {
        case (0xC2, 0x80...0x9F), (0xD8, 0x9C), (0xE2, 0x80...0x81): return nil
        default: break
        }
      }
      // A sequence's length is in its first byte; a stray or cut-short byte counts one column.
      let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
      guard length > 1, end - next >= length,
        (1..<length).allSatisfy({ bytes[next + $0] & 0xC0 == 0x80 })
      else {
        total += 1
        next += 1
        continue
      }
      var value = UInt32(first) & (0x7F >> length)
      for offset in 1..<length { value = value << 6 | UInt32(bytes[next + offset] & 0x3F) }
      next += length
      total += Unicode.Scalar(value).map(width(of:)) ?? 1
    }
    return total
  }

  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    switch value {
    case 0x20..<0x7F: return 1
    case 0xAC00...0xD7A3, 0x4E00...0x9FFF: return 2  // Hangul syllables, CJK ideographs
    // Hangul medial vowels and final consonants, which join the syllable before them.
    case 0x1160...0x11FF, 0xD7B0...0xD7FF: return 0
    case 0..<0x300: return TextCleaning.isControl(scalar) ? 0 : 1  // before combining marks
    // Drawn format characters: the number signs before digits (Prepended_Concatenation_Mark).
    case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: return 1
    default: return widthByProperties(scalar)
    }
  }

  /// ``width(of:)`` of a scalar outside its ranges, from its general category and East Asian
  /// Width.
  ///
  /// Never inlined: the standard library's property types have no size known when compiling,
  /// and a function that holds one sets up room for it at every call, even when a range above
  /// already answered (every Hangul syllable `list` measures).
  @inline(never)
  private static func widthByProperties(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if TextCleaning.isControl(scalar) { return 0 }
    return isWide(scalar.value) ? 2 : 1
  }

  /// Whether East Asian Width says wide or fullwidth (``EastAsianWidth``, from
  /// contrib/width-table.sh).
  static func isWide(_ value: UInt32) -> Bool {
    let wideRanges = EastAsianWidth.wideRanges
    var low = 0
    var high = wideRanges.count
    while low < high {
      let middle = (low + high) / 2
      if wideRanges[middle].upperBound < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < wideRanges.count && wideRanges[low].contains(value)
  }

  /// `text` whole when it takes at most `columns` terminal columns, else as many of its first
  /// characters as fit in one column fewer, without the spaces they end in, and `…`.
  public static func shortened(_ text: String, to columns: Int) -> String {
    guard width(text) > columns else { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = width(String(character))
      if used + next > columns - 1 { break }
      result.append(character)
      used += next
    }
    while result.last == " " { result.removeLast() }
    return result + "…"
  }

  /// `text` padded with spaces to `columns` terminal columns.
  public static func padded(_ text: String, to columns: Int) -> String {
    text + String(repeating: " ", count: max(0, columns - width(text)))
  }

  /// Rows in columns aligned by terminal width, two spaces apart, no trailing spaces; cells shown
  /// with control characters visible, each measured once.
  public static func table(_ rows: [[String]]) -> String {
    var table = TerminalTable()
    for row in rows {
      for cell in row { table.append(cell) }
      table.endRow()
    }
    var output: [UInt8] = []
    for row in 0..<table.rowCount { table.appendLine(row, to: &output) }
    return String(decoding: output, as: UTF8.self)
  }
}
