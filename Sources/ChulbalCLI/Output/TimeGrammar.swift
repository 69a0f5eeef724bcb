/// How times are written, as `plan --help` and the manual page both show it.
enum TimeGrammar {
  /// The forms, each with examples and what it means.
  static let forms: [(name: String, help: String)] = [
    ("2026-12-01T19:00+09:00", "ISO 8601; 오프셋이 없으면 --tz 기준 (2026-12-01 19:00)"),
    ("12/1 19:00, 19:00", "월/일과 시각; 날짜가 없으면 다음에 오는 그 시각"),
    ("+1h30m, 2시간 뒤, 30분 후", "지금부터; 지금은 바로 지금"),
    ("오늘, 내일, 모레, 글피", "12월 1일, 월요일…일요일 (다가오는 그 요일), 다음 주 월요일도"),
    ("2026.12.24, 12.24", "점으로 쓴 날짜 (2026. 12. 24.도)"),
    ("다음 달 3일, 이번 달 말일", "달로 센 날; 12월 말일, 3일 뒤도"),
    ("오전, 오후, 아침, 저녁", "밤, 새벽과 함께 N시, N시 M분, N시 반, 정오, 자정"),
  ]

  /// How the hours people say are read, one paragraph.
  static let hours = """
    오후 12시는 정오, 오전 12시와 밤 12시는 자정입니다. 오전/오후 없이 쓴 1~12시는 말할 때처럼
    읽습니다: 7시는 다음에 오는 오전 7시나 오후 7시이고, 1~5시는 새벽이나 밤을 붙여야 새벽입니다.
    날짜를 함께 쓰면 1~6시는 오후, 7~11시는 오늘이면 아직 안 지난 쪽, 다른 날이면 오전입니다.
    13시~24시와 19:00은 쓴 그대로입니다 (24시는 그날이 끝나는 자정).
    서머타임으로 없는 시각은 그만큼 뒤로, 두 번 있는 시각은 앞의 것으로 읽습니다.
    """

  /// How durations (`--travel`, `--buffer`, `--prep`, `--alerts`) are written.
  static let durations =
    "35m, 1h20m, 90s, 1:20 (시:분), 1시간 20분, 20분, 30초, 0; 가장 길게 일주일. 알림 시각(--alerts)은 분 단위입니다."
}
