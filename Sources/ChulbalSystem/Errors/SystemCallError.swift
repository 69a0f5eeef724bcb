import FoundationEssentials
import Glibc

/// A system call that failed: which, and the `errno` it gave.
public struct SystemCallError: Error, Equatable, Sendable {
  public let call: String
  public let code: Int32

  public init(_ call: String, code: Int32 = errno) {
    self.call = call
    self.code = code
  }

  /// One Korean line: `inotify_init1: 시스템 오류가 났습니다 [Too many open files]`.
  public var message: String { "\(call): \(SystemErrorText.reason(code))" }
}
