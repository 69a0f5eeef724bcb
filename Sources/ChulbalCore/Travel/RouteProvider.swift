import FoundationEssentials

/// A service that gives the trip time between two points: one of ``RouteSource``.
///
/// Implementations that reach a network or run a program live outside the core
/// (`ChulbalRoutes`); the core holds the contract, the chain (``RouteChain``) and the offline
/// ``EstimateRoute``.
public protocol RouteProvider: Sendable {
  var source: RouteSource { get }

  /// The trip time for `query`.
  ///
  /// - Throws: ``RouteFailure`` for anything that is not a usable answer; the chain passes
  ///   over it to the next provider.
  func route(_ query: RouteQuery) throws(RouteFailure) -> RouteAnswer
}

/// One trip to ask about.
public struct RouteQuery: Equatable, Sendable {
  public var origin: Coordinate
  public var destination: Coordinate
  public var mode: TravelMode
  /// When the person means to leave: services that know traffic or timetables answer for it.
  public var departure: Date
  /// The zone a service that takes a local wall-clock time reads `departure` in.
  public var timeZone: Zone

  public init(
    origin: Coordinate, destination: Coordinate, mode: TravelMode, departure: Date,
    timeZone: Zone
  ) {
    self.origin = origin
    self.destination = destination
    self.mode = mode
    self.departure = departure
    self.timeZone = timeZone
  }
}

/// A provider's trip time.
public struct RouteAnswer: Equatable, Sendable {
  public var seconds: Int
  public var source: RouteSource
  /// Whether the figure accounts for traffic (a car route at the departure) or timetables
  /// (transit); false for a figure over an empty road network, or the estimate.
  public var accountsForConditions: Bool

  public init(seconds: Int, source: RouteSource, accountsForConditions: Bool) {
    self.seconds = seconds
    self.source = source
    self.accountsForConditions = accountsForConditions
  }

  /// The longest trip a provider may answer.
  ///
  /// No trip to an appointment takes a day: the longest drive within Korea, where Kakao, TMAP
  /// and ODsay route, takes under ten hours. A figure past a day is a wrong unit (ODsay's
  /// minutes holding seconds come out 60 times too long) or a broken server, so it is refused
  /// and the next provider or the estimate takes over.
  public static let longestSeconds = 86_400

  /// An answer from a service's figure in its own `unit`: the one place units are converted
  /// and a figure is judged plausible.
  ///
  /// Rounded up to the whole second, so a trip is never shortened.
  ///
  /// - Throws: ``RouteFailure/badAnswer(_:)`` for a figure that is not more than zero (a
  ///   service that cannot tell the trip apart from staying put has not found a route) or is
  ///   longer than ``longestSeconds``.
  public static func converting(
    _ value: Double, _ unit: Unit, source: RouteSource, accountsForConditions: Bool
  ) throws(RouteFailure) -> RouteAnswer {
    let seconds = value * unit.seconds
    let shown =
      (value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)")
      + unit.koreanName
    guard seconds.isFinite, seconds > 0 else {
      throw .badAnswer("이동 시간 '\(shown)'\(Korean.topicParticle(after: shown)) 0보다 길어야 합니다")
    }
    guard seconds <= Double(longestSeconds) else {
      throw .badAnswer("이동 시간 '\(shown)'\(Korean.subjectParticle(after: shown)) 하루보다 깁니다")
    }
    return RouteAnswer(
      seconds: max(1, Int((seconds - 1e-9).rounded(.up))), source: source,
      accountsForConditions: accountsForConditions)
  }

  /// The unit a service gives its trip time in.
  public enum Unit: Sendable {
    case seconds, milliseconds, minutes

    var seconds: Double {
      switch self {
      case .seconds: 1
      case .milliseconds: 0.001
      case .minutes: 60
      }
    }

    var koreanName: String {
      switch self {
      case .seconds: "초"
      case .milliseconds: "밀리초"
      case .minutes: "분"
      }
    }
  }
}

/// Why a provider gave no trip time, in words for the one line that says it was passed over.
public enum RouteFailure: Error, Equatable, Sendable {
  /// No setting for it (a key command, a URL).
  case notConfigured(setting: String)
  /// The key command failed; its own message.
  case key(String)
  /// No connection: refused, no such host, TLS.
  case unreachable(String)
  /// No answer within `route.timeout`.
  case timedOut(seconds: Int)
  /// 401 or 403: the key was refused.
  case keyRefused(status: Int)
  /// 429: the quota or rate limit is spent.
  case quota(status: Int)
  /// Any other status that is not success.
  case status(Int)
  /// The service says there is no route between the points; its words when it gave some.
  case noRoute(String?)
  /// An answer that could not be read.
  case badAnswer(String)
  /// The program (`route.command`) failed; what it said.
  case program(String)

  public var message: String {
    switch self {
    case .notConfigured(let setting): "\(setting) 설정이 없습니다 (chulbal config set \(setting) …)"
    case .key(let message): message
    case .unreachable(let reason): "연결하지 못했습니다: \(reason)"
    case .timedOut(let seconds): "\(seconds)초 안에 답이 없었습니다"
    case .keyRefused(let status): "키가 거절되었습니다 (HTTP \(status))"
    case .quota(let status): "호출 한도를 넘었습니다 (HTTP \(status))"
    case .status(let status): "서버가 오류로 답했습니다 (HTTP \(status))"
    case .noRoute(let words): "경로를 찾지 못했습니다" + (words.map { ": " + Self.cut($0) } ?? "")
    case .badAnswer(let reason): "답을 읽을 수 없습니다: \(reason)"
    case .program(let reason): reason
    }
  }

  /// The characters of a service's own words a message shows: a server may send a page.
  static let shownCharacters = 200

  /// `words` cleaned for a terminal and cut at ``shownCharacters``.
  private static func cut(_ words: String) -> String {
    let shown = TextCleaning.visible(String(words.prefix(shownCharacters)))
    return words.count > shownCharacters ? shown + "…" : shown
  }

  /// The same failure with every `secret` in its words replaced: a server may echo the key
  /// it was sent back in its message.
  public func hiding(_ secret: String) -> RouteFailure {
    guard !secret.isEmpty else { return self }
    let hide = { (text: String) in text.replacing(secret, with: "(키)") }
    switch self {
    case .key(let message): return .key(hide(message))
    case .unreachable(let reason): return .unreachable(hide(reason))
    case .noRoute(let words): return .noRoute(words.map(hide))
    case .badAnswer(let reason): return .badAnswer(hide(reason))
    case .program(let reason): return .program(hide(reason))
    case .notConfigured, .timedOut, .keyRefused, .quota, .status: return self
    }
  }
}
