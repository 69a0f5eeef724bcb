import FoundationEssentials

/// One reminder before a departure.
public struct Alert: Equatable, Sendable {
  public enum Kind: String, Sendable {
    /// Time to start getting ready (`ready`, when there is prep time).
    case prepare
    /// A heads-up some minutes before leaving.
    case remind
    /// Time to leave; with a negative lead, a late notice after the departure
    /// (``AlertPlanner/lateAlerts(of:at:repeatSeconds:lateCapSeconds:catchUp:)``).
    case leave
  }

  public let at: Date
  /// Seconds before departure; negative for a late notice, which comes after it.
  public let leadSeconds: Int
  public let kind: Kind

  public init(at: Date, leadSeconds: Int, kind: Kind) {
    self.at = at
    self.leadSeconds = leadSeconds
    self.kind = kind
  }
}

extension Alert {
  /// Whether it is a late notice: a `leave` alert after the departure.
  public var isLate: Bool { leadSeconds < 0 }

  /// What the alert is, as lists show it: `지금 출발`, `늦음 알림`, `준비 시작`, `30분 전`.
  public var label: String {
    switch kind {
    case .leave: isLate ? "늦음 알림" : "지금 출발"
    case .prepare: "준비 시작"
    case .remind: "\(KoreanDuration.text(seconds: leadSeconds)) 전"
    }
  }
}
