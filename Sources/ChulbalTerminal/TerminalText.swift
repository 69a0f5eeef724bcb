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

  /// ``width(utf8:)``, or nil when the text may hold a control or bidi character: what
  /// `TextCleaning.mayNeedCleaning(utf8:)` says, found in the same pass as the width, since a
  /// table measures every cell of `list` and only a cell that may need cleaning is scanned
  /// again.
  static func widthIfClean(utf8 bytes: ArraySlice<UInt8>) -> Int? {
    measure(bytes, stoppingWhereCleaningMayBeNeeded: true)
  }

  /// The columns of `bytes`; nil, when `stopping`, at the first byte that
  /// `TextCleaning.mayNeedCleaning(utf8:)` would look at more closely.
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
      // C1 controls (C2 80–9F), ALM (D8 9C), and the marks, embeddings, overrides and
      // isolates, which all begin E2 80 or E2 81: as `mayNeedCleaning` judges them, at every
      // byte that can begin them (none of C2, D8 and E2 continues a character, so the walk
      // below, which steps over continuation bytes only, meets each one).
      if stopping, end - next >= 2 {
        switch (first, bytes[next + 1]) {
        case (0xC2, 0x80...0x9F), (0xD8, 0x9C), (0xE2, 0x80...0x81): return nil
        default: break
        }
      }
      // The length of a sequence is in its first byte. A byte that does not begin one, or
      // whose sequence is cut short, counts one column on its own, and the walk goes on at
      // the byte after it.
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
    // Format characters that are drawn: the number signs that stand before digits
    // (Prepended_Concatenation_Mark).
    case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: return 1
    default: break
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if TextCleaning.isControl(scalar) { return 0 }
    return isWide(value) ? 2 : 1
  }

  /// Whether `value` falls in one of ``wideRanges``, by binary search over the sorted ranges.
  static func isWide(_ value: UInt32) -> Bool {
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

  /// The East Asian Wide and Fullwidth characters and the emoji shown wide, as ranges of
  /// assigned code points: Unicode 15's EastAsianWidth.txt as glibc 2.36 builds its `wcwidth`
  /// from it (the test compares the two over every scalar up to U+2FFFF).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFB, 0x3000...0x3029,
    0x302E...0x303E, 0x3041...0x3096, 0x309B...0x30FF, 0x3105...0x312F, 0x3131...0x318E,
    0x3190...0x31E3, 0x31F0...0x321E, 0x3220...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C,
    0xAC00...0xD7A3, 0xF900...0xFA6D, 0xFA70...0xFAD9, 0xFE10...0xFE19, 0xFE30...0xFE52,
    0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE3,
    0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1AFF3,
    0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B150...0x1B152, 0x1B164...0x1B167,
    0x1B170...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
    0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
    0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
    0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
    0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
    0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DD...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
    0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
    0x1FA70...0x1FA74, 0x1FA78...0x1FA7C, 0x1FA80...0x1FA86, 0x1FA90...0x1FAAC, 0x1FAB0...0x1FABA,
    0x1FAC0...0x1FAC5, 0x1FAD0...0x1FAD9, 0x1FAE0...0x1FAE7, 0x1FAF0...0x1FAF6, 0x20000...0x2A6DF,
    0x2A700...0x2B738, 0x2B740...0x2B81D, 0x2B820...0x2CEA1, 0x2CEB0...0x2EBE0, 0x2F800...0x2FA1D,
  ]

  /// `text` padded with spaces to `columns` terminal columns.
  public static func padded(_ text: String, to columns: Int) -> String {
    text + String(repeating: " ", count: max(0, columns - width(text)))
  }

  /// Rows laid out in columns aligned by terminal width, two spaces apart, no trailing spaces.
  ///
  /// Cells are shown with control characters made visible. Each cell is measured once.
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
