import ChulbalSystem

extension Console {
  /// Writes part of a live display (a frame, a line) to standard output.
  ///
  /// - Returns: false when the reader has gone (`chulbal countdown | head -1`, a status bar
  ///   that quit), so the display stops quietly.
  /// - Throws: `RuntimeFailure.unwritableOutput` for any other failure, such as a full disk,
  ///   which ends the display with exit status 1.
  func show(_ text: String) throws(RuntimeFailure) -> Bool {
    do {
      try write(text, to: .output)
      return true
    } catch {
      if error.isReaderGone { return false }
      throw .unwritableOutput(error, afterRunning: false)
    }
  }
}
