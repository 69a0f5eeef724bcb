import ChulbalCore
import FoundationEssentials

/// A URL's scheme, host and port (RFC 6454 §4): the three that decide whether libcurl keeps sending
/// credentials across a redirect (CURLOPT_UNRESTRICTED_AUTH(3)).
///
/// chulbal speaks only to the origin of the account's URL: an href on another origin is refused
/// (``DAVError/foreignOrigin(url:origin:allowed:)``) before any request, rather than followed
/// without the password, which would still let the server choose where chulbal connects. `https`
/// never goes to `http`.
///
/// RFC 6764 §5 lets `/.well-known/caldav` redirect to another host; libcurl follows it without
/// credentials, and the answer is refused like an href there. A same-origin redirect keeps
/// credentials, and its hrefs are read against the answering URL (``HTTPResponse/url``). A person
/// who means the other host can add that URL.
struct Origin: Equatable, Sendable, CustomStringConvertible {
  var scheme: String
  var host: String
  var port: Int

  /// nil for a URL without an http or https scheme or without a host.
  init?(_ url: URL) {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host?.lowercased(), !host.isEmpty
    else { return nil }
    self.scheme = scheme
    self.host = host
    port = url.port ?? (scheme == "https" ? 443 : 80)
  }

  /// `scheme://host:port`, as errors show it; a host that is an IPv6 address in brackets.
  var description: String {
    let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return "\(scheme)://\(shownHost):\(port)"
  }

  /// Throws unless `url` is on the origin of `account`.
  ///
  /// - Throws: ``DAVError/foreignOrigin(url:origin:allowed:)``.
  static func check(_ url: URL, for account: URL) throws(DAVError) {
    let allowed = Origin(account)
    guard let origin = Origin(url), origin == allowed else {
      throw .foreignOrigin(
        url: TextCleaning.visible(CurlSession.display(url)),
        origin: TextCleaning.visible(Origin(url)?.description ?? CurlSession.display(url)),
        allowed: allowed?.description ?? CurlSession.display(account))
    }
  }
}
