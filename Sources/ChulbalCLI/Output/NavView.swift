import ChulbalCore
import ChulbalTerminal

/// Navigation links shown to a person (a URL, a table, a QR code) or to a program (JSON).
enum NavView {
  /// `--all`: every provider's app and web link, in chain order.
  static func all(_ links: [MapLink], json: Bool) -> String {
    guard json else {
      return TerminalText.table(links.map { [$0.provider.rawValue, $0.kind.rawValue, $0.url] })
    }
    return JSONValue.array(
      links.map {
        .object([
          ("provider", .string($0.provider.rawValue)), ("kind", .string($0.kind.rawValue)),
          ("url", .string($0.url)),
        ])
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

  /// Why a link searches by name instead of routing, when it does.
  static func note(for link: MapLink, request: RouteRequest) -> String? {
    guard link.isSearch else { return nil }
    return request.routableDestination == nil
      ? "좌표가 없어 경로 대신 이름으로 검색하는 링크입니다 ('--coord 위도,경도'를 주면 경로가 됩니다)"
      : "\(link.provider.koreanName)\(Korean.topicParticle(after: link.provider.koreanName)) 웹 길찾기 링크가 없어 장소 이름 검색 링크를 보여 줍니다"
  }
}
