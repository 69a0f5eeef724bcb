import ChulbalCore
import FoundationEssentials

/// The XML bodies of the client's requests, every value escaped. Prefixes (`D:`, `C:`, `CS:`) are
/// chosen here; servers read names by namespace.
enum RequestBody {
  private static let namespaces =
    #"xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/""#

  /// A PROPFIND for these properties (RFC 4918 §9.1), each written as `P:name`.
  static func propfind(_ properties: [String]) -> String {
    let list = properties.map { "<\($0)/>" }.joined()
    return #"<?xml version="1.0" encoding="utf-8"?><D:propfind \#(namespaces)><D:prop>"#
      + list + "</D:prop></D:propfind>"
  }

  /// The properties discovery and ``CalDAVClient/calendar(at:)`` ask each collection for.
  static let calendarProperties = [
    "D:resourcetype", "D:displayname", "C:supported-calendar-component-set", "D:sync-token",
    "CS:getctag",
  ]

  /// A calendar-query for events ending after `start` (RFC 4791 §7.8, §9.9): ETags, and data when
  /// `withData`.
  static func calendarQuery(from start: Date, withData: Bool) -> String {
    let data = withData ? "<C:calendar-data/>" : ""
    return #"<?xml version="1.0" encoding="utf-8"?><C:calendar-query \#(namespaces)>"#
      + "<D:prop><D:getetag/>\(data)</D:prop>"
      + #"<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">"#
      + #"<C:time-range start="\#(utcText(start))"/>"#
      + "</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>"
  }

  /// A calendar-multiget for these hrefs' ETags and data (RFC 4791 §7.9).
  static func calendarMultiget(_ hrefs: [String]) -> String {
    let list = hrefs.map { "<D:href>\(escaped($0))</D:href>" }.joined()
    return #"<?xml version="1.0" encoding="utf-8"?><C:calendar-multiget \#(namespaces)>"#
      + "<D:prop><D:getetag/><C:calendar-data/></D:prop>\(list)</C:calendar-multiget>"
  }

  /// A sync-collection for what changed since `token`, one level deep (RFC 6578 §3.2).
  static func syncCollection(since token: String) -> String {
    #"<?xml version="1.0" encoding="utf-8"?><D:sync-collection \#(namespaces)>"#
      + "<D:sync-token>\(escaped(token))</D:sync-token><D:sync-level>1</D:sync-level>"
      + "<D:prop><D:getetag/></D:prop></D:sync-collection>"
  }

  /// An MKCALENDAR that names the calendar and lets it hold events only (RFC 4791 §5.3.1).
  static func makeCalendar(displayName: String) -> String {
    #"<?xml version="1.0" encoding="utf-8"?><C:mkcalendar \#(namespaces)><D:set><D:prop>"#
      + "<D:displayname>\(escaped(displayName))</D:displayname>"
      + #"<C:supported-calendar-component-set><C:comp name="VEVENT"/>"#
      + "</C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>"
  }

  /// `text` safe inside an element or a quoted attribute (XML 1.0 §2.4).
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }

  /// An instant as `YYYYMMDDTHHMMSSZ`, the form `time-range` takes (RFC 4791 §9.9).
  static func utcText(_ instant: Date) -> String {
    // The basic format is the extended one, `WallTime`'s, without its separators.
    WallTime(instant, in: .gmt).description.filter { $0 != "-" && $0 != ":" } + "Z"
  }
}
