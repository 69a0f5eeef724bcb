import ChulbalCore

/// What `nav` refuses: no destination, a map that cannot find it, link options that do not go
/// together.
///
/// Always exit status 2, nothing written.
enum NavError: UsageError, Equatable {
  /// An appointment named by `word` together with an ad-hoc `--to`/`--coord`.
  case selectorWithDestination(String)
  /// `nav --to` without a name or a coordinate.
  case noDestination
  /// `nav --provider tmap` for a place with no coordinate: TMAP has no search by name.
  case tmapNeedsCoordinate
  /// `nav --app` without `--qr`, which is all it changes.
  case appWithoutQR
  /// `nav --qr --all`: a QR code holds one link, `--all` lists many.
  case qrWithAll
  /// `nav --qr --json`: the drawing after the JSON would make it unreadable to a program.
  case qrWithJSON
  /// `nav --open --all`: one link is opened, `--all` lists many.
  case openWithAll

  var message: String {
    switch self {
    case .selectorWithDestination(let word):
      return "'--to'/'--coord'를 주면 약속 번호('\(word)')는 쓰지 않습니다"
    case .noDestination:
      return "목적지의 이름도 좌표도 없습니다: '--to 이름 --coord 위도,경도'를 주세요"
    case .tmapNeedsCoordinate:
      return "티맵 링크에는 목적지 좌표가 필요합니다 (티맵에는 이름 검색 링크가 없습니다): '--coord 위도,경도'를 주거나 다른 지도를 고르세요"
    case .appWithoutQR:
      return "'--app'은 '--qr'과 함께 씁니다 (QR 코드에 https 대신 앱 링크를 담습니다)"
    case .qrWithAll:
      return "'--qr'과 '--all'은 함께 쓸 수 없습니다 (QR 코드에는 링크 하나만 담습니다)"
    case .qrWithJSON:
      return "'--qr'과 '--json'은 함께 쓸 수 없습니다 (QR 코드를 JSON 뒤에 그리면 JSON이 깨집니다)"
    case .openWithAll:
      return "'--open'은 '--all'과 함께 쓸 수 없습니다 (여는 링크는 하나입니다)"
    }
  }
}
