import FoundationEssentials

/// One request to a web service outside any calendar account (a route provider), sent through
/// the same libcurl handle code as CalDAV's (``CurlSession``): same protocols, redirect rules,
/// certificate checks and answer limit.
public struct WebRequest: Sendable {
  public var method: String
  public var url: URL
  /// Header lines as `Name: value`.
  public var headers: [String]
  public var body: Data?

  public init(method: String = "GET", url: URL, headers: [String] = [], body: Data? = nil) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }

  /// The status and body of the answer.
  public struct Answer: Sendable {
    public var status: Int
    public var body: Data
  }

  /// Sends the request and waits at most `timeout` seconds for the whole answer.
  ///
  /// A redirect is not followed: its 3xx answer is returned like any other.
  ///
  /// - Throws: `DAVError` when no answer came: unreachable, timed out, TLS. Whatever status
  ///   the answer has is the caller's to judge.
  public func send(timeout: TimeInterval) throws(DAVError) -> Answer {
    // The budget is left wider than the one request, so a slow answer ends as a timeout.
    var account = DAVAccount(url: url, timeout: timeout, budget: timeout + 1)
    account.readsNetrc = false
    account.followsRedirects = false
    let session = try CurlSession(account: account, deadline: .now + .seconds(timeout + 1))
    let response = try session.perform(
      HTTPRequest(method: method, url: url, headers: headers, body: body))
    return Answer(status: response.status, body: response.body)
  }
}
