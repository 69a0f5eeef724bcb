/// A value a person typed that chulbal cannot use.
///
/// Each case carries the offending text exactly as given and a reason a person can act on.
/// The description is one line, in Korean, with the input in single quotes and no final
/// period; the CLI prefixes it with the option the value came from.
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
  case time(String, reason: String)
  case duration(String, reason: String)
  case coordinate(String, reason: String)
  case timeZone(String)
  case alerts(String, reason: String)
  case travelMode(String)
  case providers(String, reason: String)
  case placeName(String, reason: String)
  case title(String, reason: String)

  public var description: String {
    switch self {
    case .time(let text, let reason):
      return "잘못된 시각 '\(text)': \(reason) (예: '19:00', '내일 오후 7시', '12/1 19:00', "
        + "'+1h30m', '2026-12-01T19:00+09:00')"
    case .duration(let text, let reason):
      return "잘못된 시간 길이 '\(text)': \(reason) (예: '35m', '1h20m', '90s', '1:20', '1시간 20분')"
    case .coordinate(let text, let reason):
      return "잘못된 좌표 '\(text)': \(reason) (예: '37.4979,127.0276', 위도 -90~90, 경도 -180~180)"
    case .timeZone(let text):
      return "알 수 없는 시간대 '\(text)' (IANA 이름을 쓰세요, 예: 'Asia/Seoul', 'UTC', 'America/New_York')"
    case .alerts(let text, let reason):
      return "잘못된 알림 목록 '\(text)': \(reason) (예: '30m,10m,0', 'none')"
    case .travelMode(let text):
      return "알 수 없는 이동 수단 '\(text)' (car, transit, walk, bike 중 하나)"
    case .providers(let text, let reason):
      return
        "잘못된 지도 목록 '\(text)': \(reason) (kakao, naver, google, apple, osm을 쉼표로, 예: 'kakao,naver,google')"
    case .placeName(let text, let reason):
      return "잘못된 장소 이름 '\(text)': \(reason)"
    case .title(let text, let reason):
      return "잘못된 제목 '\(text)': \(reason)"
    }
  }
}
