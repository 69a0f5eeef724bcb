import FoundationEssentials
import Glibc

/// Files a command keeps for a moment (what a child process says on stderr).
public enum TemporaryFile {
  /// A new name in `$TMPDIR` (else `/tmp`): `NAME-PID-RANDOM`.
  public static func path(named name: String, variables: [String: String]) -> String {
    let given = variables["TMPDIR"] ?? ""
    let folder = given.hasPrefix("/") ? PathText.withoutTrailingSlashes(given) : "/tmp"
    let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    return (folder == "/" ? "" : folder) + "/\(name)-\(getpid())-\(random)"
  }

  /// The first line of the file at `path` that is not empty; empty when it has none or
  /// cannot be read.
  public static func firstLine(of path: String) -> String {
    let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
    let line = bytes.split { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }.first
    return line.map { String(decoding: $0, as: UTF8.self) } ?? ""
  }
}
