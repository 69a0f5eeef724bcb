import Foundation

/// Where a live display writes, and what it learns about the terminal.
public protocol Console: Sendable {
  /// Whether standard output is a terminal that can be redrawn in place.
  var isTerminal: Bool { get }
  /// The terminal's width in columns (80 when unknown).
  func width() -> Int
  /// Writes at once, unbuffered; false when nobody reads any more (a status bar closed the
  /// pipe), so a follower can stop.
  @discardableResult
  func write(_ text: String) -> Bool
  /// Makes a write to a closed pipe fail instead of killing the process.
  func ignoreClosedPipe()
  /// From now on Ctrl-C and SIGTERM write `restore` and end the program with status 130 or
  /// 143; a resize wakes the sleeping loop.
  func catchSignals(restoreOnExit restore: String)
  /// Whether the window was resized since the last call.
  func takeResize() -> Bool
}
