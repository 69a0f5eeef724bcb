/// One navigation link for one map provider.
public struct MapLink: Equatable, Sendable {
  public enum Kind: String, Sendable {
    /// Opens the provider's app (`kakaomap://`, `nmap://`, `tmap://`, `comgooglemaps://`).
    case app
    /// Opens in any browser (`https://`).
    case web
  }

  public let provider: MapProvider
  public let kind: Kind
  public let url: String
  /// True when the link searches for the place by name instead of routing to coordinates.
  public let isSearch: Bool
  /// What the map will do differently from what was asked, when it will.
  public let caveat: Caveat?

  /// Where a provider's route differs from the request.
  public enum Caveat: Equatable, Sendable {
    /// OpenStreetMap has no transit engine: a transit request opens as a walk.
    case transitAsWalk
    /// TMAP's app routes cars only: another mode opens as a drive.
    case carOnly(asked: TravelMode)
    /// Google Maps restricts driving and walking directions in South Korea.
    case restrictedInKorea(TravelMode)
  }

  public init(
    provider: MapProvider, kind: Kind, url: String, isSearch: Bool, caveat: Caveat? = nil
  ) {
    self.provider = provider
    self.kind = kind
    self.url = url
    self.isSearch = isSearch
    self.caveat = caveat
  }

  /// The URL's scheme, such as `https` or `kakaomap`.
  public var scheme: String {
    String(url.prefix { $0 != ":" }).lowercased()
  }
}
