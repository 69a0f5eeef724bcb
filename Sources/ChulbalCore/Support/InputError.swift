/// A value a person typed that chulbal cannot use, carrying the text as given and a reason a person
/// can act on. One Korean line, input in single quotes, no final period; the CLI prefixes the
/// option.
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
  case time(String, reason: String)
  /// A day with no time of day, such as `내일`.
  case missingClock(String)
  /// A day typed without a time (`--from`, `--until`, `--on`) that names no day.
  case day(String, reason: String)
  /// An exact instant, as `--now` takes it.
  case instant(String, reason: String)
  case duration(String, reason: String)
  case coordinate(String, reason: String)
  case timeZone(String)
  /// A zone name asked for on a machine with no zone database in `directory` (no tzdata).
  case noZoneDatabase(String, directory: String)
  /// `GMT+9` and the like, which Foundation and POSIX read with opposite signs.
  case offsetTimeZone(String)
  /// A `TZ` with no IANA name: a DST rule, a part-hour offset, a file outside the zone database.
  case unstorableTimeZone(String, reason: String)
  case alerts(String, reason: String)
  case travelMode(String)
  case providers(String, reason: String)
  case placeName(String, reason: String)
  case sourceName(String, reason: String)
  case title(String, reason: String)
  case backends(String, reason: String)
  case command(String, reason: String)
  /// A setting's value outside what it takes, such as a snooze of 0.
  case setting(String, reason: String)
  /// A `--repeat` word or RFC 5545 rule chulbal does not take; the reason names the bad part.
  case recurrence(String, reason: String)

  public var description: String {
    switch self {
    case .time(let text, let reason):
      return "잘못된 시각 '\(text)': \(reason) (예: '19:00', '내일 오후 7시', '12/1 19:00', "
        + "'+1h30m', '2026-12-01T19:00+09:00')"
    case .day(let text, let reason):
      return "잘못된 날짜 '\(text)': \(reason) (예: '12월 8일', '내일', '금요일', '2026-12-08')"
    case .missingClock(let text):
      let day = text.trimmingWhitespace()
      // `내일 저녁` has its half of the day already: only the hour is missing.
      let hasHalf = Meridiem.words.contains { day.contains($0.word) }
      let examples = hasHalf ? ["\(day) 7시", "\(day) 7시 반"] : ["\(day) 오후 7시", "\(day) 19:00"]
      return "'\(text)'에 시각이 빠졌습니다. 예: '\(examples[0])', '\(examples[1])'"
    case .instant(let text, let reason):
      return "잘못된 시각 '\(text)': \(reason) (예: '2026-11-30T14:00+09:00', '2026-11-30 14:00', "
        + "'2026-11-30T05:00Z')"
    case .duration(let text, let reason):
      return "잘못된 시간 길이 '\(text)': \(reason) (예: '35m', '1h20m', '90s', '1:20', '1시간 20분')"
    case .coordinate(let text, let reason):
      return "잘못된 좌표 '\(text)': \(reason) (예: '37.4979,127.0276', 위도 -90~90, 경도 -180~180)"
    case .noZoneDatabase(let text, let directory):
      return
        "시간대 데이터베이스(\(directory))가 없어 '\(text)'\(Korean.objectParticle(after: text)) 찾을 수 없습니다: tzdata 패키지를 설치하세요"
    case .timeZone(let text):
      return "알 수 없는 시간대 '\(text)' (IANA 이름을 쓰세요, 예: 'Asia/Seoul', 'UTC', 'America/New_York')"
    case .offsetTimeZone(let text):
      return
        "'\(text)'\(Korean.topicParticle(after: text)) 시간대 이름이 아니라 UTC 오프셋입니다 (IANA 이름을 쓰세요, 예: 'Asia/Seoul', "
        + "UTC+9로 고정하려면 'Etc/GMT-9')"
    case .unstorableTimeZone(let text, let reason):
      return "시간대 '\(text)'\(Korean.objectParticle(after: text)) IANA 이름으로 읽을 수 없습니다: \(reason) "
        + "(IANA 이름을 '--tz Asia/Seoul'처럼 주거나 TZ에 두세요)"
    case .alerts(let text, let reason):
      return "잘못된 알림 목록 '\(text)': \(reason) (예: '30m,10m,0', 'none')"
    case .travelMode(let text):
      return "'\(text)'\(Korean.topicParticle(after: text)) 지원하지 않는 이동 수단입니다 "
        + "(\(TravelMode.allCases.map(\.rawValue).joined(separator: ", ")) 중 하나)"
    case .providers(let text, let reason):
      return
        "잘못된 지도 목록 '\(text)': \(reason) (\(MapProvider.allCases.map(\.rawValue).joined(separator: ", "))을 쉼표로, 예: 'kakao,naver,google')"
    case .placeName(let text, let reason):
      return "잘못된 장소 이름 '\(text)': \(reason)"
    case .sourceName(let text, let reason):
      return "잘못된 캘린더 이름 '\(text)': \(reason)"
    case .title(let text, let reason):
      return "잘못된 제목 '\(text)': \(reason)"
    case .backends(let text, let reason):
      return
        "잘못된 알림 방식 목록 '\(text)': \(reason) (libnotify, command, terminal을 쉼표로, 예: 'libnotify,terminal')"
    case .command(let text, let reason):
      return "잘못된 명령 '\(text)': \(reason) (예: 'notify-send -u critical', 'none'은 지우기)"
    case .setting(let text, let reason):
      return "잘못된 값 '\(text)': \(reason)"
    case .recurrence(let text, let reason):
      return "잘못된 반복 '\(text)': \(reason)"
    }
  }
}

extension InputError {
  /// The same error about an exact instant: a time's reason with `--now`'s examples.
  var asInstant: InputError {
    switch self {
    case .time(let text, let reason): return .instant(text, reason: reason)
    case .missingClock(let text): return .instant(text, reason: "시각이 없습니다")
    default: return self
    }
  }
}
