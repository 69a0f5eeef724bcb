import FoundationEssentials

/// One reminder before a departure.
public struct Alert: Equatable, Sendable {
  public enum Kind: String, Sendable {
    /// Time to start getting ready (`ready`, when there is prep time).
    case prepare
    /// A heads-up some minutes before leaving.
    case remind
    /// Time to leave.
    case leave
  }

  public let at: Date
  /// Seconds before departure.
  public let leadSeconds: Int
  public let kind: Kind

  public init(at: Date, leadSeconds: Int, kind: Kind) {
    self.at = at
    self.leadSeconds = leadSeconds
    self.kind = kind
  }
}

extension Alert {
  /// What the alert is, as lists show it: `지금 출발`, `준비 시작`, `30분 전`.
  public var label: String {
    switch kind {
    case .leave: "지금 출발"
    case .prepare: "준비 시작"
    case .remind: "\(KoreanDuration.text(seconds: leadSeconds)) 전"
    }
  }
}
