import ChulbalCalDAV
import ChulbalCore
import FoundationEssentials

/// Gives a provider's key: runs the key command each time (``KeyCommand``), never keeps it.
public typealias RouteKey = @Sendable () throws(RouteFailure) -> String

/// What every HTTP provider shares: sending within `route.timeout`, turning a failure to get
/// an answer or a refusal into a ``RouteFailure``, and reading the JSON answer.
///
/// No message made here carries the request's URL: ODsay's key travels in its query string.
enum ServiceExchange {
  /// Sends `request` and returns the answer, unless it is a refusal every service means the
  /// same way: 401 or 403 for the key, 429 for the quota, 5xx for the server, or a redirect,
  /// which is never followed (``WebRequest/send(timeout:)``).
  static func send(_ request: WebRequest, timeout: Int) throws(RouteFailure) -> WebRequest.Answer {
    let answer: WebRequest.Answer
    do throws(DAVError) {
      answer = try request.send(timeout: TimeInterval(timeout))
    } catch {
      throw failure(error, timeout: timeout)
    }
    switch answer.status {
    case 300..<400: throw .unreachable("다른 주소로 보내는 답은 따르지 않습니다 (HTTP \(answer.status))")
    case 401, 403: throw .keyRefused(status: answer.status)
    case 429: throw .quota(status: answer.status)
    case 500...: throw .status(answer.status)
    default: return answer
    }
  }

  /// Asks with the provider's key, taken once, and keeps it out of any failure's words: a
  /// server may echo back the key it was sent.
  static func keyed<T>(
    _ key: RouteKey, _ ask: (_ key: String) throws(RouteFailure) -> T
  ) throws(RouteFailure) -> T {
    let secret = try key()
    do throws(RouteFailure) {
      return try ask(secret)
    } catch {
      throw error.hiding(secret)
    }
  }

  /// Reads a 2xx answer's body as `T`; `wanted` names what the answer is read for, in the
  /// message for an answer without it.
  static func decode<T: Decodable>(
    _ type: T.Type, _ answer: WebRequest.Answer, wanted: String = "이동 시간"
  ) throws(RouteFailure) -> T {
    guard (200..<300).contains(answer.status) else { throw .status(answer.status) }
    return try read(type, answer.body, wanted: wanted)
  }

  /// Reads JSON as `T`, whatever the status.
  static func read<T: Decodable>(_ type: T.Type, _ body: Data, wanted: String = "이동 시간")
    throws(RouteFailure) -> T
  {
    do {
      return try JSONDecoder().decode(type, from: body)
    } catch {
      throw .badAnswer("JSON이 아니거나 \(wanted)\(Korean.subjectParticle(after: wanted)) 없습니다")
    }
  }

  /// A transport failure in words without the URL.
  private static func failure(_ error: DAVError, timeout: Int) -> RouteFailure {
    switch error {
    case .timedOut, .budgetSpent: .timedOut(seconds: timeout)
    case .unreachable(_, let reason), .tls(_, let reason): .unreachable(reason)
    // A connection was made, and the answer ended early: not a failure to connect.
    case .interrupted(_, let reason): .badAnswer(reason)
    case .foreignOrigin, .redirectedAway: .unreachable("다른 서버로 보내는 답은 따르지 않습니다")
    case .libraryMissing(let name): .unreachable("libcurl을 쓸 수 없습니다 (\(name))")
    case .invalidURL: .unreachable("주소가 올바르지 않습니다")
    case .malformedResponse(_, let reason): .badAnswer(reason)
    default: .unreachable("서버와 주고받지 못했습니다")
    }
  }

  /// A URL from a base and a path with query items, each value percent-encoded.
  static func url(_ base: String, _ path: String, _ items: [(String, String)] = [])
    throws(RouteFailure) -> URL
  {
    let query = items.map { "\($0.0)=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
    guard let url = URL(string: base + path + (query.isEmpty ? "" : "?" + query)) else {
      throw .unreachable("주소가 올바르지 않습니다")
    }
    return url
  }

  /// Seven decimals, never in exponent form: about a centimetre.
  static func degrees(_ value: Double) -> String { value.decimalText(places: 7) }

  /// `127.0276000,37.4979000`: a point longitude first, as Kakao Mobility and OSRM take it.
  static func longitudeFirst(_ point: Coordinate) -> String {
    "\(degrees(point.longitude)),\(degrees(point.latitude))"
  }

  /// The name a street router (OSRM, Valhalla) gives `mode`'s profile; such a router keeps no
  /// timetables, so transit is "no route".
  static func streetProfile(_ mode: TravelMode, car: String, walk: String, bike: String)
    throws(RouteFailure) -> String
  {
    switch mode {
    case .car: car
    case .walk: walk
    case .bike: bike
    case .transit: throw .noRoute("대중교통 길은 찾지 않습니다")
    }
  }
}
