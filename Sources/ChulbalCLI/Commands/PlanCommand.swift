import ChulbalCore
import ChulbalRoutes
import FoundationEssentials

/// `chulbal plan`: when to leave for one appointment, computed and shown, nothing stored.
enum PlanCommand: Command {
  static let name = "plan"
  static let summary = "출발 시각과 알림을 계산합니다 (저장하지 않음)"
  static let usage = [
    "chulbal plan --at 시각 --travel 시간 [--buffer 시간] [--prep 시간] [--alerts 목록] [--tz 시간대] [--now 시각] [--json]",
    "chulbal plan --at 시각 --from 장소|위도,경도 --to 장소|위도,경도 [--mode 수단] [--db 파일] [위의 다른 옵션…]",
  ]
  static let about = """
    약속 시각에서 이동 시간과 여유 시간을 빼서 출발 시각을 구하고, 알림 시각을 보여 줍니다.
    아무것도 저장하지 않습니다. --from과 --to에는 좌표나 저장된 장소 이름(chulbal place list)을 씁니다.
    이동 시간은 route.car 같은 설정의 길찾기에 차례로 묻고, 모두 실패하면 추정합니다.
    """
  static let from = OptionSpec(
    "--from", value: "장소|위도,경도", kind: .place,
    help: "출발지: 저장된 장소 이름이나 좌표 (--to와 함께 주면 이동 시간을 추정합니다)"
  )
  static let to = OptionSpec(
    "--to", value: "장소|위도,경도", kind: .place, help: "도착지: 저장된 장소 이름이나 좌표")
  static let options: [OptionSpec] = [
    OptionSpec.at.help("약속 시각 (필수, 아래 '시각 쓰는 법')"), .travel, from, to,
    OptionSpec.mode.help(
      "길찾기와 추정에 쓸 이동 수단: car, transit, walk, bike (기본 \(OptionSpec.initially(.mode)))"),
    OptionSpec.buffer.help("여유 시간 (기본 \(OptionSpec.initially(.buffer)))"),
    OptionSpec.prep.help(
      "출발 전 준비 시간. 주면 준비 시작 알림이 생깁니다 (기본 \(OptionSpec.initially(.prep)))"),
    OptionSpec.alerts.help(
      "출발 몇 분 전에 알릴지 쉼표로 (끄려면 none, 기본 \(OptionSpec.initially(.alerts)))"),
    OptionSpec.timeZone.help("약속의 IANA 시간대, 예: Asia/Seoul (기본: 시스템 시간대, TZ 환경 변수를 따름)"),
    .now, OptionSpec.database.help("저장된 장소를 읽을 데이터베이스 파일 (기본: $CHULBAL_DB, 아니면 XDG 위치)"),
    OptionSpec.json.help("스크립트용 JSON으로 출력"),
  ]
  static var epilogue: String {
    "시각 쓰는 법:\n" + HelpText.table(TimeGrammar.forms) + "\n"
      + HelpText.paragraphs(TimeGrammar.hours)
        + """

        예:
          chulbal plan --at "내일 오후 7시" --travel 35m --buffer 10m
          chulbal plan --at "금요일 저녁 7시 반" \\
            --from 37.5547,126.9707 --to 37.4979,127.0276
          chulbal plan --at "내일 9시" --from 집 --to 회사
          chulbal plan --at 19:00 --travel 40m --prep 20m --alerts 1h,15m,0 --json

        """
  }

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let request = try PlanRequest(options: options, environment: environment)
    // The plan is shown in the reader's zone, with --tz's own clock beside when it differs.
    let view = PlanView(
      plan: request.plan, timeZone: request.timeZone,
      readerZone: environment.readerZone(else: request.timeZone), now: request.now,
      route: request.route)
    return Outcome(
      standardOutput: options.has(.json) ? view.json().rendered() : view.text(),
      standardError: Outcome.diagnostics(request.passedOver))
  }
}

/// A `plan` command line checked and turned into a departure plan.
struct PlanRequest {
  let plan: DeparturePlan
  let timeZone: Zone
  let now: Date
  /// Where the trip time came from and the departure it was asked for; nil for `--travel`.
  let route: PlanView.Route?
  /// One line for each route provider that failed and was passed over.
  let passedOver: [String]

  /// - Throws: `UsageError` for bad input; `StoreError` when saved places cannot be read.
  init(options: ParsedOptions, environment: Environment) throws {
    try options.expectPositionals(atMost: 0)
    let zone = try environment.timeZone(option: options[.timeZone])
    timeZone = zone
    let now = try options.clock(environment, timeZone: zone).now()
    self.now = now
    guard
      let start = try options.parse(
        .at, { text throws(InputError) in try TimeExpression.parse(text, now: now, timeZone: zone) }
      )
    else {
      throw ParseError.missingOption(
        "--at", command: PlanCommand.name, example: "--at \"내일 오후 7시\"")
    }
    let defaults = Settings.defaults
    let buffer = try options.parse(.buffer, DurationExpression.parse) ?? defaults.bufferSeconds
    let prep = try options.parse(.prep, DurationExpression.parse) ?? defaults.prepSeconds
    let alerts = try options.parse(.alerts, AlertLeads.parse) ?? defaults.alertLeads
    var passedOver: [String] = []
    let travel = try Self.travel(
      options, environment: environment, start: start, bufferSeconds: buffer, zone: zone,
      now: now, passedOver: &passedOver)
    self.passedOver = passedOver
    route = travel.route
    plan = DeparturePlan(
      start: start, travelSeconds: travel.seconds,
      travelSource: travel.route.map { TravelSource($0.source) } ?? .given, bufferSeconds: buffer,
      prepSeconds: prep, alertLeads: alerts)
  }

  /// Travel seconds from `--travel`, or asked of the mode's route chain for `--from`/`--to`
  /// (`--mode`), with where they came from.
  private static func travel(
    _ options: ParsedOptions, environment: Environment, start: Date, bufferSeconds: Int,
    zone: Zone, now: Date, passedOver: inout [String]
  ) throws -> (seconds: Int, route: PlanView.Route?) {
    let travel = try options.parse(.travel, DurationExpression.parse)
    // 0,0 is read here to be refused below with what to do instead.
    let from = PlaceReference.read(options, PlanCommand.from, knownOnly: false)
    let to = PlaceReference.read(options, PlanCommand.to, knownOnly: false)
    let mode = try options.parse(.mode, TravelMode.parse)
    if let travel {
      guard from == nil, to == nil, mode == nil else { throw TripError.travelWithRoute }
      return (travel, nil)
    }
    guard let from, let to else {
      throw from != nil || to != nil ? TripError.incompleteRoute : TripError.planNeedsTravel
    }
    // The database gives saved places and the route settings; plan creates none.
    let store = try options.store(environment, access: .reading)
    let origin = try from.resolved(in: store).coordinate
    let destination = try to.resolved(in: store).coordinate
    let settings = try store?.settings() ?? .defaults
    let travelMode = mode ?? Settings.defaults.mode
    // The estimate first: it checks both ends, and places the departure the providers are
    // asked about.
    let estimate: Int
    do throws(TravelEstimate.Problem) {
      estimate = try TravelEstimate.seconds(from: origin, to: destination, mode: travelMode)
    } catch {
      switch error {
      case .unknownOrigin: throw TripError.unknownCoordinate(option: PlanCommand.from.name)
      case .unknownDestination: throw TripError.unknownCoordinate(option: PlanCommand.to.name)
      case .tooLong(let seconds): throw TripError.estimateTooLong(seconds: seconds)
      }
    }
    let query = RouteQuery(
      origin: origin, destination: destination, mode: travelMode,
      departure: DeparturePlan.departure(
        start: start, travelSeconds: estimate, bufferSeconds: bufferSeconds),
      timeZone: zone)
    let chain = RouteProviders.chain(
      for: travelMode, settings: settings.routes, key: RouteKeyCommand.key(environment.variables),
      environment: environment.variables, now: now)
    var lines: [String] = []
    let answer = try chain.ask(query) { source, failure, next in
      lines.append(RouteChain.passedOverMessage(source, failure, next: next))
    }
    passedOver += lines
    return (answer.seconds, PlanView.Route(source: answer.source, departure: query.departure))
  }
}
