import ChulbalCore

/// One option a command accepts, declared once: name, value and help. Parser and help table both
/// come from the specs, and options are read back by spec (`options[.at]`), never by string.
struct OptionSpec: Hashable, Sendable {
  /// The long name, such as `--at`.
  let name: String
  /// A one-dash alias, such as `-h`.
  let short: String?
  /// What the value is called in help (`시각`); nil for a flag that takes none.
  let value: String?
  /// The help line.
  let help: String
  /// What the value stands for, for completion; `.text` for a flag.
  let kind: WordKind
  /// Whether the option may repeat, each with a value (`--calendar 업무 --calendar 가족`); see
  /// ``ParsedOptions/values(_:)``.
  let repeats: Bool

  init(
    _ name: String, short: String? = nil, value: String? = nil, kind: WordKind = .text,
    repeats: Bool = false, help: String
  ) {
    self.name = name
    self.short = short
    self.value = value
    self.kind = kind
    self.repeats = repeats
    self.help = help
  }

  var takesValue: Bool { value != nil }

  /// The same option, with the help line one command gives it.
  func help(_ text: String) -> OptionSpec {
    OptionSpec(name, short: short, value: value, kind: kind, repeats: repeats, help: text)
  }

  /// `-h, --help` or `--at 시각`, as the help table's first column shows it.
  var synopsis: String {
    (short.map { "\($0), " } ?? "") + name + (value.map { " \($0)" } ?? "")
  }

  static func == (lhs: OptionSpec, rhs: OptionSpec) -> Bool { lhs.name == rhs.name }
  func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension OptionSpec {
  static let help = OptionSpec("--help", short: "-h", help: "이 도움말")
  static let json = OptionSpec("--json", help: "결과를 JSON으로")
  static let now = OptionSpec(
    "--now", value: "시각",
    help: "현재 시각 대신 이 ISO 8601 시각을 씁니다 (스크립트·테스트용), 예: 2026-11-30T14:00+09:00")
  static let database = OptionSpec(
    "--db", value: "파일", kind: .file,
    help: "데이터베이스 파일 (기본: $CHULBAL_DB, 아니면 $XDG_DATA_HOME/chulbal/chulbal.db)")
  static let timeZone = OptionSpec(
    "--tz", value: "시간대", kind: .timeZone,
    help: "IANA 시간대, 예: Asia/Seoul (기본: 시스템 시간대, TZ 환경 변수를 따름)")
  /// `--tz` of the commands that show stored appointments.
  static let readerZoneHelp = "시각을 보여 주고 --now를 읽을 시간대 (기본: 시스템 시간대)"
  static let at = OptionSpec("--at", value: "시각", help: "약속 시각 (chulbal plan --help의 '시각 쓰는 법')")
  static let travel = OptionSpec(
    "--travel", value: "시간", help: "이동 시간, 예: 35m, 1h20m, 1:20, 1시간 20분")
  static let buffer = OptionSpec(
    "--buffer", value: "시간", help: "여유 시간 (기본: 설정의 buffer 값, 초깃값 \(initially(.buffer)))")
  static let prep = OptionSpec(
    "--prep", value: "시간",
    help: "출발 전 준비 시간. 주면 준비 시작 알림이 생깁니다 (기본: 설정의 prep 값, 초깃값 \(initially(.prep)))")
  static let alerts = OptionSpec(
    "--alerts", value: "목록",
    help: "출발 몇 분 전에 알릴지 쉼표로 (끄려면 none, 기본: 설정의 alerts 값, 초깃값 \(initially(.alerts)))")
  static let mode = OptionSpec(
    "--mode", value: "수단", kind: .choice(of: TravelMode.self),
    help:
      "car, transit, walk, bike (대중교통·지하철·버스, 자동차·차·택시, 도보·걸어서, 자전거도 됩니다. 기본: 설정의 mode 값, 초깃값 \(initially(.mode)))"
  )

  /// A setting's default as help shows it.
  static func initially(_ key: Settings.Key) -> String { Settings.defaults.text(key) }
  static let place = OptionSpec(
    "--place", value: "이름", kind: .place, help: "장소 이름, 예: \"강남역 2번 출구\"")
  static let coord = OptionSpec(
    "--coord", value: "위도,경도", help: "장소 좌표 (좌표가 든 지도 링크도 됩니다), 예: 37.4979,127.0276")
  static let from = OptionSpec(
    "--from", value: "장소|위도,경도", kind: .place,
    help: "출발지: 저장된 장소 이름이나 좌표, auto면 다시 자동으로 (기본: 앞 약속의 장소, 캘린더의 출발지, 기본 출발지 순)")
  static let note = OptionSpec("--note", value: "메모", help: "메모")
}
