import FoundationEssentials

/// The providers asked for one mode's trips, in order: the first answer wins, and the offline
/// estimate always comes last, so a trip with two known ends always gets a time.
public struct RouteChain: Sendable {
  public let providers: [any RouteProvider]

  /// `providers` with ``EstimateRoute`` after them (any estimate among them is dropped: it
  /// answers every trip, so nothing after it would ever be asked).
  public init(_ providers: [any RouteProvider]) {
    self.providers = providers.filter { $0.source != .estimate } + [EstimateRoute()]
  }

  /// Asks each provider in turn until one answers.
  ///
  /// - Parameters:
  ///   - passedOver: called for each provider that failed, with the source used next, so the
  ///     caller can say so in one line (``passedOverMessage(_:_:next:)``).
  ///   - asking: whether a provider may be asked (a budget of requests); the first refused
  ///     ends the chain at the estimate.
  /// - Throws: ``TravelEstimate/Problem`` when even the estimate has no answer (a trip longer
  ///   than a week): the query itself is wrong.
  public func ask(
    _ query: RouteQuery,
    passedOver: (_ source: RouteSource, _ failure: RouteFailure, _ next: RouteSource) -> Void,
    asking: (RouteSource) -> Bool = { _ in true }
  ) throws(TravelEstimate.Problem) -> RouteAnswer {
    for (index, provider) in providers.enumerated().dropLast() {
      guard asking(provider.source) else { break }
      do throws(RouteFailure) {
        return try provider.route(query)
      } catch {
        passedOver(provider.source, error, providers[index + 1].source)
      }
    }
    return try EstimateRoute.answer(query)
  }

  /// `카카오 길찾기에 실패해 추정값을 씁니다: 키가 거절되었습니다 (HTTP 401)`; with no `next`
  /// to use (a trip asked again, which the next may not replace), that the trip stays.
  public static func passedOverMessage(
    _ source: RouteSource, _ failure: RouteFailure, next: RouteSource?
  ) -> String {
    guard let next else {
      return "\(source.koreanName)에 실패해 전의 이동 시간을 그대로 둡니다: \(failure.message)"
    }
    let used = next == .estimate ? "추정값" : next.koreanName
    return "\(source.koreanName)에 실패해 \(used)\(Korean.objectParticle(after: used)) 씁니다: "
      + failure.message
  }
}

/// The offline estimate (``TravelEstimate``) as a provider: it answers every trip between two
/// known points.
public struct EstimateRoute: RouteProvider {
  public var source: RouteSource { .estimate }

  public init() {}

  public func route(_ query: RouteQuery) throws(RouteFailure) -> RouteAnswer {
    do throws(TravelEstimate.Problem) {
      return try Self.answer(query)
    } catch {
      throw .noRoute(nil)
    }
  }

  static func answer(_ query: RouteQuery) throws(TravelEstimate.Problem) -> RouteAnswer {
    let seconds = try TravelEstimate.seconds(
      from: query.origin, to: query.destination, mode: query.mode)
    return RouteAnswer(seconds: seconds, source: .estimate, accountsForConditions: false)
  }
}

extension RouteQuery {
  /// The departure as a wall clock in ``timeZone``, zero-padded: `["2027", "01", "12", "17",
  /// "40"]` (year, month, day, hour, minute), for services that take a local time.
  public var localDeparture: [String] {
    let second = Int(departure.timeIntervalSince1970.rounded(.down))
    let local = second + timeZone.offset(atSecond: second)
    let days = Int((Double(local) / 86_400).rounded(.down))
    let inDay = local - days * 86_400
    let date = CivilDate(days: days)
    return [
      (date.year, 4), (date.month, 2), (date.day, 2), (inDay / 3600, 2), (inDay % 3600 / 60, 2),
    ]
    .map { value, width in
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
  }

  /// The same query read in Korean Standard Time: UTC+9 all year (no daylight time since
  /// 1988), for Korean services that take a local time whatever zone the appointment is in.
  public var inKoreanTime: RouteQuery {
    var korean = self
    korean.timeZone = Zone("KST", file: ZoneFile(fixedOffset: 9 * 3600, abbreviation: "KST"))
    return korean
  }
}
