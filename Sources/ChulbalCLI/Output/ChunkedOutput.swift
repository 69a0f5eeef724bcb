import ChulbalSystem

/// Output that can grow too large to hold (`list --json` of 100,000 appointments is 80 MB):
/// written to standard output in chunks as it is made, so memory stays flat. Whatever is left
/// at the end, all of it when the output stays small, goes back in the outcome, which writes
/// it as every other command's output.
struct ChunkedOutput {
  /// How much is gathered before it is written.
  static let chunkBytes = 1 << 16

  let console: any Console
  var writer: JSONWriter
  /// The reader closed the pipe (`list --json | head`): the rest is not wanted.
  private(set) var readerGone = false

  init(console: any Console, pretty: Bool) {
    self.console = console
    writer = JSONWriter(pretty: pretty)
  }

  /// Writes what has gathered once it fills a chunk.
  ///
  /// - Throws: `RuntimeFailure.unwritableOutput` when standard output cannot be written.
  mutating func flushWhenFull() throws(RuntimeFailure) {
    guard writer.count >= Self.chunkBytes, !readerGone else { return }
    readerGone = try !console.show(writer.take())
  }

  /// The outcome with what is left to write.
  mutating func outcome() -> Outcome {
    .success(readerGone ? "" : writer.take())
  }
}
