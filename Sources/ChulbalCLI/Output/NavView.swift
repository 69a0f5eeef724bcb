import ChulbalCore
import ChulbalTerminal

/// Navigation links shown to a person (a URL, a table, a QR code) or to a program (JSON).
enum NavView {
  /// `--all`: every provider's app and web link, in chain order, each with what its map will
  /// do differently from what was asked, when it will: a column before the links, which are
  /// long, when any link has one.
  static func all(_ links: [MapLink], json: Bool) -> String {
    guard json else {
      let noted = links.contains { $0.caveat != nil }
      return TerminalText.table(
        links.map {
          [$0.provider.rawValue, $0.kind.rawValue] + (noted ? [$0.caveat.map(short) ?? ""] : [])
            + [$0.url]
        })
    }
    return JSONValue.array(
      links.map {
        .object(
          [
            ("provider", .string($0.provider.rawValue)), ("kind", .string($0.kind.rawValue)),
            ("url", .string($0.url)),
          ] + ($0.caveat.map { [("note", .string(sentence($0)))] } ?? []))
      }
    ).rendered()
  }

  /// The chosen link: the URL on a line, or a JSON object.
  static func chosen(_ link: MapLink, json: Bool) -> String {
    guard json else { return link.url + "\n" }
    return JSONValue.object([
      ("provider", .string(link.provider.rawValue)), ("kind", .string(link.kind.rawValue)),
      ("url", .string(link.url)), ("search", .bool(link.isSearch)),
    ]).rendered()
  }

  /// What to know about a link: why it searches by name instead of routing, or what its map
  /// will do differently from what was asked.
  static func notes(for link: MapLink, request: RouteRequest) -> [String] {
    [search(link, request: request), link.caveat.map(sentence)].compactMap { $0 }
  }

  /// `대중교통 없음: 도보 경로`: a caveat in the few words a table column holds.
  static func short(_ caveat: MapLink.Caveat) -> String {
    switch caveat {
    case .transitAsWalk: "대중교통 없음: 도보 경로"
    case .carOnly: "자동차 경로만"
    case .restrictedInKorea(let mode): "한국에서 \(mode.koreanName) 길찾기 제한"
    }
  }

  /// A caveat as a sentence for stderr or JSON.
  static func sentence(_ caveat: MapLink.Caveat) -> String {
    switch caveat {
    case .transitAsWalk:
      "오픈스트리트맵에는 대중교통 길찾기가 없어 도보 경로로 엽니다"
    case .carOnly(let mode):
      "티맵은 자동차 길 안내만 해서 \(mode.koreanName) 대신 자동차 경로로 엽니다"
    case .restrictedInKorea(let mode):
      "구글 지도는 한국에서 \(mode.koreanName) 길찾기가 제한되어 경로가 나오지 않을 수 있습니다 (대중교통은 됩니다)"
    }
  }

  /// Why a link searches by name instead of routing, when it does.
  private static func search(_ link: MapLink, request: RouteRequest) -> String? {
    guard link.isSearch else { return nil }
    return request.routableDestination == nil
      ? "좌표가 없어 경로 대신 이름으로 검색하는 링크입니다 ('--coord 위도,경도'를 주면 경로가 됩니다)"
      : "\(link.provider.koreanName)\(Korean.topicParticle(after: link.provider.koreanName)) 웹 길찾기 링크가 없어 "
        + (request.destinationNameIsPlace ? "장소 이름" : "좌표") + " 검색 링크를 보여 줍니다"
  }
}
