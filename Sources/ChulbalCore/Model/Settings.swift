/// The person's settings: typed values, each either stored or the one default.
///
/// Every default chulbal uses lives in ``defaults``; commands, the store and import read them
/// from here.
public struct Settings: Equatable, Sendable {
  /// A setting's name, as `config get` and `config set` take it.
  public enum Key: String, CaseIterable, Sendable {
    case buffer, prep, alerts, mode, providers

    public var summary: String {
      switch self {
      case .buffer: "여유 시간 (예: 10m)"
      case .prep: "출발 전 준비 시간 (예: 15m)"
      case .alerts: "알림 시각, 출발 몇 분 전 (예: 30m,10m,0 또는 none)"
      case .mode: "이동 수단: car, transit, walk, bike"
      case .providers: "지도 순서 (예: kakao,naver,google,apple,osm)"
      }
    }
  }

  /// Slack added to every trip.
  public var bufferSeconds: Int
  /// Time to get ready before leaving.
  public var prepSeconds: Int
  /// Seconds before departure to remind, largest first; 0 is the `leave` alert.
  public var alertLeads: [Int]
  public var mode: TravelMode
  /// The order in which map providers are tried for navigation links.
  public var providers: [MapProvider]
  /// The keys the person has set; the others hold their defaults.
  public private(set) var stored: Set<Key> = []

  /// 10 minutes of buffer, no prep, alerts 30 and 10 minutes before and at departure, transit,
  /// and every map provider in ``MapProvider``'s order.
  public static let defaults = Settings(
    bufferSeconds: 10 * 60, prepSeconds: 0, alertLeads: [30 * 60, 10 * 60, 0], mode: .transit,
    providers: MapProvider.allCases)

  private init(
    bufferSeconds: Int, prepSeconds: Int, alertLeads: [Int], mode: TravelMode,
    providers: [MapProvider]
  ) {
    self.bufferSeconds = bufferSeconds
    self.prepSeconds = prepSeconds
    self.alertLeads = alertLeads
    self.mode = mode
    self.providers = providers
  }

  /// Sets `key` from text as a person types it (`10분`, `kakao, naver`), marking it stored.
  ///
  /// - Throws: `InputError` naming the text when it is not a value of that setting.
  public mutating func set(_ key: Key, from text: String) throws(InputError) {
    switch key {
    case .buffer: bufferSeconds = try DurationExpression.parse(text)
    case .prep: prepSeconds = try DurationExpression.parse(text)
    case .alerts: alertLeads = try AlertLeads.parse(text)
    case .mode: mode = try TravelMode.parse(text)
    case .providers: providers = try MapProvider.parseChain(text)
    }
    stored.insert(key)
  }

  /// `1h`, `90m`, `0`: a lead in whole hours when it is one, else in minutes, as people write
  /// alert lists.
  static func leadText(_ seconds: Int) -> String {
    if seconds == 0 { return "0" }
    return seconds % 3600 == 0 ? "\(seconds / 3600)h" : "\(seconds / 60)m"
  }

  /// The value of `key` in its one normal form (`10m`, `1h,15m,0`, `none`), which is what is
  /// stored and shown, and which ``set(_:from:)`` reads back to the same value.
  public func text(_ key: Key) -> String {
    switch key {
    case .buffer: DurationExpression.text(bufferSeconds)
    case .prep: DurationExpression.text(prepSeconds)
    case .alerts:
      alertLeads.isEmpty ? "none" : alertLeads.map(Self.leadText).joined(separator: ",")
    case .mode: mode.rawValue
    case .providers: providers.map(\.rawValue).joined(separator: ",")
    }
  }
}
