@preconcurrency import CCurl
import ChulbalCore
import FoundationEssentials

/// One libcurl easy handle for the few requests of one ``CalDAVClient`` call; later requests reuse
/// its connection.
final class CurlSession {
  /// The largest answer read, counted as decoded: the write callback (``Received``) gets
  /// decompressed data (CURLOPT_ACCEPT_ENCODING(3)), so a small gzip answer stops once it inflates
  /// past the limit. CURLOPT_MAXFILESIZE_LARGE only refuses a larger `Content-Length` early; it
  /// counts decompressed bytes only from libcurl 8.20.
  static let responseLimit = 64 << 20

  private let account: DAVAccount
  /// When the account's ``DAVAccount/budget`` runs out: no request goes on past it.
  private let deadline: ContinuousClock.Instant
  private let handle: UnsafeMutableRawPointer
  /// CURLOPT_ERRORBUFFER: libcurl's detail on the last failure.
  private let errorBuffer: UnsafeMutablePointer<CChar>

  /// - Throws: ``DAVError/libraryMissing(_:)`` when libcurl cannot be loaded.
  init(account: DAVAccount, deadline: ContinuousClock.Instant) throws(DAVError) {
    try Curl.load()
    guard let handle = chulbal_curl_curl_easy_init()!() else {
      throw .libraryMissing("curl_easy_init")
    }
    self.account = account
    self.deadline = deadline
    self.handle = handle
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
  }

  deinit {
    chulbal_curl_curl_easy_cleanup()!(handle)
    errorBuffer.deallocate()
  }

  /// Sends one request and reads the answer, following a few redirects. Only failing to get an
  /// answer throws; the status is the caller's to judge.
  ///
  /// - Throws: ``DAVError/foreignOrigin(url:origin:allowed:)`` for a request or redirect off the
  ///   account's origin (``Origin``); ``DAVError/budgetSpent(url:seconds:)`` once the budget is
  ///   spent.
  func perform(_ request: HTTPRequest) throws(DAVError) -> HTTPResponse {
    try Origin.check(request.url, for: account.url)
    let url = Self.display(request.url)
    // Each request may take the account's timeout, or what is left of the budget if less.
    let left = deadline - .now
    guard left > .zero else { throw .budgetSpent(url: url, seconds: budgetSeconds) }
    let budgetCuts = left < .seconds(account.timeout)
    let timeout = budgetCuts ? Self.milliseconds(left) : Int((account.timeout * 1000).rounded(.up))
    chulbal_curl_curl_easy_reset()!(handle)
    errorBuffer[0] = 0
    let received = Received(limit: Self.responseLimit)
    var headers: UnsafeMutablePointer<curl_slist>?
    defer { chulbal_curl_curl_slist_free_all()!(headers) }
    // A body of more than 1 kB would otherwise wait up to a second for `100 Continue`.
    for line in request.headers + ["Expect:"] {
      headers = chulbal_curl_curl_slist_append()!(headers, line)
    }
    var code = configure(request, headers: headers, timeout: timeout, received: received)
    if code == CURLE_OK {
      code = withExtendedLifetime(received) { chulbal_curl_curl_easy_perform()!(handle) }
    }
    if code == CURLE_OPERATION_TIMEDOUT, budgetCuts {
      throw .budgetSpent(url: url, seconds: budgetSeconds)
    }
    guard code == CURLE_OK else { throw failure(code, url: url, received: received) }
    var status = 0
    _ = chulbal_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    let answered = effectiveURL() ?? request.url
    // libcurl followed a redirect to another origin without credentials (``Origin``); an answer to
    // an unsigned request from a stranger is not read.
    try Origin.check(answered, for: account.url)
    return HTTPResponse(
      status: status, headers: received.headers, body: received.body, url: answered)
  }

  /// The URL of the last answer after redirects (CURLINFO_EFFECTIVE_URL), without the credentials
  /// libcurl writes into it: hrefs read against it become stored calendar URLs.
  private func effectiveURL() -> URL? {
    var text: UnsafePointer<CChar>?
    guard chulbal_curl_getinfo_text(handle, CURLINFO_EFFECTIVE_URL, &text) == CURLE_OK,
      let text, var components = URLComponents(string: String(cString: text))
    else { return nil }
    components.user = nil
    components.password = nil
    return components.url
  }

  /// The budget in whole seconds, as errors say it.
  private var budgetSeconds: Int { Int(account.budget.rounded(.up)) }

  /// Whole milliseconds, at least one: CURLOPT_TIMEOUT_MS reads 0 as no timeout.
  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }

  /// Sets every option of one request on the freshly reset handle; the first failure's code.
  private func configure(
    _ request: HTTPRequest, headers: UnsafeMutablePointer<curl_slist>?, timeout: Int,
    received: Received
  ) -> CURLcode {
    var options: [(CURLoption, Option)] = [
      (CURLOPT_URL, .text(request.url.absoluteString)),
      (CURLOPT_CUSTOMREQUEST, .text(request.method)),
      (CURLOPT_HTTPHEADER, .pointer(UnsafeRawPointer(headers))),
      (CURLOPT_USERAGENT, .text("chulbal")),
      (CURLOPT_ERRORBUFFER, .pointer(UnsafeRawPointer(errorBuffer))),
      (CURLOPT_NOSIGNAL, .long(1)),
      // Only http and https, also where a redirect leads (CURLOPT_PROTOCOLS_STR(3)).
      (CURLOPT_PROTOCOLS_STR, .text("http,https")),
      (CURLOPT_REDIR_PROTOCOLS_STR, .text("http,https")),
      // `/.well-known/caldav` redirects (RFC 6764 §5); PROPFIND keeps its method and body on every
      // redirect (CURL_REDIR_POST_ALL, CURLOPT_POSTREDIR(3)).
      (CURLOPT_FOLLOWLOCATION, .long(account.followsRedirects ? 1 : 0)),
      // Credentials only to the URL's own origin, never across a redirect
      // (CURLOPT_UNRESTRICTED_AUTH(3); 0 is the default, stated so no one turns it on).
      (CURLOPT_UNRESTRICTED_AUTH, .long(0)),
      (CURLOPT_MAXREDIRS, .long(5)),
      (
        CURLOPT_POSTREDIR,
        .long(Int(CURL_REDIR_POST_301 | CURL_REDIR_POST_302 | CURL_REDIR_POST_303))
      ),
      (CURLOPT_SSL_VERIFYPEER, .long(1)),
      (CURLOPT_SSL_VERIFYHOST, .long(2)),
      (CURLOPT_TIMEOUT_MS, .long(timeout)),
      (CURLOPT_ACCEPT_ENCODING, .text("")),
      (CURLOPT_MAXFILESIZE_LARGE, .offset(curl_off_t(Self.responseLimit))),
      (CURLOPT_WRITEFUNCTION, .callback(Received.body)),
      (CURLOPT_WRITEDATA, .pointer(Unmanaged.passUnretained(received).toOpaque())),
      (CURLOPT_HEADERFUNCTION, .callback(Received.header)),
      (CURLOPT_HEADERDATA, .pointer(Unmanaged.passUnretained(received).toOpaque())),
    ]
    if let user = account.user { options.append((CURLOPT_USERNAME, .text(user))) }
    if let password = account.password {
      options.append((CURLOPT_PASSWORD, .text(password)))
    } else if account.readsNetrc {
      options.append((CURLOPT_NETRC, .long(Int(CURL_NETRC_OPTIONAL.rawValue))))
    }
    if let caFile = account.caFile { options.append((CURLOPT_CAINFO, .text(caFile))) }
    if let body = request.body {
      options.append((CURLOPT_POSTFIELDSIZE_LARGE, .offset(curl_off_t(body.count))))
      // Copied by libcurl, so the bytes need not outlive this call.
      options.append((CURLOPT_COPYPOSTFIELDS, .bytes(body)))
    }
    for (option, value) in options {
      let code = value.set(option, on: handle)
      if code != CURLE_OK { return code }
    }
    return CURLE_OK
  }

  /// The error for a transfer that got no complete answer.
  private func failure(_ code: CURLcode, url: String, received: Received) -> DAVError {
    let detail = String(cString: errorBuffer)
    // libcurl's words may quote the server: cleaned, and kept in parentheses after the Korean.
    let words = TextCleaning.visible(detail.isEmpty ? Curl.message(code) : detail)
    let reason = "\(Curl.koreanReason(code)) (libcurl: \(words))"
    switch code {
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(url: url, seconds: Int(account.timeout.rounded(.up)))
    case _ where Curl.tlsFailures.contains(code):
      return .tls(url: url, reason: reason)
    case CURLE_UNSUPPORTED_PROTOCOL where received.location != nil:
      // The address refused is where an answer sent the request, not the one asked.
      return .redirectedAway(url: url, to: received.location ?? "")
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      return .invalidURL(url)
    case CURLE_FILESIZE_EXCEEDED:
      return .malformedResponse(url: url, reason: "\(Self.responseLimit >> 20) MiB보다 큰 답")
    case CURLE_WRITE_ERROR where received.overflowed:
      return .malformedResponse(url: url, reason: "\(Self.responseLimit >> 20) MiB보다 큰 답")
    case CURLE_TOO_MANY_REDIRECTS:
      return .malformedResponse(url: url, reason: reason)
    case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE:
      // A connection was made, and ended before the answer did.
      return .interrupted(url: url, reason: reason)
    default:
      // Refused, no such host, no route: no connection to speak of.
      return .unreachable(url: url, reason: reason)
    }
  }

  /// `url` as errors show it: without any user name or password.
  static func display(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return url.absoluteString
    }
    components.user = nil
    components.password = nil
    return components.string ?? url.absoluteString
  }
}

/// A value for curl_easy_setopt, by the type the option takes (CCurl's typed helpers).
private enum Option {
  case long(Int)
  case text(String)
  case pointer(UnsafeRawPointer?)
  case offset(curl_off_t)
  case bytes(Data)
  case callback(curl_write_callback)

  func set(_ option: CURLoption, on handle: UnsafeMutableRawPointer) -> CURLcode {
    switch self {
    case .long(let value): return chulbal_curl_setopt_long(handle, option, value)
    // String options are copied by libcurl (curl_easy_setopt(3)).
    case .text(let value): return chulbal_curl_setopt_pointer(handle, option, value)
    case .pointer(let value): return chulbal_curl_setopt_pointer(handle, option, value)
    case .offset(let value): return chulbal_curl_setopt_off_t(handle, option, value)
    case .bytes(let value):
      return value.withUnsafeBytes { chulbal_curl_setopt_pointer(handle, option, $0.baseAddress) }
    case .callback(let value): return chulbal_curl_setopt_callback(handle, option, value)
    }
  }
}

/// What libcurl hands over during a transfer: the body up to a limit, and the last answer's headers
/// (a redirect's are dropped at the next status line).
private final class Received {
  let limit: Int
  var body = Data()
  var headers: [String] = []
  var overflowed = false

  init(limit: Int) { self.limit = limit }

  /// The last answer's `Location`, cleaned and cut for a message: where a redirect led.
  var location: String? {
    HTTPResponse(status: 0, headers: headers, body: Data(), url: URL(fileURLWithPath: "/"))
      .header("Location").map { TextCleaning.visible(String($0.prefix(200))) }
  }

  /// CURLOPT_WRITEFUNCTION: a count other than the one given stops the transfer.
  static let body: curl_write_callback = { bytes, size, count, context in
    let received = Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    guard received.body.count + length <= received.limit else {
      received.overflowed = true
      return 0
    }
    if let bytes {
      received.body.append(
        UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
    }
    return length
  }

  /// CURLOPT_HEADERFUNCTION: one header line at a time, the status line of each answer first.
  static let header: curl_write_callback = { bytes, size, count, context in
    let received = Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    guard let bytes else { return length }
    let line = String(
      decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self
    ).trimmingWhitespace()
    if line.hasPrefix("HTTP/") {
      received.headers = []
    } else if !line.isEmpty {
      received.headers.append(line)
    }
    return length
  }
}
