import ChulbalSystem

/// Output that can grow too large to hold (`list --json` of 100,000 appointments is 99 MB):
/// written to standard output in chunks as it is made, so memory stays flat. Whatever is left
/// at the end, all of it when the output stays small, goes back in the outcome, which writes
/// it as every other command's output.
struct ChunkedOutput {
  /// How much is gathered before it is written.
  static let chunkBytes = 1 << 16
  /// Room beyond a chunk for the piece that fills it: a line of a table, a JSON element.
  private static let pieceBytes = 1 << 12

  let console: any Console
  var writer: JSONWriter
  /// Whether the command has done all it does but write, so that a failure to write says
  /// so, as it would for a command whose output is written at its end.
  let afterRunning: Bool
  /// The reader closed the pipe (`list --json | head`): the rest is not wanted.
  private(set) var readerGone = false

  /// - Parameter afterRunning: whether everything but the writing is done before the first
  ///   chunk is written (a table, whose columns need every row first).
  init(console: any Console, pretty: Bool, afterRunning: Bool = false) {
    self.console = console
    writer = JSONWriter(pretty: pretty)
    // Room for a chunk and the piece that fills it, made once and kept between chunks, so the
    // buffer is not copied and its pages touched again at every doubling. Room not written to
    // is never touched, so a short output costs no more memory.
    writer.bytes.reserveCapacity(Self.chunkBytes + Self.pieceBytes)
    self.afterRunning = afterRunning
  }

  /// Writes what has gathered once it fills a chunk.
  ///
  /// - Throws: `RuntimeFailure.unwritableOutput` when standard output cannot be written.
  mutating func flushWhenFull() throws(RuntimeFailure) {
    guard writer.count >= Self.chunkBytes, !readerGone else { return }
    // The bytes as they are: a string made of each chunk checked every byte once more.
    let console = console
    let written = writer.takeBytes { bytes in
      Result { () throws(WriteError) in try console.write(utf8: bytes, to: .output) }
    }
    do {
      try written.get()
    } catch let error where error.isReaderGone {
      readerGone = true
    } catch {
      throw .unwritableOutput(error, afterRunning: afterRunning)
    }
  }

  /// The outcome with what is left to write.
  mutating func outcome() -> Outcome {
    .success(readerGone ? "" : writer.take())
  }
}
