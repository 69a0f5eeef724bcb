import ChulbalCore
import FoundationEssentials

/// A JSON document with object keys kept in the order they were written.
///
/// `JSONSerialization` and `JSONEncoder` reorder keys; documented output reads better in the
/// order the README lists the fields.
enum JSONValue {
  case string(String)
  case number(Double)
  case integer(Int)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// A number of minutes: an integer when whole, else a decimal such as `1.5`.
  static func minutes(seconds: Int) -> JSONValue {
    seconds % 60 == 0 ? .integer(seconds / 60) : .number(Double(seconds) / 60)
  }

  /// On one line, for streams that read a document per line (waybar).
  func compact() -> String {
    var writer = JSONWriter(pretty: false)
    writer.write(self)
    return writer.take()
  }

  /// Pretty-printed with two-space indentation and a final newline.
  func rendered() -> String {
    var writer = JSONWriter(pretty: true)
    writer.write(self)
    writer.append("\n")
    return writer.take()
  }
}
