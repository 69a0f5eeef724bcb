import ChulbalCore

/// A user setting kept in the store, with its validation and default.
enum Setting: String, CaseIterable {
  case buffer, prep, alerts, mode, providers

  var summary: String {
    switch self {
    case .buffer: "여유 시간 (예: 10m)"
    case .prep: "출발 전 준비 시간 (예: 15m)"
    case .alerts: "알림 시각, 출발 몇 분 전 (예: 30m,10m,0 또는 none)"
    case .mode: "이동 수단: car, transit, walk, bike"
    case .providers: "지도 순서 (예: kakao,naver,google,apple,osm)"
    }
  }

  var defaultValue: String {
    switch self {
    case .buffer: "10m"
    case .prep: "0"
    case .alerts: "30m,10m,0"
    case .mode: TravelMode.transit.rawValue
    case .providers: MapProvider.allCases.map(\.rawValue).joined(separator: ",")
    }
  }

  /// Checks a value and returns the form to store.
  func validate(_ value: String) throws(InputError) -> String {
    switch self {
    case .buffer, .prep:
      _ = try DurationExpression.parse(value)
      return value.trimmingCharacters(in: .whitespaces)
    case .alerts:
      let leads = try AlertLeads.parse(value)
      return leads.isEmpty ? "none" : leads.map(Self.leadText).joined(separator: ",")
    case .mode:
      return try TravelMode.parse(value).rawValue
    case .providers:
      return try MapProvider.parseChain(value).map(\.rawValue).joined(separator: ",")
    }
  }

  /// `1h`, `15m`, `0`: a lead as `alerts` takes it back.
  static func leadText(_ seconds: Int) -> String {
    if seconds == 0 { return "0" }
    return seconds % 3600 == 0 ? "\(seconds / 3600)h" : "\(seconds / 60)m"
  }

  static func named(_ key: String) throws(UsageError) -> Setting {
    guard let setting = Setting(rawValue: key) else {
      throw .unknownSetting(key, suggestion: suggestion(for: key, among: allCases.map(\.rawValue)))
    }
    return setting
  }
}

/// The settings a command uses, stored values over defaults.
struct Settings {
  var values: [String: String]

  func raw(_ setting: Setting) -> String { values[setting.rawValue] ?? setting.defaultValue }

  // Stored values were validated when set; a value that no longer parses falls back to the
  // default rather than blocking every command.
  var bufferSeconds: Int { (try? DurationExpression.parse(raw(.buffer))) ?? 600 }
  var prepSeconds: Int { (try? DurationExpression.parse(raw(.prep))) ?? 0 }
  var alertLeads: [Int] { (try? AlertLeads.parse(raw(.alerts))) ?? AlertLeads.standard }
  var mode: TravelMode { TravelMode(rawValue: raw(.mode)) ?? .transit }
}
