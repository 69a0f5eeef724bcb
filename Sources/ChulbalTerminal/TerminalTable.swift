import ChulbalCore

/// Rows of a table whose columns are as wide as their widest cell, gathered until the last
/// row is in and then written line by line as UTF-8.
///
/// Every cell is kept as its visible bytes, one after another in one buffer, with its end and
/// its width in columns: a list of 100,000 appointments held as strings, arrays of strings
/// and one more string for the whole table peaked at 88 MB, and measuring and padding them as
/// strings cost more per row than reading the row (callgrind).
public struct TerminalTable {
  /// Every cell's text, control and bidi characters made visible, one after another.
  private var text: [UInt8] = []
  /// Where each cell ends in `text`, and the columns it takes.
  private var cellEnds: [Int] = []
  private var cellWidths: [Int] = []
  /// Where each row's cells end in `cellEnds`.
  private var rowEnds: [Int] = []
  /// The widest cell of each column so far.
  private var widths: [Int] = []

  public init() {}

  /// How many rows have been ended.
  public var rowCount: Int { rowEnds.count }

  /// Adds a cell to the row being made, its control characters shown visibly.
  public mutating func append(_ cell: String) {
    appendCell { $0.append(contentsOf: cell.utf8) }
  }

  /// Adds a cell whose UTF-8 `write` appends to the buffer it is given, such as a date written
  /// as bytes; the cell is cleaned and measured like any other.
  public mutating func appendCell(writing write: (inout [UInt8]) -> Void) {
    let start = text.count
    write(&text)
    let clean = text[start...].withUnsafeBufferPointer {
      !TextCleaning.mayNeedCleaning(utf8: $0)
    }
    if !clean {
      let visible = TextCleaning.visible(String(decoding: text[start...], as: UTF8.self))
      text.replaceSubrange(start..., with: visible.utf8)
    }
    let width = text[start...].withUnsafeBufferPointer { TerminalText.width(utf8: $0) }
    cellEnds.append(text.count)
    cellWidths.append(width)
    let column = cellEnds.count - 1 - (rowEnds.last ?? 0)
    if column == widths.count {
      widths.append(width)
    } else {
      widths[column] = max(widths[column], width)
    }
  }

  /// Ends the row being made; the next cell starts a new one.
  public mutating func endRow() {
    rowEnds.append(cellEnds.count)
  }

  /// Appends row `row` as a line: cells two spaces apart, each but the last padded to its
  /// column's width, no trailing spaces, and a newline.
  public func appendLine(_ row: Int, to output: inout [UInt8]) {
    let firstCell = row == 0 ? 0 : rowEnds[row - 1]
    let cellCount = rowEnds[row] - firstCell
    let lineStart = output.count
    for column in 0..<cellCount {
      let cell = firstCell + column
      if column > 0 { output.append(contentsOf: Self.gap) }
      output.append(contentsOf: text[(cell == 0 ? 0 : cellEnds[cell - 1])..<cellEnds[cell]])
      if column < cellCount - 1 {
        output.append(contentsOf: repeatElement(0x20, count: widths[column] - cellWidths[cell]))
      }
    }
    var end = output.count
    while end > lineStart && output[end - 1] == 0x20 { end -= 1 }
    if end < output.count && end > lineStart && output[end - 1] >= 0x80 {
      // A space after a prepended concatenation mark (U+0600 and the like) is part of that
      // mark's character, which trimming spaces as characters keeps.
      let line = String(decoding: output[lineStart...], as: UTF8.self)
      var trimmed = Substring(line)
      while trimmed.last == " " { trimmed.removeLast() }
      end = lineStart + trimmed.utf8.count
    }
    output.removeSubrange(end...)
    output.append(0x0A)
  }

  private static let gap: [UInt8] = [0x20, 0x20]
}
