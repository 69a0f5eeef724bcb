import FoundationEssentials

/// The coordinate a map link carries, pasted from a browser or a share sheet: read from the
/// link's text alone, never through the network.
///
/// Read:
/// - `geo:LAT,LNG[,ALT][;…]` (RFC 5870 §3);
/// - Kakao Map's `https://map.kakao.com/link/map/[이름,]LAT,LNG` and `/link/to/…`
///   (apis.map.kakao.com, "URL로 지도 열기"), and `kakaomap://look?p=LAT,LNG` with its mobile-web
///   form `…/scheme/look?p=LAT,LNG` (the Kakao Map URL Scheme page);
/// - Google Maps' `…/maps/@LAT,LNG,15z`, `…/maps/place/이름/@LAT,LNG,…`, and
///   `…/maps/search/?api=1&query=LAT,LNG` (Google's "Maps URLs").
///
/// Refused, each with its reason: short links (`naver.me`, `kko.to`, `maps.app.goo.gl`), which
/// only the network resolves; Naver Map links, whose `c=` is a projected centre rather than
/// latitude and longitude; Kakao links by place number or with `urlX`/`urlY` (Kakao's own plane
/// coordinates); and any other link.
public enum MapLinkCoordinate {
  /// Whether `text` is a link this reads (or refuses) rather than `LAT,LNG` or a place name.
  public static func isLink(_ text: String) -> Bool {
    let lower = text.trimmingWhitespace().lowercased()
    return ["geo:", "http://", "https://", "kakaomap://"].contains { lower.hasPrefix($0) }
  }

  /// The coordinate of the link `text`; nil when `text` is no link.
  ///
  /// - Throws: `InputError.coordinate` saying why a link gives no coordinate.
  public static func read(_ text: String) throws(InputError) -> Coordinate? {
    guard isLink(text) else { return nil }
    func fail(_ reason: String) -> InputError { .coordinate(text, reason: reason) }
    func pair(_ first: Substring, _ second: Substring) -> Coordinate? {
      try? Coordinate.parse("\(first),\(second)")
    }
    let trimmed = text.trimmingWhitespace()
    let lower = trimmed.lowercased()
    if lower.hasPrefix("geo:") {
      let body = trimmed.dropFirst(4).prefix { $0 != ";" && $0 != "?" }
      let fields = body.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count >= 2, let found = pair(fields[0], fields[1]) else {
        throw fail("geo: 뒤에 '위도,경도'가 없습니다")
      }
      return found
    }
    guard let scheme = trimmed.firstRange(of: "://") else { throw fail("주소가 올바르지 않습니다") }
    let afterScheme = trimmed[scheme.upperBound...]
    let hostEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" }
    let host = String(afterScheme[..<(hostEnd ?? afterScheme.endIndex)]).lowercased()
    let rest = hostEnd.map { afterScheme[$0...] } ?? ""
    let pathPart = rest.prefix { $0 != "?" && $0 != "#" }
    let path = PercentEncoding.decode(pathPart)
    let query = rest.dropFirst(pathPart.count).dropFirst().prefix { $0 != "#" }
    func parameter(_ names: [String]) -> String? {
      for field in query.split(separator: "&") {
        let parts = field.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, names.contains(String(parts[0])) else { continue }
        return PercentEncoding.decode(parts[1])
      }
      return nil
    }
    func named(_ value: String?) -> Coordinate? {
      guard let value else { return nil }
      let fields = value.split(separator: ",", omittingEmptySubsequences: false)
      return fields.count == 2 ? pair(fields[0], fields[1]) : nil
    }
    let shortLinks = ["naver.me", "kko.to", "maps.app.goo.gl", "goo.gl", "g.co"]
    if shortLinks.contains(host) {
      throw fail("짧은 링크는 인터넷에 물어야 좌표를 알 수 있습니다. 지도 앱에서 좌표를 복사해 주세요")
    }
    if lower.hasPrefix("kakaomap://") || host.hasSuffix("map.kakao.com") {
      for prefix in ["/link/map/", "/link/to/"] where path.hasPrefix(prefix) {
        let fields = path.dropFirst(prefix.count).split(
          separator: ",", omittingEmptySubsequences: false)
        if fields.count >= 2, let found = pair(fields[fields.count - 2], fields[fields.count - 1]) {
          return found
        }
      }
      if let found = named(parameter(["p"])) { return found }
      throw fail("이 카카오맵 주소에는 위도·경도가 없습니다 (장소 번호나 카카오의 평면 좌표뿐입니다)")
    }
    if host.hasSuffix("map.naver.com") {
      throw fail("네이버 지도 주소의 좌표는 위도·경도가 아니라서 읽지 않습니다. 지도에서 좌표를 복사해 주세요")
    }
    if host.contains("google."), path.hasPrefix("/maps") {
      if let at = path.firstRange(of: "/@") {
        let fields = path[at.upperBound...].split(separator: ",", omittingEmptySubsequences: false)
        if fields.count >= 2, let found = pair(fields[0], fields[1]) { return found }
      }
      if let found = named(parameter(["query", "q", "ll"])) { return found }
      throw fail("이 구글 지도 주소에는 위도·경도가 없습니다")
    }
    throw fail("이 주소에서 좌표를 찾지 못했습니다. 좌표가 든 지도 링크나 '위도,경도'를 주세요")
  }
}
