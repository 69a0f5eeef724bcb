import FoundationEssentials
import Glibc

/// What this process was started with, as the kernel's bytes: `CommandLine.arguments` and
/// `ProcessInfo.environment` replace non-UTF-8 bytes with U+FFFD, silently changing a title or a
/// file name, so the caller can refuse what it cannot use.
public enum ProcessArguments {
  /// The words after the program name.
  public static func bytes() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      CommandLine.unsafeArgv[index].map { bytes(of: $0) } ?? []
    }
  }

  /// The environment from `environ` in one pass: every variable (non-UTF-8 bytes as U+FFFD, as
  /// `ProcessInfo` gives them) and those values' own bytes by name. Cheaper at start-up than
  /// building `ProcessInfo`.
  public static func environment() -> (
    variables: [String: String], undecodable: [String: [UInt8]]
  ) {
    var variables: [String: String] = [:]
    var undecodable: [String: [UInt8]] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      entry += 1
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)
      )
      guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let name = String(decoding: bytes[..<equals], as: UTF8.self)
      // The first of a name given twice, as getenv(3) finds it.
      guard variables[name] == nil else { continue }
      let value = bytes[(equals + 1)...]
      if let text = String(validating: value, as: UTF8.self) {
        variables[name] = text
      } else {
        variables[name] = String(decoding: value, as: UTF8.self)
        undecodable[name] = Array(value)
      }
    }
    return (variables, undecodable)
  }

  private static func bytes(of string: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeBufferPointer(start: string, count: strlen(string))).map {
      UInt8(bitPattern: $0)
    }
  }
}
