import ChulbalCore

/// What the `place` commands and the options that name a place refuse: a place that is not
/// saved, a name taken already.
///
/// Always exit status 2, nothing written.
enum PlaceError: UsageError, Equatable {
  /// A saved place named where a place or a coordinate may be given (`--from`).
  case unknownPlace(String)
  /// A saved place named where only a saved place will do (`place remove`).
  case unknownSavedPlace(String)
  /// Neither a coordinate nor a saved place, where either will do (`--coord`, `plan --to`).
  case neitherCoordinateNorPlace(option: String, String)
  case duplicatePlace(String)
  /// `place edit --rename` onto the name of another place.
  case placeNameTaken(String)
  /// `--from auto` with no default place to start the choice from.
  case automaticWithoutDefault
  /// `--search` beside `--coord`, which already says where.
  case searchWithCoord(option: String)
  /// `add --search` without `--place`, the name to look up.
  case searchWithoutPlace

  var message: String {
    switch self {
    case .unknownPlace(let name):
      return
        "저장된 장소 '\(name)'\(Korean.subjectParticle(after: name)) 없습니다 (목록: chulbal place list, 좌표는 '37.5,127.0'처럼)"
    case .automaticWithoutDefault:
      return "--from auto는 기본 출발지에서 시작해 출발지를 다시 고릅니다. 기본 출발지가 없습니다 "
        + "(정하려면: chulbal place add 집 --coord 위도,경도 --default)"
    case .unknownSavedPlace(let name):
      return "저장된 장소 '\(name)'\(Korean.subjectParticle(after: name)) 없습니다 (목록: chulbal place list)"
    case .neitherCoordinateNorPlace(let option, let text):
      return
        "\(option): '\(text)'\(Korean.topicParticle(after: text)) 좌표도 저장된 장소도 아닙니다 (좌표는 '37.5,127.0'처럼, 목록: chulbal place list)"
    case .searchWithCoord(let option):
      return "\(option)와 --coord는 함께 쓸 수 없습니다: 좌표를 알면 찾지 않아도 됩니다"
    case .searchWithoutPlace:
      return "--search는 --place의 이름을 찾습니다: --place를 함께 주세요 (예: --place 강남역 --search)"
    case .duplicatePlace(let name):
      return
        "장소 '\(name)'\(Korean.topicParticle(after: name)) 이미 있습니다 (바꾸려면: chulbal place edit \(name) --coord 위도,경도)"
    case .placeNameTaken(let name):
      return
        "장소 '\(name)'\(Korean.topicParticle(after: name)) 이미 있습니다: 다른 이름을 주세요 (그 장소를 지우려면: chulbal place remove \(name))"
    }
  }
}
