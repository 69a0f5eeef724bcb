/// A service that finds places by name for `place search` and `--search`: the raw values are
/// what the `place.search` setting takes.
public enum PlaceSearchService: String, CaseIterable, Sendable {
  case kakao, nominatim

  /// `카카오 장소 검색`: the service as messages name it.
  public var koreanName: String {
    switch self {
    case .kakao: "카카오 장소 검색"
    case .nominatim: "Nominatim 장소 검색"
    }
  }

  /// The public Nominatim, used under its usage policy when `nominatim.url` is not set.
  public static let publicNominatimURL = "https://nominatim.openstreetmap.org"

  /// `kakao`, `nominatim` or `none` (nil).
  ///
  /// - Throws: `InputError.setting` naming the text and what is accepted.
  static func parse(_ text: String) throws(InputError) -> PlaceSearchService? {
    let word = text.trimmingWhitespace().lowercased()
    if ["none", "없음"].contains(word) { return nil }
    guard let service = PlaceSearchService(rawValue: word) else {
      throw .setting(text, reason: "kakao, nominatim, none 중 하나를 씁니다")
    }
    return service
  }
}
