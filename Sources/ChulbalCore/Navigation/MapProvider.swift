/// The map services chulbal links to, in the default order of the fallback chain.
public enum MapProvider: String, CaseIterable, Sendable {
  case kakao, naver, google, apple, osm

  /// Reads a comma-separated chain such as `kakao,naver,google`: known names, each once.
  public static func parseChain(_ text: String) throws(InputError) -> [MapProvider] {
    var chain: [MapProvider] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = item.trimmingWhitespace().lowercased()
      guard let provider = MapProvider(rawValue: name) else {
        throw .providers(text, reason: "'\(name)'\(Korean.topicParticle(after: name)) 알 수 없는 지도입니다")
      }
      guard !chain.contains(provider) else {
        throw .providers(text, reason: "'\(name)'\(Korean.subjectParticle(after: name)) 두 번 있습니다")
      }
      chain.append(provider)
    }
    return chain
  }
}
