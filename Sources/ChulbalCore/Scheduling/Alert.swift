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
    /// Leave now: the departure has passed and the appointment has not begun
    /// (``AlertPlanner/lateAlerts(of:at:repeatSeconds:lateCapSeconds:catchUp:)``). Its lead
    /// is negative, the seconds past the departure.
    case late
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
  /// Whether it is a late notice, which comes after the departure.
  public var isLate: Bool { kind == .late }

  /// What the alert is, as lists show it: `지금 출발`, `늦음 알림`, `준비 시작`, `30분 전`.
  public var label: String {
    switch kind {
    case .leave: "지금 출발"
    case .late: "늦음 알림"
    case .prepare: "준비 시작"
    case .remind: "\(KoreanDuration.text(seconds: leadSeconds)) 전"
    }
  }
}
