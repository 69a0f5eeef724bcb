/// One navigation link for one map provider.
public struct MapLink: Equatable, Sendable {
  public enum Kind: String, Sendable {
    /// Opens the provider's app (`kakaomap://`, `nmap://`, `comgooglemaps://`).
    case app
    /// Opens in any browser (`https://`).
    case web
  }

  public let provider: MapProvider
  public let kind: Kind
  public let url: String
  /// True when the link searches for the place by name instead of routing to coordinates.
  public let isSearch: Bool

  public init(provider: MapProvider, kind: Kind, url: String, isSearch: Bool) {
    self.provider = provider
    self.kind = kind
    self.url = url
    self.isSearch = isSearch
  }

  /// The URL's scheme, such as `https` or `kakaomap`.
  public var scheme: String {
    String(url.prefix { $0 != ":" }).lowercased()
  }
}
