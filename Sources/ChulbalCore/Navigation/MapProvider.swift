/// The map services chulbal links to, in the default order of the fallback chain.
public enum MapProvider: String, CaseIterable, Sendable {
  case kakao, naver, tmap, google, apple, osm

  /// The name Korean users know the service by.
  public var koreanName: String {
    switch self {
    case .kakao: "카카오맵"
    case .naver: "네이버 지도"
    case .tmap: "티맵"
    case .google: "구글 지도"
    case .apple: "애플 지도"
    case .osm: "오픈스트리트맵"
    }
  }

  /// Reads a comma-separated chain such as `kakao,naver,google`: known names, each once.
  public static func parseChain(_ text: String) throws(InputError) -> [MapProvider] {
    try NameList.parse(text, what: "지도") { .providers(text, reason: $0) }
  }
}
