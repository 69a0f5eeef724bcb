import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import FoundationEssentials

/// `chulbal nav`: the route link for an appointment, from the providers' fallback chain.
enum NavCommand: Command {
  static let name = "nav"
  static let summary = "길 안내 링크 (카카오맵, 네이버 지도, …)와 QR 코드"
  static let operands: [WordKind] = [.appointment]
  static let usage = [
    "chulbal nav [번호|제목] [--from 장소|위도,경도] [--mode 수단] [--provider 지도] [--all] [--open] [--qr [--app]] [--json]",
    "chulbal nav --to 이름 --coord 위도,경도|장소 [--from …] [--mode …]",
  ]
  static let about = """
    약속 장소(기본: 다음 약속)까지 가는 길 안내 링크를 씁니다. 출발지는 약속의 출발지,
    없으면 기본 출발지, 그것도 없으면 지도 앱이 현재 위치를 씁니다.
    지도 순서(설정 providers, 기본 kakao,naver,tmap,google,apple,osm)에서 이 컴퓨터에 앱이
    등록된 첫 지도의 앱 링크를, 없으면 웹 지도가 있는 첫 지도의 https 링크를 고릅니다
    (티맵에는 앱 링크만 있습니다). 출발지가 있으면 카카오맵의 https 링크도 출발지와 수단을
    담습니다.
    좌표가 없으면 (0,0도) 경로 대신 이름 검색 링크를 주고 그렇다고 알려 줍니다.
    지도가 요청과 다르게 여는 경우도 알려 줍니다: 오픈스트리트맵은 대중교통을 도보로,
    티맵은 모든 수단을 자동차로 열고, 구글 지도는 한국에서 자동차·도보 길찾기가 제한됩니다.

    --qr은 첫 줄에 쓴 링크를 그대로 QR 코드로 그립니다. 흔한 경로 링크는 80×24 터미널에
    들어가고, 터미널이 작으면 QR 코드 대신 몇 줄이 필요한지 알려 줍니다.
    """
  static let options = NavOptions.specs

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let nav = try NavOptions(options, environment: environment)
    let store = try options.store(environment, access: .reading)
    let settings = try store?.settings() ?? .defaults
    let request = try Self.request(nav, store: store, settings: settings)
    let order = nav.provider.map { [$0] } ?? settings.providers
    let all = order.compactMap { MapLinkBuilder.links(for: request, provider: $0) }.flatMap { $0 }
    // TMAP alone in the order has no link for a place without a coordinate: it has no search.
    if all.isEmpty, order == [.tmap] { throw NavError.tmapNeedsCoordinate }
    if nav.listAll { return .success(NavView.all(all, json: nav.json)) }
    guard
      let link = NavigationChain.choose(
        request, order: order, handlers: environment.schemeHandlers)
    else {
      throw NavError.noDestination
    }
    // The phone, not this desktop, has the app: --app puts the provider's app link in the QR
    // code even when no handler is registered here. What the code holds is what is printed.
    let kind: MapLink.Kind = nav.appInQR ? .app : .web
    let shown =
      nav.qr ? all.first { $0.provider == link.provider && $0.kind == kind } ?? link : link
    let notes = NavView.notes(for: shown, request: request)
    var output = NavView.chosen(shown, json: nav.json)
    if nav.qr {
      if let reason = QRCode.loadError { throw RuntimeFailure.qrLibraryMissing(reason) }
      guard let code = QRCode(shown.url) else {
        throw RuntimeFailure.linkTooLongForQRCode(bytes: shown.url.utf8.count)
      }
      let console = environment.console
      if console.isTerminal {
        let width = max(1, console.width())
        // The link's lines, the code, and the line the shell's prompt takes after them.
        let linkRows = (TerminalText.width(shown.url) + width - 1) / width
        let rows = linkRows + code.rows + 1
        if rows > console.height() || code.columns > width {
          return Outcome(
            standardOutput: output,
            standardError: Outcome.diagnostics(
              notes + [
                RuntimeFailure.qrCodeDoesNotFit(
                  rows: rows, columns: code.columns, terminalRows: console.height(),
                  terminalColumns: width
                ).message
              ]),
            exitCode: Outcome.failureExitCode)
        }
      }
      output += code.rendered(
        colors: ColorMode.detect(environment.variables, isTerminal: console.isTerminal))
    }
    if nav.open {
      do {
        try environment.opener.open(link, appSchemeRegistered: link.kind == .app)
      } catch {
        return Outcome(
          standardOutput: output,
          standardError: Outcome.diagnostics(
            notes + ["링크를 열지 못했습니다: \(error.message) — 위 링크를 직접 여세요"]),
          exitCode: Outcome.failureExitCode)
      }
    }
    return Outcome(standardOutput: output, standardError: Outcome.diagnostics(notes))
  }

  /// The route the options ask for: ad hoc (`--to`/`--coord`), or an appointment's.
  static func request(_ nav: NavOptions, store: Store?, settings: Settings) throws
    -> RouteRequest
  {
    // The origin first: a bad --from is bad input whatever is upcoming.
    let from = try nav.from?.origin(in: store)
    var request: RouteRequest
    var appointmentOrigin: Origin?
    switch nav.destination {
    case .adHoc(let name, let coordinate):
      // A saved place named by --coord is also the destination's name, unless --to gives one.
      let place = try coordinate?.resolved(in: store)
      request = RouteRequest(
        destinationName: name ?? place?.placeName, destination: place?.coordinate,
        mode: settings.mode)
      request.destinationNameIsPlace = name != nil
    case .appointment(let selector):
      guard
        let appointment = try AppointmentSelector.namedOrNext(
          selector, store: store, now: nav.clock.now())
      else {
        throw RuntimeFailure.nothingUpcoming(command: name)
      }
      request = route(to: appointment)
      if let place = appointment.place, try store?.place(named: place) != nil {
        request.destinationNameIsPlace = false
      }
      appointmentOrigin = appointment.origin
    }
    if let mode = nav.mode { request.mode = mode }
    let origin = try from ?? appointmentOrigin ?? store?.defaultPlace()?.origin
    request.origin = origin?.coordinate
    request.originName = origin?.name
    return request
  }

  /// The route to an appointment's place, in its mode, with no origin yet; without a place,
  /// its title labels the destination.
  static func route(to appointment: Appointment) -> RouteRequest {
    var request = RouteRequest(
      destinationName: appointment.place ?? appointment.title,
      destination: appointment.coordinate, mode: appointment.mode)
    request.destinationNameIsPlace = appointment.place != nil
    return request
  }

  /// The link `nav` with no options gives for `appointment`: from its origin or the default
  /// place, by the providers' chain and this desktop's handlers.
  static func link(
    for appointment: Appointment, defaultPlace: SavedPlace?, settings: Settings,
    handlers: any SchemeHandlerLookup
  ) -> MapLink? {
    var request = route(to: appointment)
    let origin = appointment.origin ?? defaultPlace?.origin
    request.origin = origin?.coordinate
    request.originName = origin?.name
    return NavigationChain.choose(request, order: settings.providers, handlers: handlers)
  }
}
