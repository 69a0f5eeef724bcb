import ChulbalCore
import ChulbalStore
import Foundation

/// The options `add` and `edit` share, read into an appointment.
///
/// Everything is checked before anything is written: a bad value throws `UsageError` while the
/// store is still untouched.
enum AppointmentInput {
  static let specs: [CommandOptions.Spec] = [
    .init(name: "--at"), .init(name: "--place"), .init(name: "--coord"), .init(name: "--from"),
    .init(name: "--mode"), .init(name: "--travel"), .init(name: "--buffer"), .init(name: "--prep"),
    .init(name: "--alerts"), .init(name: "--tz"), .init(name: "--note"), .now, .database, .json,
    .help,
  ]

  static let optionsHelp = """
      --at 시각            약속 시각 (chulbal plan --help의 '시각 쓰는 법')
      --place 이름         장소 이름, 예: "강남역 2번 출구"
      --coord 위도,경도    장소 좌표, 예: 37.4979,127.0276
      --from 장소|위도,경도 출발지: 저장된 장소 이름이나 좌표 (기본: 기본 장소)
      --mode 수단          car, transit, walk, bike (기본: 설정 mode)
      --travel 시간        이동 시간; 없으면 출발지와 --coord로 추정합니다
      --buffer 시간        여유 시간 (기본: 설정 buffer, 처음엔 10m)
      --prep 시간          출발 전 준비 시간 (기본: 설정 prep, 처음엔 0)
      --alerts 목록        출발 몇 분 전에 알릴지 (기본: 설정 alerts, 처음엔 30m,10m,0)
      --tz 시간대          약속의 IANA 시간대 (기본: 시스템 시간대)
      --note 메모          메모
      --now 시각           지금을 이 ISO 8601 시각으로 칩니다 (스크립트·테스트용)
      --db 파일            데이터베이스 파일 (기본: $CHULBAL_DB, 아니면
                           $XDG_DATA_HOME/chulbal/chulbal.db)
      --json               결과를 JSON으로
    """

  /// Reads the options over `base` (nil for a new appointment).
  ///
  /// - Parameters:
  ///   - store: where saved places and settings come from; nil when there is no database yet.
  static func read(
    _ options: CommandOptions, over base: Appointment?, title: String?, store: Store?,
    environment: Environment
  ) throws -> Appointment {
    let zone: TimeZone =
      if options["--tz"] == nil, let base {
        environment.timeZone(stored: base.timeZone)
      } else {
        try environment.timeZone(option: options["--tz"])
      }
    let now = try options.now(environment, timeZone: zone)
    var draft = AppointmentDraft()
    draft.title = title
    draft.start = try options.parse("--at") { text throws(InputError) in
      try TimeExpression.parse(text, now: now, timeZone: zone)
    }
    draft.timeZone = zone.identifier
    draft.place = options["--place"]
    draft.note = options["--note"]
    draft.coordinate = try options.parse("--coord", Coordinate.parse)
    draft.mode = try options.parse("--mode", TravelMode.parse)
    if let from = options["--from"] { draft.origin = try origin(from, store: store) }
    draft.bufferSeconds = try options.parse("--buffer", DurationExpression.parse)
    draft.prepSeconds = try options.parse("--prep", DurationExpression.parse)
    draft.alertLeads = try options.parse("--alerts", AlertLeads.parse)
    draft.travelSeconds = try options.parse("--travel", DurationExpression.parse)
    let settings = try store?.settings() ?? .defaults
    let defaultOrigin = try store?.defaultPlace()?.origin
    do throws(AppointmentDraft.Problem) {
      if let base { return try draft.applied(to: base) }
      return try draft.appointment(settings: settings, defaultOrigin: defaultOrigin)
    } catch {
      switch error {
      case .missingStart:
        throw UsageError.missingOption(
          "--at", command: options.command, example: "--at \"내일 오후 7시\"")
      case .emptyTitle:
        throw UsageError.conflict("제목이 비어 있습니다, 예: chulbal add \"저녁 약속\" --at …")
      case .noTravel(let missingDestination):
        let missing =
          missingDestination ? "도착지 좌표('--coord 위도,경도')" : "출발지('--from 집' 또는 기본 장소)"
        throw UsageError.conflict(
          "이동 시간을 정할 수 없습니다: '--travel 30m'처럼 주거나, \(missing)를 주면 추정합니다 "
            + "(기본 장소: chulbal place add 집 --coord 위도,경도 --default)")
      }
    }
  }

  /// `--from`: the name of a saved place, else a coordinate.
  ///
  /// Saved names never parse as coordinates (`place add` refuses them), so the order is safe;
  /// text that looks like a coordinate but is not one gets the coordinate's error.
  static func origin(_ text: String, store: Store?) throws -> Origin {
    if let place = try store?.place(named: text) {
      return Origin(name: place.name, coordinate: place.coordinate)
    }
    if text.contains(","), text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" }) == true {
      return Origin(name: nil, coordinate: try parseCoordinate(text, option: "--from"))
    }
    throw UsageError.unknownPlace(text)
  }

  private static func parseCoordinate(_ text: String, option: String) throws(UsageError)
    -> Coordinate
  {
    do {
      return try Coordinate.parse(text)
    } catch {
      throw .invalidValue(option: option, error)
    }
  }
}
