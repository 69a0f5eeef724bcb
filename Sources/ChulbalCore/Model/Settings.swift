/// The person's settings: typed values, each either stored or the one default.
///
/// Every default chulbal uses lives in ``defaults``; commands, the store and import read them
/// from here.
public struct Settings: Equatable, Sendable {
  /// A setting's name, as `config get` and `config set` take it.
  public enum Key: String, CaseIterable, Sendable {
    case buffer, prep, alerts, mode, providers, travel, me
    case snooze = "notify.snooze"
    case lateCap = "notify.late_cap"
    case lateRepeat = "notify.repeat"
    case command = "notify.command"
    case backends = "notify.backends"
    case syncInterval = "sync.interval"
    case length
    case originChain = "origin.chain"
    case routeCar = "route.car"
    case routeTransit = "route.transit"
    case routeWalk = "route.walk"
    case routeBike = "route.bike"
    case kakaoKeyCommand = "kakao.key-command"
    case tmapKeyCommand = "tmap.key-command"
    case odsayKeyCommand = "odsay.key-command"
    case kakaoURL = "kakao.url"
    case tmapURL = "tmap.url"
    case odsayURL = "odsay.url"
    case osrmURL = "osrm.url"
    case valhallaURL = "valhalla.url"
    case routeCommand = "route.command"
    case routeTimeout = "route.timeout"
    case placeSearch = "place.search"
    case nominatimURL = "nominatim.url"
    case routeRecheck = "route.recheck"
    case routeThreshold = "route.threshold"
    case routeCache = "route.cache"
    case routeLimit = "route.limit"

    public var summary: String {
      switch self {
      case .buffer: "여유 시간 (예: 10m)"
      case .prep: "출발 전 준비 시간 (예: 15m)"
      case .alerts: "알림 시각, 출발 몇 분 전 (예: 30m,10m,0 또는 none)"
      case .mode: "이동 수단: car, transit, walk, bike"
      case .providers: "지도 순서 (예: kakao,naver,tmap,google,apple,osm)"
      case .travel: "좌표가 없어 추정할 수 없는 가져온 일정의 이동 시간 (예: 30m)"
      case .me: "내 이메일 주소. 가져온 일정 중 이 주소로 거절한 일정은 건너뜁니다 (예: me@example.com, none)"
      case .snooze: "알림의 '5분 뒤' 단추로 미루는 시간 (예: 5m)"
      case .lateCap: "늦게 깨어났을 때 출발이 이만큼 안 지났으면 알립니다 (예: 10m, 0)"
      case .lateRepeat: "출발 시각이 지나면 약속 시작까지 이 간격으로 다시 알립니다. 0이면 한 번만 (예: 5m, 0)"
      case .command: "알림 때 실행할 프로그램과 인수, 셸 없이 (예: 'notify-send -u critical', none)"
      case .backends: "알림 방식의 순서 (예: libnotify,command,terminal)"
      case .syncInterval: "watch가 CalDAV 캘린더를 동기화하는 간격, 1분에서 1일 (예: 15m)"
      case .length: "끝을 정하지 않은 약속의 길이 (예: 1h)"
      case .originChain: "앞 약속이 끝나고 이 시간 안에 출발하면 그 장소에서 출발합니다, 0이면 끔 (예: 2h, 0)"
      case .routeCar, .routeTransit, .routeWalk, .routeBike:
        "\(routeMode?.koreanName ?? "") 이동 시간을 물을 길찾기 순서, 쉼표로. estimate가 언제나 마지막 (예: kakao,estimate)"
      case .kakaoKeyCommand, .tmapKeyCommand, .odsayKeyCommand:
        "\(keySource?.koreanName ?? "") 키를 첫 줄에 출력하는 명령, 쓸 때마다 실행 (예: 'pass show kakao', none)"
      case .kakaoURL, .tmapURL, .odsayURL, .osrmURL, .valhallaURL:
        "\(urlSource?.koreanName ?? "") 서버 주소 (예: http://127.0.0.1:5000)"
      case .routeCommand: "이동 시간을 초로 출력하는 내 프로그램과 인수, 셸 없이 (예: '/usr/local/bin/my-route', none)"
      case .routeTimeout: "길찾기 하나를 기다리는 시간, 1초에서 1분 (예: 3s)"
      case .placeSearch:
        "장소를 이름으로 찾을 서비스: kakao, nominatim, none (기본: kakao.key-command가 있으면 kakao)"
      case .nominatimURL: "Nominatim 서버 주소 (기본: 공개 서버, 사용 정책에 따라 1초에 한 번까지)"
      case .routeRecheck: "watch가 길찾기로 정한 이동 시간을 출발 몇 분 전에 다시 물을지, 쉼표로 (예: 90m,45m,20m 또는 none)"
      case .routeThreshold: "다시 물은 이동 시간으로 출발이 이만큼 이상 바뀌면 다시 계획합니다, 1분에서 1시간 (예: 5m)"
      case .routeCache: "길찾기의 답을 다시 묻지 않고 쓰는 시간, 0이면 매번 묻습니다 (예: 30m)"
      case .routeLimit: "명령 한 번(import, sync)이 보내는 길찾기 요청의 최대 수 (예: 200)"
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
  /// How long the `5분 뒤` button puts an alert off.
  public var snoozeSeconds: Int
  /// An alert found past due (after a suspend, a clock jump, a start-up) is still delivered
  /// while its departure is less than this far past.
  public var lateCapSeconds: Int
  /// Once the departure has passed, the late notice comes again this often until the
  /// appointment starts; 0 for never.
  public var lateRepeatSeconds: Int
  /// The program and arguments the `command` backend runs, or nil for none.
  public var notifyCommand: [String]?
  /// The order in which notification backends are tried.
  public var backends: [NotifyBackend]
  /// The trip an imported event is given when its travel cannot be estimated (no coordinate,
  /// or no origin); kept as a given trip, not an estimate, and counted in the import's
  /// report.
  public var defaultTravelSeconds: Int
  /// The person's own e-mail address, in lower case: an imported event they declined is
  /// skipped.
  public var email: String?
  /// How often `watch` syncs the CalDAV sources.
  public var syncIntervalSeconds: Int
  /// How long an appointment lasts when nothing says (no `--end`, `--for`, DTEND or DURATION).
  public var lengthSeconds: Int
  /// A trip starts at the previous appointment's place when that appointment ends at most
  /// this long before the departure (``OriginRule``); 0 for never.
  public var originChainSeconds: Int
  /// Live routes: the provider chains, their keys' commands and URLs.
  public var routes = RouteSettings.defaults
  /// `place.search` as set; nil for `none`. Read through ``placeSearch``.
  private var chosenPlaceSearch: PlaceSearchService?
  /// The Nominatim server asked when `place.search` is `nominatim`.
  public var nominatimURL = PlaceSearchService.publicNominatimURL
  /// The keys the person has set; the others hold their defaults.
  public private(set) var stored: Set<Key> = []

  /// 10 minutes of buffer, no prep, alerts 30 and 10 minutes before and at departure, transit,
  /// every map provider in ``MapProvider``'s order; a 5-minute snooze, late alerts up to 10
  /// minutes past departure, a late notice every 5 minutes, no notification command, every
  /// backend in ``NotifyBackend``'s order, a CalDAV sync every 15 minutes, appointments of an
  /// hour, and trips from an appointment that ended up to 2 hours before.
  public static let defaults = Settings(
    bufferSeconds: 10 * 60, prepSeconds: 0, alertLeads: [30 * 60, 10 * 60, 0], mode: .transit,
    providers: MapProvider.allCases, snoozeSeconds: 5 * 60, lateCapSeconds: 10 * 60,
    lateRepeatSeconds: 5 * 60, notifyCommand: nil, backends: NotifyBackend.allCases,
    defaultTravelSeconds: 30 * 60, email: nil, syncIntervalSeconds: 15 * 60,
    lengthSeconds: 60 * 60, originChainSeconds: 2 * 60 * 60)

  private init(
    bufferSeconds: Int, prepSeconds: Int, alertLeads: [Int], mode: TravelMode,
    providers: [MapProvider], snoozeSeconds: Int, lateCapSeconds: Int, lateRepeatSeconds: Int,
    notifyCommand: [String]?,
    backends: [NotifyBackend], defaultTravelSeconds: Int, email: String?,
    syncIntervalSeconds: Int, lengthSeconds: Int, originChainSeconds: Int
  ) {
    self.bufferSeconds = bufferSeconds
    self.prepSeconds = prepSeconds
    self.alertLeads = alertLeads
    self.mode = mode
    self.providers = providers
    self.snoozeSeconds = snoozeSeconds
    self.lateCapSeconds = lateCapSeconds
    self.lateRepeatSeconds = lateRepeatSeconds
    self.notifyCommand = notifyCommand
    self.backends = backends
    self.defaultTravelSeconds = defaultTravelSeconds
    self.email = email
    self.syncIntervalSeconds = syncIntervalSeconds
    self.lengthSeconds = lengthSeconds
    self.originChainSeconds = originChainSeconds
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
    case .snooze:
      let seconds = try DurationExpression.parse(text)
      guard seconds >= 60, seconds % 60 == 0 else {
        throw .setting(text, reason: "미루는 시간은 1분 이상, 분 단위로 씁니다 (예: 5m)")
      }
      snoozeSeconds = seconds
    case .lateCap: lateCapSeconds = try DurationExpression.parse(text)
    case .lateRepeat:
      let seconds = try DurationExpression.parse(text)
      // Shorter would be a stream, not a reminder.
      guard seconds == 0 || seconds >= 10 else {
        throw .setting(text, reason: "다시 알리는 간격은 10초 이상으로 씁니다 (예: 5m, 한 번만은 0)")
      }
      lateRepeatSeconds = seconds
    case .command:
      let trimmed = text.trimmingWhitespace()
      notifyCommand =
        ["none", "없음"].contains(trimmed.lowercased()) ? nil : try CommandWords.split(text)
    case .backends: backends = try NotifyBackend.parseChain(text)
    case .travel: defaultTravelSeconds = try DurationExpression.parse(text)
    case .routeCar, .routeTransit, .routeWalk, .routeBike, .kakaoKeyCommand, .tmapKeyCommand,
      .odsayKeyCommand, .kakaoURL, .tmapURL, .odsayURL, .osrmURL, .valhallaURL, .routeCommand,
      .routeTimeout, .routeRecheck, .routeThreshold, .routeCache, .routeLimit:
      try routes.set(key, from: text)
    case .placeSearch: chosenPlaceSearch = try PlaceSearchService.parse(text)
    case .nominatimURL: nominatimURL = try RouteSettings.parseURL(text)
    case .syncInterval:
      let seconds = try DurationExpression.parse(text)
      guard seconds >= 60, seconds <= 86_400, seconds % 60 == 0 else {
        throw .setting(text, reason: "동기화 간격은 1분에서 1일까지, 분 단위로 씁니다 (예: 15m, 1h)")
      }
      syncIntervalSeconds = seconds
    case .length: lengthSeconds = try DurationExpression.parse(text)
    case .originChain: originChainSeconds = try DurationExpression.parse(text)
    case .me:
      let trimmed = text.trimmingWhitespace()
      if ["none", "없음"].contains(trimmed.lowercased()) {
        email = nil
      } else {
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
          !trimmed.unicodeScalars.contains(where: {
            TextCleaning.isControl($0) || $0.properties.isWhitespace
          })
        else { throw .setting(text, reason: "이메일 주소를 씁니다 (예: me@example.com, none)") }
        email = trimmed.lowercased()
      }
    }
    stored.insert(key)
  }

  /// The service that finds places by name, or nil for none: as set, else Kakao when its key
  /// command is set (the same key serves Kakao's directions and its place search).
  public var placeSearch: PlaceSearchService? {
    if stored.contains(.placeSearch) { return chosenPlaceSearch }
    return routes.keyCommands[.kakao] == nil ? nil : .kakao
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
    case .snooze: DurationExpression.text(snoozeSeconds)
    case .lateCap: DurationExpression.text(lateCapSeconds)
    case .lateRepeat: DurationExpression.text(lateRepeatSeconds)
    case .command: notifyCommand.map(CommandWords.join) ?? "none"
    case .backends: backends.map(\.rawValue).joined(separator: ",")
    case .travel: DurationExpression.text(defaultTravelSeconds)
    case .me: email ?? "none"
    case .syncInterval: DurationExpression.text(syncIntervalSeconds)
    case .length: DurationExpression.text(lengthSeconds)
    case .originChain: DurationExpression.text(originChainSeconds)
    case .placeSearch: placeSearch?.rawValue ?? "none"
    case .nominatimURL: nominatimURL
    case .routeCar, .routeTransit, .routeWalk, .routeBike, .kakaoKeyCommand, .tmapKeyCommand,
      .odsayKeyCommand, .kakaoURL, .tmapURL, .odsayURL, .osrmURL, .valhallaURL, .routeCommand,
      .routeTimeout, .routeRecheck, .routeThreshold, .routeCache, .routeLimit:
      routes.text(key)
    }
  }
}
