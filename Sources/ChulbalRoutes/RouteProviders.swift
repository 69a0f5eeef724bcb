import ChulbalCore
import FoundationEssentials

/// The chain of providers the settings name for a mode, ready to ask.
public enum RouteProviders {
  /// The chain for `mode` from `settings`.
  ///
  /// - Parameters:
  ///   - key: the key of a provider that needs one, from its key command; asked only when that
  ///     provider is asked.
  ///   - environment: the environment `route.command` runs with, the trip's variables added.
  ///   - now: the instant a departure is judged near or ahead by (Kakao's and TMAP's future
  ///     routes).
  public static func chain(
    for mode: TravelMode, settings: RouteSettings,
    key: @escaping @Sendable (RouteSource, String) throws(RouteFailure) -> String,
    environment: [String: String], now: Date
  ) -> RouteChain {
    let timeout = settings.timeoutSeconds
    return RouteChain(
      settings.chain(for: mode).map { source -> any RouteProvider in
        if let setting = settings.missingSetting(source) {
          return Unconfigured(source: source, setting: setting)
        }
        let base = settings.url(source) ?? ""
        let keyed: RouteKey = { () throws(RouteFailure) -> String in
          try key(source, settings.keyCommands[source] ?? "")
        }
        switch source {
        case .kakao: return KakaoRoute(base: base, key: keyed, timeout: timeout, now: now)
        case .tmap: return TmapRoute(base: base, key: keyed, timeout: timeout, now: now)
        case .odsay: return OdsayRoute(base: base, key: keyed, timeout: timeout)
        case .osrm: return OSRMRoute(base: base, timeout: timeout)
        case .valhalla: return ValhallaRoute(base: base, timeout: timeout)
        case .command:
          return CommandRoute(
            words: settings.command ?? [], environment: environment, timeout: timeout)
        case .estimate: return EstimateRoute()
        }
      })
  }

  /// A provider in a chain whose setting is missing: it always says which.
  struct Unconfigured: RouteProvider {
    let source: RouteSource
    let setting: String

    func route(_ query: RouteQuery) throws(RouteFailure) -> RouteAnswer {
      throw .notConfigured(setting: setting)
    }
  }
}
