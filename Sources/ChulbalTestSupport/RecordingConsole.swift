import ChulbalSystem
import Foundation
import Synchronization
import Testing

/// Records what a live display writes, one value per write; a plain console by default.
public final class RecordingConsole: Console {
  public let isTerminal: Bool
  public let isOutputClosed: Bool
  private let state = Mutex<(writes: [String], errors: [String], lines: Int)>(([], [], 0))
  private let lineLimit: Int
  private let failure: Int32?
  private let rows: Int
  private let columns: Int

  /// - Parameters:
  ///   - lineLimit: after this many lines later writes fail with EPIPE, as if the reader closed the
  ///     pipe (`isReaderGone`).
  ///   - failure: every write to standard output fails with this `errno` (ENOSPC).
  ///   - outputClosed: standard output was closed at start.
  ///   - height: the terminal's rows.
  ///   - width: the terminal's columns.
  public init(
    isTerminal: Bool = false, lineLimit: Int = .max, failing failure: Int32? = nil,
    outputClosed: Bool = false, height: Int = 24, width: Int = 60
  ) {
    rows = height
    columns = width
    self.isTerminal = isTerminal
    self.lineLimit = lineLimit
    self.failure = failure
    isOutputClosed = outputClosed
  }

  public func width() -> Int { columns }
  public func height() -> Int { rows }

  public func write(_ text: String, to stream: StandardStream) throws(WriteError) {
    let result: Result<Void, WriteError> = state.withLock { state in
      guard stream == .output else {
        state.errors.append(text)
        return .success(())
      }
      if let failure { return .failure(WriteError(stream: stream, code: failure)) }
      guard state.lines < lineLimit else {
        return .failure(WriteError(stream: stream, code: EPIPE))
      }
      state.writes.append(text)
      state.lines += text.utf8.count { $0 == UInt8(ascii: "\n") }
      return .success(())
    }
    try result.get()
  }

  public func isReaderGone() -> Bool { state.withLock { $0.lines >= lineLimit } }
  public func catchSignals(restoreOnExit restore: String) {}
  public func takeResize() -> Bool { false }

  /// Each write to standard output, in order.
  public var writes: [String] { state.withLock { $0.writes } }
  public var text: String { writes.joined() }
  /// What was written to standard output, split into lines.
  public var lines: [String] { text.split(separator: "\n").map(String.init) }
  /// What was written to standard error.
  public var errorText: String { state.withLock { $0.errors.joined() } }
}

/// A console for commands that must not draw: any use is a test failure.
public struct UnexpectedConsole: Console {
  public init() {}

  public var isTerminal: Bool { false }
  public var isOutputClosed: Bool { false }
  public func width() -> Int {
    Issue.record("the console was measured, which this test did not expect")
    return 80
  }
  public func height() -> Int {
    Issue.record("the console was measured, which this test did not expect")
    return 24
  }
  public func write(_ text: String, to stream: StandardStream) throws(WriteError) {
    Issue.record("the console was written to, which this test did not expect: \(text)")
  }
  public func isReaderGone() -> Bool {
    Issue.record("the console was asked about its reader, which this test did not expect")
    return false
  }
  public func catchSignals(restoreOnExit restore: String) {
    Issue.record("signals were caught, which this test did not expect")
  }
  public func takeResize() -> Bool { false }
}
