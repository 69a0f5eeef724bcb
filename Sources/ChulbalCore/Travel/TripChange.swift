import FoundationEssentials

/// A provider trip asked again before leaving that moved the departure: what `trip check`
/// writes and the watch tells the person of, once.
public struct TripChange: Equatable, Sendable {
  /// Its number in the store; 0 before it is stored.
  public var id: Int
  public var appointmentID: Int
  /// The appointment's title when the trip changed.
  public var title: String
  public var oldDeparture: Date
  public var newDeparture: Date
  /// The provider whose answer moved it.
  public var source: RouteSource
  public var changedAt: Date

  public init(
    id: Int = 0, appointmentID: Int, title: String, oldDeparture: Date, newDeparture: Date,
    source: RouteSource, changedAt: Date
  ) {
    self.id = id
    self.appointmentID = appointmentID
    self.title = title
    self.oldDeparture = oldDeparture
    self.newDeparture = newDeparture
    self.source = source
    self.changedAt = changedAt
  }

  /// How far the departure moved: negative when it is earlier.
  public var seconds: Int { Int(newDeparture.timeIntervalSince(oldDeparture)) }

  /// A departure that moves later only has a notice when it moves this far: leaving at the
  /// old time is merely early, and a small delay is not worth interrupting for.
  public static let laterNoticeSeconds = 15 * 60

  /// Whether the person is told: always when the departure is earlier (leaving at the old
  /// time would be late), when it is later only from ``laterNoticeSeconds`` on.
  public var notifies: Bool { seconds < 0 || seconds >= Self.laterNoticeSeconds }

  /// `출발이 7분 당겨졌습니다` or `출발이 20분 늦춰졌습니다`.
  public var movedText: String {
    let amount = KoreanDuration.text(seconds: abs(seconds))
    return "출발이 \(amount) " + (seconds < 0 ? "당겨졌습니다" : "늦춰졌습니다")
  }

  /// The notice: `교통 상황 때문에 출발이 7분 당겨졌습니다 · 저녁 약속` over `오후 6:08 출발`, the
  /// departure in `zone`. Urgent when the person must leave sooner than they thought.
  public func notice(in zone: Zone) -> Notice {
    Notice(
      key: 0, summary: "교통 상황 때문에 \(movedText) · \(title)",
      body: "\(KoreanDateFormat(timeZone: zone).time(newDeparture)) 출발",
      urgency: seconds < 0 ? .critical : .normal, departure: newDeparture)
  }
}
