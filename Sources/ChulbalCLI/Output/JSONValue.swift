import ChulbalCore
import Foundation

/// A JSON document with object keys kept in the order they were written.
///
/// `JSONSerialization` and `JSONEncoder` reorder keys; documented output reads better in the
/// order the README lists the fields.
enum JSONValue: Equatable {
  case string(String)
  case number(Double)
  case integer(Int)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(String, JSONValue)])

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.rendered() == rhs.rendered()
  }

  /// A number of minutes: an integer when whole, else a decimal such as `1.5`.
  static func minutes(seconds: Int) -> JSONValue {
    seconds % 60 == 0 ? .integer(seconds / 60) : .number(Double(seconds) / 60)
  }

  /// On one line, for streams that read a document per line (waybar).
  func compact() -> String {
    switch self {
    case .array(let items): return "[" + items.map { $0.compact() }.joined(separator: ",") + "]"
    case .object(let members):
      return "{"
        + members.map { key, value in JSONValue.string(key).compact() + ":" + value.compact() }
        .joined(separator: ",") + "}"
    default:
      var output = ""
      write(into: &output, indent: 0)
      return output
    }
  }

  /// Pretty-printed with two-space indentation and a final newline.
  func rendered() -> String {
    var output = ""
    write(into: &output, indent: 0)
    return output + "\n"
  }

  private func write(into output: inout String, indent: Int) {
    let padding = String(repeating: "  ", count: indent + 1)
    let closing = String(repeating: "  ", count: indent)
    switch self {
    case .string(let text): Self.writeString(text, into: &output)
    case .number(let value): output += value.isFinite ? "\(value)" : "null"
    case .integer(let value): output += "\(value)"
    case .bool(let value): output += value ? "true" : "false"
    case .null: output += "null"
    case .array(let items):
      guard !items.isEmpty else {
        output += "[]"
        return
      }
      output += "[\n"
      for (index, item) in items.enumerated() {
        output += padding
        item.write(into: &output, indent: indent + 1)
        output += index == items.count - 1 ? "\n" : ",\n"
      }
      output += closing + "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{\n"
      for (index, (key, value)) in members.enumerated() {
        output += padding
        Self.writeString(key, into: &output)
        output += ": "
        value.write(into: &output, indent: indent + 1)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += closing + "}"
    }
  }

  private static func writeString(_ text: String, into output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      // Control and bidi characters as `\uXXXX`: no byte of a document can act on the
      // terminal it is shown on, and a reader still gets the exact text back.
      case _ where TextCleaning.needsJSONEscape(scalar):
        output += String(format: "\\u%04x", scalar.value)
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
