import ChulbalCore

/// What went wrong talking to a CalDAV server, as one Korean line naming the HTTP status and URL
/// (never its credentials). No libcurl or libxml2 value leaves ChulbalCalDAV.
public enum DAVError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A URL that is not http or https, or not a URL: bad input.
  case invalidURL(String)
  /// 401: the user name or password is wrong, or none was given.
  case unauthorized(url: String)
  /// 403.
  case forbidden(url: String)
  /// 404: no such calendar or resource.
  case notFound(url: String)
  /// 412: the resource changed on the server since chulbal last saw it.
  case preconditionFailed(url: String)
  /// Any other status that is not a success.
  case status(Int, method: String, url: String)
  /// No connection (refused, no host, no route); `reason` says which, with libcurl's words.
  case unreachable(url: String, reason: String)
  /// A connection cut before a whole answer came; `reason` says how, with libcurl's words.
  case interrupted(url: String, reason: String)
  /// No complete answer within `seconds`.
  case timedOut(url: String, seconds: Int)
  /// The server's certificate was not trusted, or TLS failed; `reason` is libcurl's.
  case tls(url: String, reason: String)
  /// An answer that is not the XML (or iCalendar) the request asks for.
  case malformedResponse(url: String, reason: String)
  /// The server no longer knows the sync token (RFC 6578 §3.7).
  case syncTokenExpired(url: String)
  /// The account has no calendar that holds events.
  case noCalendars(url: String)
  /// libcurl or libxml2 could not be loaded: the dynamic loader's words.
  case libraryMissing(String)
  /// An href or redirect off the account's origin (``Origin``): `origin` is where it leads,
  /// `allowed` the account's.
  case foreignOrigin(url: String, origin: String, allowed: String)
  /// A property that names more hrefs to follow than ``CalDAVClient/hrefLimit``.
  case tooManyHrefs(url: String, count: Int, limit: Int)
  /// One client's requests together took longer than ``DAVAccount/budget``.
  case budgetSpent(url: String, seconds: Int)
  /// A feed's successful answer that is not iCalendar (a sign-in page); `contentType` as given, if
  /// any.
  case notICalendar(url: String, contentType: String?)
  /// An address that is neither a CalDAV account (why discovery failed) nor a feed (what a GET
  /// gave).
  indirect case neitherCalDAVNorFeed(caldav: DAVError, feed: DAVError)
  /// A redirect to an address that is not http or https (`file:`), which is not followed.
  case redirectedAway(url: String, to: String)

  public var description: String {
    switch self {
    case .invalidURL(let text):
      return "'\(text)'\(Korean.topicParticle(after: text)) CalDAV 주소가 아닙니다 "
        + "(http:// 또는 https://로 시작하는 주소)"
    case .unauthorized(let url):
      return "서버가 로그인을 거절했습니다 (HTTP 401, \(url)): 사용자 이름과 비밀번호를 확인하세요"
    case .forbidden(let url):
      return "서버가 접근을 막았습니다 (HTTP 403, \(url))"
    case .notFound(let url):
      return "서버에 그런 캘린더가 없습니다 (HTTP 404, \(url))"
    case .preconditionFailed(let url):
      return "그사이 서버에서 바뀌었습니다 (HTTP 412, \(url))"
    case .status(let code, let method, let url):
      let particle = Korean.directionParticle(after: String(code))
      return "서버가 \(method) 요청에 HTTP \(code)\(particle) 답했습니다 (\(url))"
    case .unreachable(let url, let reason):
      return "서버에 연결할 수 없습니다 (\(url)): \(reason)"
    case .interrupted(let url, let reason):
      return "서버와 주고받는 중에 연결이 끊겼습니다 (\(url)): \(reason)"
    case .timedOut(let url, let seconds):
      return "서버가 \(seconds)초 안에 답하지 않았습니다 (\(url))"
    case .tls(let url, let reason):
      return "서버의 인증서를 믿을 수 없습니다 (\(url)): \(reason)"
    case .malformedResponse(let url, let reason):
      return "서버의 답을 읽을 수 없습니다 (\(url)): \(reason)"
    case .syncTokenExpired(let url):
      return "서버가 동기화 토큰을 더 이상 받지 않습니다 (\(url))"
    case .noCalendars(let url):
      return "\(url)에서 일정을 담는 캘린더를 찾지 못했습니다"
    case .libraryMissing(let reason):
      return "CalDAV에 쓸 라이브러리를 불러올 수 없습니다 (\(reason)): libcurl4와 libxml2 패키지를 설치하세요"
    case .foreignOrigin(let url, let origin, let allowed):
      return "서버가 다른 곳(\(origin))을 가리켰지만 따라가지 않습니다 (\(url)): "
        + "비밀번호는 처음 준 주소의 서버(\(allowed))에만 보냅니다"
    case .tooManyHrefs(let url, let count, let limit):
      return "서버가 따라갈 주소를 \(count)개 알려 줬습니다 (\(url)): \(limit)개가 넘어 따라가지 않습니다"
    case .budgetSpent(let url, let seconds):
      return "동기화가 \(seconds)초 안에 끝나지 않아 멈췄습니다 (\(url)): 서버가 너무 느리거나 요청할 것이 너무 많습니다"
    case .notICalendar(let url, let contentType):
      guard let contentType else { return "서버가 보낸 것이 iCalendar가 아닙니다 (\(url))" }
      return "서버가 보낸 것이 iCalendar가 아니라 \(contentType)입니다 (\(url))"
    case .neitherCalDAVNorFeed(let caldav, let feed):
      return "CalDAV 캘린더도 iCalendar 피드도 찾지 못했습니다. CalDAV: \(caldav.description). "
        + "피드: \(feed.description)"
    case .redirectedAway(let url, let to):
      return "서버가 '\(to)'\(Korean.directionParticle(after: to)) 리디렉트했지만 "
        + "http나 https 주소가 아니어서 따라가지 않습니다 (\(url))"
    }
  }
}
