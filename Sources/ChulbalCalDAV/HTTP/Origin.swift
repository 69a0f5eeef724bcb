import ChulbalCore
import FoundationEssentials

/// Where a URL leads as far as trust goes: its scheme, host and port (RFC 6454 §4), the same
/// three that decide whether libcurl keeps sending credentials across a redirect ("another
/// host means that one or more of hostname, protocol scheme or port number changed",
/// CURLOPT_UNRESTRICTED_AUTH(3)).
///
/// chulbal speaks only to the origin of the account's URL, the one the person gave: a
/// principal, home or calendar href on any other origin is refused with
/// ``DAVError/foreignOrigin(url:origin:allowed:)`` before a request is made to it, rather
/// than followed without the password, which would only end in a 401 and still let the
/// server choose where chulbal connects. An `https` account never goes to `http`: the scheme
/// is part of the origin.
///
/// Redirects keep libcurl's rule and this one agrees with it. RFC 6764 §5 has
/// `/.well-known/caldav` redirect to the context path, which may be on another host; libcurl
/// follows such a redirect without credentials, so an answer from another origin is one to a
/// request that was not signed in, and it is refused like an href there. A redirect on the
/// same origin (`/.well-known/caldav` to `/dav/`) is one libcurl follows with credentials, and
/// the hrefs in its answer are read against the URL that answered
/// (``HTTPResponse/url``). The person who means the other host can add that URL instead.
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
