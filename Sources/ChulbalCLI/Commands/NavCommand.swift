import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import Foundation

/// `chulbal nav`: the route link for an appointment, from the providers' fallback chain.
enum NavCommand: Command {
  static let name = "nav"
  static let summary = "길 안내 링크 (카카오맵, 네이버 지도, …)와 QR 코드"
  static let specs: [CommandOptions.Spec] = [
    .init(name: "--to"), .init(name: "--coord"), .init(name: "--from"), .init(name: "--mode"),
    .init(name: "--provider"), .init(name: "--all", takesValue: false),
    .init(name: "--app", takesValue: false), .init(name: "--open", takesValue: false),
    .init(name: "--qr", takesValue: false), .now, .database, .json, .help,
  ]

  static let help = """
    사용법: chulbal nav [번호|제목] [--from 장소|위도,경도] [--mode 수단] [--provider 지도]
                        [--all] [--open] [--qr [--app]] [--json]
           chulbal nav --to 이름 --coord 위도,경도 [--from …] [--mode …]

    약속 장소(기본: 다음 약속)까지 가는 길 안내 링크를 씁니다. 출발지는 약속의 출발지,
    없으면 기본 장소, 그것도 없으면 지도 앱이 현재 위치를 씁니다.
    지도 순서(설정 providers, 기본 kakao,naver,google,apple,osm)에서 이 컴퓨터에 앱이
    등록된 첫 지도의 앱 링크를, 없으면 첫 지도의 https 링크를 고릅니다.
    좌표가 없으면 (0,0도) 경로 대신 이름 검색 링크를 주고 그렇다고 알려 줍니다.

    옵션:
      --to 이름, --coord 위도,경도   저장하지 않은 목적지
      --from 장소|위도,경도          출발지
      --mode 수단                    car, transit, walk, bike
      --provider 지도                kakao, naver, google, apple, osm 중 하나만 씁니다
      --all                          모든 지도의 앱 링크와 웹 링크 (표, 또는 --json)
      --open                         이 데스크톱에서 링크를 엽니다 (xdg-open, 셸 없이)
      --qr                           https 링크를 QR 코드로 그려 휴대폰으로 넘깁니다
      --app                          --qr에 https 대신 앱 링크를 담습니다 (휴대폰의 앱용)
      --json                         JSON으로
      --db 파일                      데이터베이스 파일
      -h, --help                     이 도움말

    """

  static func run(_ options: CommandOptions, _ environment: Environment) throws -> Outcome {
    let store = try options.store(environment, create: false)
    let settings = try store?.settings() ?? .defaults
    let request = try Self.request(
      options, environment: environment, store: store, settings: settings)
    var order = settings.providers
    if let provider = options["--provider"] {
      guard let forced = MapProvider(rawValue: provider.lowercased()) else {
        throw UsageError.invalidValue(
          option: "--provider", .providers(provider, reason: "'\(provider)'은(는) 모르는 지도입니다"))
      }
      order = [forced]
    }
    let all = order.compactMap { MapLinks.links(for: request, provider: $0) }.flatMap { $0 }
    if options.has("--all") {
      if options.has("--json") {
        return .success(
          JSONValue.array(
            all.map {
              .object([
                ("provider", .string($0.provider.rawValue)), ("kind", .string($0.kind.rawValue)),
                ("url", .string($0.url)),
              ])
            }
          ).rendered())
      }
      return .success(
        TerminalText.table(all.map { [$0.provider.rawValue, $0.kind.rawValue, $0.url] }))
    }
    let handlers = XDGSchemeHandlers(variables: environment.variables)
    guard let link = NavigationChain.choose(request, order: order, handlers: handlers) else {
      throw UsageError.conflict("목적지의 이름도 좌표도 없습니다: '--to 이름 --coord 위도,경도'를 주세요")
    }
    var notes: [String] = []
    if link.isSearch {
      notes.append(
        request.routableDestination == nil
          ? "좌표가 없어 경로 대신 이름으로 검색하는 링크입니다 ('--coord 위도,경도'를 주면 경로가 됩니다)"
          : "\(link.provider.rawValue)는 웹 경로 링크가 없어 이름으로 검색하는 링크입니다")
    }
    var output =
      options.has("--json")
      ? JSONValue.object([
        ("provider", .string(link.provider.rawValue)), ("kind", .string(link.kind.rawValue)),
        ("url", .string(link.url)), ("search", .bool(link.isSearch)),
      ]).rendered()
      : link.url + "\n"
    if options.has("--qr") {
      // The phone, not this desktop, has the app: --app encodes the provider's app link even
      // when no handler is registered here.
      let kind: MapLink.Kind = options.has("--app") ? .app : .web
      let encoded = all.first { $0.provider == link.provider && $0.kind == kind } ?? link
      guard let code = QRCode(encoded.url) else {
        throw RuntimeFailure(message: "링크가 너무 길어 QR 코드로 만들 수 없습니다")
      }
      output += code.rendered(
        colors: ColorMode.detect(environment.variables, isTerminal: environment.console.isTerminal))
    }
    if options.has("--open") {
      do {
        try URLOpener(variables: environment.variables).open(
          link, appSchemeRegistered: link.kind == .app)
      } catch {
        return Outcome(
          standardOutput: output,
          standardError: (notes + ["링크를 열지 못했습니다: \(error.message) — 위 링크를 직접 여세요"])
            .map { "chulbal: \($0)\n" }.joined(),
          exitCode: Outcome.failureExitCode)
      }
    }
    return Outcome(
      standardOutput: output, standardError: notes.map { "chulbal: \($0)\n" }.joined())
  }

  /// The route from the options: ad hoc (`--to`/`--coord`), or an appointment.
  static func request(
    _ options: CommandOptions, environment: Environment, store: Store?, settings: Settings
  ) throws -> RouteRequest {
    var request: RouteRequest
    var appointmentOrigin: Origin?
    if options["--to"] != nil || options["--coord"] != nil {
      if let word = options.positionals.first {
        throw UsageError.conflict("'--to'/'--coord'를 주면 약속 번호('\(word)')는 쓰지 않습니다")
      }
      request = RouteRequest(
        destinationName: options["--to"],
        destination: try options.parse("--coord", Coordinate.parse),
        mode: settings.mode)
    } else {
      guard
        let appointment = try AppointmentSelector.namedOrNext(
          options, store: store,
          now: { try options.now(environment, timeZone: environment.timeZone(option: nil)) })
      else {
        throw RuntimeFailure(
          message: "다가오는 약속이 없습니다: 약속 번호를 주거나 '--to 이름 --coord 위도,경도'로 목적지를 주세요")
      }
      request = RouteRequest(
        destinationName: appointment.place ?? appointment.title,
        destination: appointment.coordinate, mode: appointment.mode)
      appointmentOrigin = appointment.origin
    }
    if let mode = try options.parse("--mode", TravelMode.parse) { request.mode = mode }
    let origin: Origin? =
      if let from = options["--from"] {
        try AppointmentInput.origin(from, store: store)
      } else {
        try appointmentOrigin
          ?? store?.defaultPlace().map { Origin(name: $0.name, coordinate: $0.coordinate) }
      }
    request.origin = origin?.coordinate
    request.originName = origin?.name
    return request
  }
}
