import FoundationEssentials

/// The settings of live routes: which providers each mode asks, how to reach them, and how
/// long to wait. Part of ``Settings``; its keys are ``Settings/Key``'s `route.*` and
/// `<provider>.*` cases.
public struct RouteSettings: Equatable, Sendable {
  /// The providers asked for each mode, in order, without the estimate that always ends a
  /// chain; empty (the estimate alone) unless set.
  public var chains: [TravelMode: [RouteSource]] = [:]
  /// The command whose first line is a provider's key, run each time the key is needed.
  /// The key itself is never kept.
  public var keyCommands: [RouteSource: String] = [:]
  /// Base URLs set in place of ``defaultURLs``.
  var setURLs: [RouteSource: String] = [:]
  /// The person's own routing program (`route.command`), split into its words.
  public var command: [String]?
  /// How long one provider may take to answer.
  public var timeoutSeconds = 3
  /// How long before a provider trip's departure `watch` asks again (`route.recheck`), largest
  /// first; empty for never.
  public var recheckSeconds = [90 * 60, 45 * 60, 20 * 60]
  /// How far a trip asked again must move the departure before it is planned again
  /// (`route.threshold`).
  public var thresholdSeconds = 5 * 60
  /// How long a provider's answer is used again instead of asking (`route.cache`); 0 asks
  /// every time.
  public var cacheSeconds = 30 * 60
  /// The most requests one command sends to providers (`route.limit`), so that importing a
  /// large calendar cannot spend a day's free quota.
  public var limit = 200

  /// Whether any mode's chain names a provider before the estimate: without one, nothing is
  /// ever asked or cached.
  public var asksProviders: Bool { chains.values.contains { !$0.isEmpty } }

  /// The public endpoints of the services that have one; OSRM and Valhalla are self-hosted.
  public static let defaultURLs: [RouteSource: String] = [
    .kakao: "https://apis-navi.kakaomobility.com", .tmap: "https://apis.openapi.sk.com",
    .odsay: "https://api.odsay.com/v1/api",
  ]

  public static let defaults = RouteSettings()

  /// The chain for `mode`, estimate last.
  public func chain(for mode: TravelMode) -> [RouteSource] { (chains[mode] ?? []) + [.estimate] }

  /// A provider's base URL, without a final slash, or nil when it has none.
  public func url(_ source: RouteSource) -> String? { setURLs[source] ?? Self.defaultURLs[source] }

  /// The setting `source` cannot be asked without while it is unset (`kakao.key-command`,
  /// `osrm.url`, `route.command`), or nil when it has what it needs.
  public func missingSetting(_ source: RouteSource) -> String? {
    switch source {
    case .kakao, .tmap, .odsay: keyCommands[source] == nil ? "\(source.rawValue).key-command" : nil
    case .osrm, .valhalla: url(source) == nil ? "\(source.rawValue).url" : nil
    case .command: command?.isEmpty == false ? nil : "route.command"
    case .estimate: nil
    }
  }

  /// Sets a route key from text as a person types it.
  ///
  /// - Throws: `InputError.setting` naming the text and what is accepted.
  mutating func set(_ key: Settings.Key, from text: String) throws(InputError) {
    let trimmed = text.trimmingWhitespace()
    let none = ["none", "없음"].contains(trimmed.lowercased())
    if let mode = key.routeMode {
      chains[mode] = try Self.parseChain(text, mode: mode)
    } else if let source = key.keySource {
      guard !trimmed.isEmpty else {
        throw .setting(text, reason: "키를 첫 줄에 출력하는 명령을 씁니다 (예: 'pass show kakao/rest-key', none)")
      }
      keyCommands[source] = none ? nil : trimmed
    } else if let source = key.urlSource {
      if none {
        guard Self.defaultURLs[source] == nil else {
          throw .setting(
            text, reason: "http나 https 주소를 씁니다. 기본값으로 되돌리려면 chulbal config unset \(key.rawValue)")
        }
        setURLs[source] = nil
      } else {
        setURLs[source] = try Self.parseURL(text)
      }
    } else if key == .routeCommand {
      command = none ? nil : try CommandWords.split(text)
    } else if key == .routeTimeout {
      let seconds = try DurationExpression.parse(text)
      guard (1...60).contains(seconds) else {
        throw .setting(text, reason: "길찾기 제한 시간은 1초에서 1분까지 씁니다 (예: 3s, 10s)")
      }
      timeoutSeconds = seconds
    } else if key == .routeRecheck {
      // An alert list's grammar: the times are leads before the departure, as alerts' are.
      let leads: [Int]
      do {
        leads = try AlertLeads.parse(text)
      } catch {
        guard case .alerts(_, let reason) = error else { throw error }
        let hint = "출발 몇 분 전인지 쉼표로 씁니다 (예: 90m,45m,20m 또는 none)"
        throw .setting(text, reason: reason.isEmpty ? hint : "\(reason). \(hint)")
      }
      // At the departure itself a new trip comes too late to act on.
      guard !leads.contains(0) else {
        throw .setting(text, reason: "출발 시각(0)에 다시 물으면 늦습니다. 출발 몇 분 전인지 씁니다 (예: 90m,45m,20m)")
      }
      recheckSeconds = leads
    } else if key == .routeThreshold {
      let seconds = try DurationExpression.parse(text)
      guard (60...3600).contains(seconds), seconds % 60 == 0 else {
        throw .setting(text, reason: "출발이 바뀐 것으로 치는 시간은 1분에서 1시간까지, 분 단위로 씁니다 (예: 5m)")
      }
      thresholdSeconds = seconds
    } else if key == .routeCache {
      let seconds = try DurationExpression.parse(text)
      guard seconds <= 86_400 else {
        throw .setting(text, reason: "길찾기의 답은 하루까지 다시 씁니다 (예: 30m, 매번 물으려면 0)")
      }
      cacheSeconds = seconds
    } else if key == .routeLimit {
      guard let count = Int(trimmed), (0...100_000).contains(count) else {
        throw .setting(text, reason: "0에서 100000까지의 수를 씁니다 (예: 200)")
      }
      limit = count
    }
  }

  /// The value of a route key in its one normal form.
  func text(_ key: Settings.Key) -> String {
    if let mode = key.routeMode { return chain(for: mode).map(\.rawValue).joined(separator: ",") }
    if let source = key.keySource { return keyCommands[source] ?? "none" }
    if let source = key.urlSource { return url(source) ?? "none" }
    if key == .routeCommand { return command.map(CommandWords.join) ?? "none" }
    if key == .routeRecheck {
      return recheckSeconds.isEmpty
        ? "none" : recheckSeconds.map(Settings.leadText).joined(separator: ",")
    }
    if key == .routeThreshold { return DurationExpression.text(thresholdSeconds) }
    if key == .routeCache { return DurationExpression.text(cacheSeconds) }
    if key == .routeLimit { return String(limit) }
    return DurationExpression.text(timeoutSeconds)
  }

  /// `kakao,tmap` or `kakao,estimate` for `mode`: providers that serve it, each once, the
  /// estimate only last.
  static func parseChain(_ text: String, mode: TravelMode) throws(InputError) -> [RouteSource] {
    let names = RouteSource.allCases.filter { $0.serves(mode) }.map(\.rawValue)
    let accepted = "쉼표로 나눈 \(names.joined(separator: ", ")) 중에서"
    var chain: [RouteSource] = []
    let words = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingWhitespace().lowercased()
    }
    for (index, word) in words.enumerated() {
      guard let source = RouteSource(rawValue: word) else {
        throw .setting(
          text, reason: "'\(word)'\(Korean.topicParticle(after: word)) 길찾기가 아닙니다. \(accepted) 씁니다")
      }
      guard source.serves(mode) else {
        throw .setting(
          text,
          reason:
            "\(source.rawValue)\(Korean.topicParticle(after: source.rawValue)) \(mode.koreanName) 길을 찾지 않습니다. \(accepted) 씁니다"
        )
      }
      guard !chain.contains(source) else {
        throw .setting(
          text,
          reason: "\(source.rawValue)\(Korean.subjectParticle(after: source.rawValue)) 두 번 있습니다")
      }
      if source == .estimate {
        guard index == words.count - 1 else {
          throw .setting(text, reason: "estimate는 언제나 마지막입니다. 그 뒤의 길찾기는 쓰이지 않습니다")
        }
      } else {
        chain.append(source)
      }
    }
    return chain
  }

  /// An http or https base URL with a host and nothing after its path, without a final slash.
  static func parseURL(_ text: String) throws(InputError) -> String {
    let trimmed = text.trimmingWhitespace()
    guard let components = URLComponents(string: trimmed),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty, components.user == nil,
      components.password == nil, components.query == nil, components.fragment == nil
    else {
      throw .setting(text, reason: "http나 https 주소를 씁니다 (예: http://127.0.0.1:5000), 사용자 이름·쿼리 없이")
    }
    return trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
  }
}

extension Settings.Key {
  /// The mode whose chain this key sets (`route.car`), if it is one.
  var routeMode: TravelMode? {
    switch self {
    case .routeCar: .car
    case .routeTransit: .transit
    case .routeWalk: .walk
    case .routeBike: .bike
    default: nil
    }
  }

  /// The provider whose key command this key sets.
  var keySource: RouteSource? {
    switch self {
    case .kakaoKeyCommand: .kakao
    case .tmapKeyCommand: .tmap
    case .odsayKeyCommand: .odsay
    default: nil
    }
  }

  /// The provider whose URL this key sets.
  var urlSource: RouteSource? {
    switch self {
    case .kakaoURL: .kakao
    case .tmapURL: .tmap
    case .odsayURL: .odsay
    case .osrmURL: .osrm
    case .valhallaURL: .valhalla
    default: nil
    }
  }
}
