import FoundationEssentials

/// Where chulbal writes: the result of a command, its messages, and live displays.
public protocol Console: Sendable {
  /// Whether standard output is a terminal that can be redrawn in place.
  var isTerminal: Bool { get }
  /// Whether standard output was closed when chulbal started (`>&-`), so nothing it did could
  /// be reported.
  var isOutputClosed: Bool { get }
  /// The terminal's width in columns (80 when unknown).
  func width() -> Int
  /// The terminal's height in rows (24 when unknown).
  func height() -> Int
  /// Writes `text` at once, unbuffered; an empty text writes nothing.
  ///
  /// - Throws: `WriteError` when the reader closed the pipe, the disk is full, or the stream is
  ///   closed.
  func write(_ text: String, to stream: StandardStream) throws(WriteError)
  /// Writes UTF-8 as ``write(_:to:)`` writes text, for output made as bytes: making a string
  /// of it first checks and copies every byte once more (`list --json` of 100,000 is 99 MB).
  func write(utf8 bytes: UnsafeRawBufferPointer, to stream: StandardStream) throws(WriteError)
  /// Whether nobody reads standard output any more (the reader closed the pipe, the terminal
  /// hung up), without writing to it.
  func isReaderGone() -> Bool
  /// From now on Ctrl-C, Ctrl-\, SIGTERM and SIGHUP write `restore` and end the program with
  /// status 130, 131, 143 or 129; a resize wakes the sleeping loop.
  func catchSignals(restoreOnExit restore: String)
  /// Whether the window was resized since the last call.
  func takeResize() -> Bool
}

extension Console {
  /// The bytes as text, for a console that keeps what it is given (tests).
  public func write(utf8 bytes: UnsafeRawBufferPointer, to stream: StandardStream)
    throws(WriteError)
  {
    try write(String(decoding: bytes, as: UTF8.self), to: stream)
  }

  /// Writes `text` to standard output.
  public func write(_ text: String) throws(WriteError) {
    try write(text, to: .output)
  }
}
