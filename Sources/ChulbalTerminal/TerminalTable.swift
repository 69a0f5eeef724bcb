import ChulbalCore

/// Rows of a table whose columns are as wide as their widest cell, gathered and then written line
/// by line as UTF-8. Cells are kept as visible bytes in one buffer, with end and width, so `list`
/// of 100,000 appointments stays within its memory budget (docs/performance.md).
public struct TerminalTable {
  /// Every cell's text, control and bidi characters made visible, one after another.
  private var text: [UInt8] = []
  /// Where each cell ends in `text`, and the columns it takes.
  private var cells: [(end: Int, width: Int)] = []
  /// Where each row's cells end in `cells`.
  private var rowEnds: [Int] = []
  /// The widest cell of each column so far, or its limit once ``fit(within:indent:shortening:)``
  /// set one.
  private var widths: [Int] = []
  /// The columns ``fit(within:indent:shortening:)`` limited, by index: a wider cell is written
  /// shortened to the limit.
  private var limits: [Int: Int] = [:]

  public init() {}

  /// How many rows have been ended.
  public var rowCount: Int { rowEnds.count }

  /// Adds a cell to the row being made, its control characters shown visibly.
  public mutating func append(_ cell: String) {
    appendCell { $0 += cell.utf8 }
  }

  /// Adds a cell whose UTF-8 `write` appends to the buffer it is given, such as a date written
  /// as bytes; the cell is cleaned and measured like any other.
  public mutating func appendCell(writing write: (inout [UInt8]) -> Void) {
    let start = text.count
    write(&text)
    let width: Int
    if let clean = TerminalText.widthIfClean(utf8: text[start...]) {
      width = clean
    } else {
      let visible = TextCleaning.visible(String(decoding: text[start...], as: UTF8.self))
      text.replaceSubrange(start..., with: visible.utf8)
      width = TerminalText.width(utf8: text[start...])
    }
    cells.append((text.count, width))
    let column = cells.count - 1 - (rowEnds.last ?? 0)
    if column == widths.count {
      widths.append(width)
    } else {
      widths[column] = max(widths[column], width)
    }
  }

  /// Ends the row being made; the next cell starts a new one.
  public mutating func endRow() {
    rowEnds.append(cells.count)
  }

  /// The columns the widest line takes, after an indent of `indent`.
  public func lineWidth(indent: Int = 0) -> Int {
    widths.isEmpty ? indent : indent + widths.reduce(0, +) + 2 * (widths.count - 1)
  }

  /// Limits the columns in `shortening` (by index, each with the narrowest it may become) to
  /// one width, the widest that lets every line fit in `columns` after `indent`; their wider
  /// cells are then written cut short with `…`. Nothing changes when every line fits already;
  /// lines still too wide with every such column at its narrowest are left to wrap.
  ///
  /// One width for all of them, rather than cutting the widest first, keeps the most of each
  /// column: a long title and a long place both stay readable in part.
  public mutating func fit(within columns: Int, indent: Int = 0, shortening: [Int: Int]) {
    let excess = lineWidth(indent: indent) - columns
    let shortened = shortening.filter { $0.key < widths.count }
    guard excess > 0, let widest = shortened.keys.map({ widths[$0] }).max() else { return }
    let narrowest = shortened.values.min() ?? widest
    func width(_ column: Int, _ limit: Int) -> Int {
      min(widths[column], max(limit, shortened[column] ?? 0))
    }
    func saved(_ limit: Int) -> Int {
      shortened.keys.reduce(0) { $0 + widths[$1] - width($1, limit) }
    }
    var limit = widest - 1
    while limit > narrowest && saved(limit) < excess { limit -= 1 }
    for column in shortened.keys where width(column, limit) < widths[column] {
      widths[column] = width(column, limit)
      limits[column] = widths[column]
    }
  }

  /// Appends row `row` as a line: cells two spaces apart, each but the last padded to its
  /// column's width, no trailing spaces, and a newline.
  public func appendLine(_ row: Int, to output: inout [UInt8]) {
    let firstCell = row == 0 ? 0 : rowEnds[row - 1]
    let lastCell = rowEnds[row] - 1
    let lineStart = output.count
    for cell in firstCell...max(firstCell, lastCell) where cell <= lastCell {
      let start = cell == 0 ? 0 : cells[cell - 1].end
      var width = cells[cell].width
      if let limit = limits[cell - firstCell], width > limit {
        let shortened = TerminalText.shortened(
          String(decoding: text[start..<cells[cell].end], as: UTF8.self), to: limit)
        output += shortened.utf8
        width = TerminalText.width(shortened)
      } else {
        output += text[start..<cells[cell].end]
      }
      if cell < lastCell {
        let spaces = widths[cell - firstCell] - width + 2
        output.append(contentsOf: repeatElement(0x20, count: spaces))
      }
    }
    let untrimmed = output.count
    while output.count > lineStart && output.last == 0x20 { output.removeLast() }
    // A space after a prepended concatenation mark (U+0600 …) belongs to the mark's character, so
    // such a line is trimmed as characters below.
    var trimmedAfterMark = false
    if output.count < untrimmed && output.count > lineStart && output[output.count - 1] >= 0x80 {
      trimmedAfterMark = true
      output.append(contentsOf: repeatElement(0x20, count: untrimmed - output.count))
    }
    output.append(0x0A)
    if trimmedAfterMark {
      let line = String(decoding: output[lineStart..<(output.count - 1)], as: UTF8.self)
      var trimmed = Substring(line)
      while trimmed.last == " " { trimmed.removeLast() }
      output.removeSubrange(lineStart...)
      output += trimmed.utf8
      output.append(0x0A)
    }
  }
}
