import ChulbalCore
import FoundationEssentials

/// What a published calendar says of itself in its own properties, those before its first
/// component: what it is called and how often it may be fetched.
///
/// Read from the text directly rather than through libical, which does not keep the
/// calendar's non-standard properties (`X-WR-CALNAME`, `X-PUBLISHED-TTL`) in a form it
/// hands back, and so that a sync deciding whether a feed is due need not parse it.
public struct FeedProperties: Equatable, Sendable {
  /// `NAME` (RFC 7986 §5.1), else `X-WR-CALNAME` (what Google Calendar and Outlook write),
  /// unescaped; nil when neither is there or it is blank.
  public var name: String?
  /// `REFRESH-INTERVAL` (RFC 7986 §5.7), else `X-PUBLISHED-TTL` (Outlook's), in seconds;
  /// nil when neither is there or it is not a positive duration.
  public var refreshSeconds: Int?

  /// How far into the feed its own properties are looked for: they come before the first
  /// event, in the first few lines.
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

  /// A content line's name, upper-cased, and value: the value starts at the first colon
  /// outside a quoted parameter value (RFC 5545 §3.1).
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
