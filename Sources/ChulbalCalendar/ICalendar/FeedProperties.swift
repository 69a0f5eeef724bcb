import ChulbalCore
import FoundationEssentials

/// What a published calendar says of itself before its first component: its name and how often it
/// may be fetched. Read from the text, as libical does not hand back non-standard calendar
/// properties, and so deciding whether a feed is due needs no parse.
public struct FeedProperties: Equatable, Sendable {
  /// `NAME` (RFC 7986 §5.1), else `X-WR-CALNAME` (Google, Outlook), unescaped; nil when absent or
  /// blank.
  public var name: String?
  /// `REFRESH-INTERVAL` (RFC 7986 §5.7), else Outlook's `X-PUBLISHED-TTL`, in seconds; nil unless
  /// positive.
  public var refreshSeconds: Int?

  /// How far into the feed its own properties are looked for (they come first).
  static let headLimit = 64 << 10

  public init(name: String? = nil, refreshSeconds: Int? = nil) {
    self.name = name
    self.refreshSeconds = refreshSeconds
  }

  /// The properties of the VCALENDAR that `data` begins with.
  public init(reading data: Data) {
    var properties: [String: String] = [:]
    let text = String(decoding: data.prefix(Self.headLimit), as: UTF8.self)
    var lines: [String] = []
    for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      // A folded line goes on the one before it (RFC 5545 §3.1).
      if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
        lines[lines.count - 1] += line.dropFirst()
      } else {
        lines.append(String(line))
      }
    }
    for line in lines.dropFirst() {
      guard let (name, value) = Self.split(line) else { continue }
      if name == "BEGIN" || name == "END" { break }
      if properties[name] == nil { properties[name] = value }
    }
    let names = [properties["NAME"], properties["X-WR-CALNAME"]].compactMap { $0 }
    name = names.map { ICalendarValue.unescaped($0).trimmingWhitespace() }.first { !$0.isEmpty }
    refreshSeconds = [properties["REFRESH-INTERVAL"], properties["X-PUBLISHED-TTL"]]
      .compactMap { $0.flatMap { ICalendarValue.duration(Substring($0)) } }
      .first { $0 > 0 }
  }

  /// A content line's name, upper-cased, and value, which starts at the first colon outside a
  /// quoted parameter (RFC 5545 §3.1).
  private static func split(_ line: String) -> (name: String, value: String)? {
    var quoted = false
    for index in line.indices {
      switch line[index] {
      case "\"": quoted.toggle()
      case ":" where !quoted:
        let head = line[..<index]
        let name = head.prefix { $0 != ";" }.uppercased()
        return (name, String(line[line.index(after: index)...]).trimmingWhitespace())
      default: continue
      }
    }
    return nil
  }
}
