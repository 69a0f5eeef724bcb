import ChulbalCore
import ChulbalSystem
import Foundation

/// An instant from an ISO 8601 string with offset, read by Foundation's own parser so that
/// expectations do not depend on the code under test.
public func instant(_ text: String) -> Date {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime]
  guard let date = formatter.date(from: text) else {
    preconditionFailure("bad fixture instant \(text)")
  }
  return date
}

/// A zone the tests rely on, which every tzdata has.
public func zone(_ identifier: String) -> Zone {
  guard let zone = systemZones.zone(named: identifier) else {
    preconditionFailure("missing time zone \(identifier)")
  }
  return zone
}

public let seoul = zone("Asia/Seoul")
/// The fixed "now" of the tests: Monday 2026-11-30, 14:00 in Seoul.
public let mondayAfternoon = instant("2026-11-30T14:00:00+09:00")
