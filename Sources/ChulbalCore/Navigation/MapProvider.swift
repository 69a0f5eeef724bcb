/// The map services chulbal links to, in the default order of the fallback chain.
public enum MapProvider: String, CaseIterable, Sendable {
  case kakao, naver, google, apple, osm

  /// Reads a comma-separated chain such as `kakao,naver,google`: known names, each once.
  public static func parseChain(_ text: String) throws(InputError) -> [MapProvider] {
    try NameList.parse(text, what: "지도") { .providers(text, reason: $0) }
  }
}
