import ChulbalSystem
import Synchronization
import Testing

/// Records what a live display writes, one value per write; a plain, non-terminal console by
/// default.
public final class RecordingConsole: Console {
  public let isTerminal: Bool
  private let state = Mutex<(writes: [String], lines: Int)>(([], 0))
  private let lineLimit: Int

  /// - Parameter lineLimit: after this many lines the reader "closes the pipe".
  public init(isTerminal: Bool = false, lineLimit: Int = .max) {
    self.isTerminal = isTerminal
    self.lineLimit = lineLimit
  }

  public func width() -> Int { 60 }

  public func write(_ text: String) -> Bool {
    state.withLock { state in
      guard state.lines < lineLimit else { return false }
      state.writes.append(text)
      state.lines += text.utf8.count { $0 == UInt8(ascii: "\n") }
      return true
    }
  }

  public func ignoreClosedPipe() {}
  public func catchSignals(restoreOnExit restore: String) {}
  public func takeResize() -> Bool { false }

  /// Each write, in order.
  public var writes: [String] { state.withLock { $0.writes } }
  public var text: String { writes.joined() }
  /// What was written, split into lines.
  public var lines: [String] { text.split(separator: "\n").map(String.init) }
}

/// A console for commands that must not draw: any use is a test failure.
public struct UnexpectedConsole: Console {
  public init() {}

  public var isTerminal: Bool { false }
  public func width() -> Int {
    Issue.record("the console was measured, which this test did not expect")
    return 80
  }
  public func write(_ text: String) -> Bool {
    Issue.record("the console was written to, which this test did not expect: \(text)")
    return true
  }
  public func ignoreClosedPipe() {}
  public func catchSignals(restoreOnExit restore: String) {
    Issue.record("signals were caught, which this test did not expect")
  }
  public func takeResize() -> Bool { false }
}
