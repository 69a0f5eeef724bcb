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
  private var cells: [(end: Int, width: Int)] = []
  /// Where each row's cells end in `cells`.
  private var rowEnds: [Int] = []
  /// The widest cell of each column so far.
  private var widths: [Int] = []

  public init() {}

  /// How many rows have been ended.
  public var rowCount: Int { rowEnds.count }

  /// Adds a cell to the row being made, its control characters shown visibly.
  public mutating func append(_ cell: String) {
    // Its bytes in one copy: appending the string's UTF-8 view went through the generic
    // sequence path, more than measuring the cell (callgrind, `list`).
    appendCell { bytes in
      var cell = cell
      cell.withUTF8 { bytes.append(contentsOf: $0) }
    }
  }

  /// Adds a cell whose UTF-8 `write` appends to the buffer it is given, such as a date written
  /// as bytes; the cell is cleaned and measured like any other.
  public mutating func appendCell(writing write: (inout [UInt8]) -> Void) {
    let start = text.count
    write(&text)
    let width: Int
    // Through the whole buffer, not a slice of it, which retained and released the buffer
    // for every cell (callgrind, `list`).
    let clean = text.withUnsafeBufferPointer {
      TerminalText.widthIfClean(utf8: UnsafeBufferPointer(rebasing: $0[start...]))
    }
    if let clean {
      width = clean
    } else {
      let visible = TextCleaning.visible(String(decoding: text[start...], as: UTF8.self))
      text.replaceSubrange(start..., with: visible.utf8)
      width = text[start...].withUnsafeBufferPointer(TerminalText.width(utf8:))
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

  /// Appends row `row` as a line: cells two spaces apart, each but the last padded to its
  /// column's width, no trailing spaces, and a newline.
  ///
  /// The line is written into room made at the end of `output` at once: appending each cell,
  /// gap and padding on its own cost more than the rest of the line (callgrind).
  public func appendLine(_ row: Int, to output: inout [UInt8]) {
    let firstCell = row == 0 ? 0 : rowEnds[row - 1]
    let lastCell = rowEnds[row] - 1
    let textStart = firstCell == 0 ? 0 : cells[firstCell - 1].end
    var room = (lastCell < firstCell ? 0 : cells[lastCell].end - textStart) + 1
    for cell in firstCell..<max(firstCell, lastCell) {
      room += 2 + widths[cell - firstCell] - cells[cell].width
    }
    var trimmedAfterMark = false
    let lineStart = output.count
    // Each buffer borrowed through its pointer: the closures capturing the arrays retained and
    // released all four for every line (callgrind, `list`).
    text.withUnsafeBufferPointer { text in
      cells.withUnsafeBufferPointer { cells in
        widths.withUnsafeBufferPointer { widths in
          output.append(addingCapacity: room) { span in
            span.withUnsafeMutableBufferPointer { line, count in
              guard let base = line.baseAddress else { return }
              for cell in firstCell...max(firstCell, lastCell) where cell <= lastCell {
                let start = cell == 0 ? 0 : cells[cell - 1].end
                let end = cells[cell].end
                if let from = text.baseAddress, end > start {
                  (base + count).initialize(from: from + start, count: end - start)
                  count += end - start
                }
                if cell < lastCell {
                  let spaces = widths[cell - firstCell] - cells[cell].width + 2
                  (base + count).initialize(repeating: 0x20, count: spaces)
                  count += spaces
                }
              }
              let untrimmed = count
              while count > 0 && line[count - 1] == 0x20 { count -= 1 }
              // A space after a prepended concatenation mark (U+0600 and the like) is part of
              // that mark's character, which trimming spaces as characters keeps: such a line
              // keeps its spaces here and is trimmed below as characters.
              if count < untrimmed && count > 0 && line[count - 1] >= 0x80 {
                trimmedAfterMark = true
                count = untrimmed
              }
              line[count] = 0x0A
              count += 1
            }
          }
        }
      }
    }
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
