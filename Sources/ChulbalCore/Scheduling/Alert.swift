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

  /// What the alert is in a list headed `알림` (`plan`, `show`): its ``name`` without that word
  /// again (`준비 시작`, `30분 전`, `지금 출발`); a late notice keeps it (`늦음 알림`).
  public var label: String {
    isLate ? "늦음 알림" : String(name.dropLast(" 알림".count))
  }

  /// What the alert is called where it stands alone: in `watch`'s log, in `log` and in the
  /// notice of missed alerts.
  public var name: String { Self.name(kind: kind, leadSeconds: leadSeconds) }

  /// The one table of alert names: `준비 시작 알림`, `30분 전 알림`, `지금 출발 알림`, and for a
  /// late notice how long after the departure it came, `출발 10분 뒤 늦음 알림`.
  public static func name(kind: Kind, leadSeconds: Int) -> String {
    switch kind {
    case .prepare: "준비 시작 알림"
    case .remind: "\(KoreanDuration.text(seconds: leadSeconds)) 전 알림"
    case .leave: "지금 출발 알림"
    case .late: "출발 \(KoreanDuration.text(seconds: -leadSeconds)) 뒤 늦음 알림"
    }
  }
}
