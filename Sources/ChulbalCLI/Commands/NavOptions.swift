import ChulbalCore

/// A `nav` command line read into typed values, before any file is opened.
struct NavOptions {
  /// Where the route goes.
  enum Destination {
    /// `--to`/`--coord`: a place that is no appointment's; `--coord` may name a saved place.
    case adHoc(name: String?, coordinate: PlaceReference?)
    /// The appointment a word names, else the next one.
    case appointment(selector: String?)
  }

  static let to = OptionSpec("--to", value: "이름", help: "저장하지 않은 목적지의 이름 (--coord와 함께)")
  static let provider = OptionSpec(
    "--provider", value: "지도", kind: .choice(of: MapProvider.self),
    help: "kakao, naver, tmap, google, apple, osm 중 하나만 씁니다 (tmap은 앱 링크만)")
  static let all = OptionSpec("--all", help: "모든 지도의 앱 링크와 웹 링크 (표, 또는 --json)")
  static let open = OptionSpec("--open", help: "이 데스크톱에서 링크를 엽니다 (xdg-open, 셸 없이)")
  static let qr = OptionSpec(
    "--qr", help: "https 링크를 QR 코드로 그려 휴대폰으로 넘깁니다 (위 줄이 QR 코드에 담긴 링크, 80×24 터미널에 맞춤)")
  static let app = OptionSpec("--app", help: "--qr에 https 대신 앱 링크를 담습니다 (휴대폰의 앱용)")
  static let specs: [OptionSpec] = [
    to, OptionSpec.coordOrPlace.help("목적지의 좌표나 저장된 장소 이름"),
    OptionSpec.from.help("출발지: 저장된 장소 이름이나 좌표"),
    OptionSpec.mode.help("car, transit, walk, bike (기본: 약속의 수단, 아니면 설정의 mode 값)"), provider,
    all, open, qr, app, OptionSpec.now.help("다음 약속을 고를 때의 지금 (ISO 8601)"), .database,
    OptionSpec.json.help("JSON으로"),
  ]

  let destination: Destination
  let from: PlaceReference?
  let mode: TravelMode?
  let provider: MapProvider?
  let listAll: Bool
  let open: Bool
  let qr: Bool
  let appInQR: Bool
  let json: Bool
  let clock: any WallClock

  init(_ options: ParsedOptions, environment: Environment) throws {
    try options.expectPositionals(atMost: 1)
    let word = options.positionals.first
    if options[Self.to] != nil || options[.coord] != nil {
      if let word { throw NavError.selectorWithDestination(word) }
      let name = options[Self.to]
      // 0,0 is taken here, for a search by name.
      let coordinate = PlaceReference.read(options, .coord, knownOnly: false)
      let route = RouteRequest(
        destinationName: name, destination: coordinate?.coordinate, mode: .transit)
      // A saved place's coordinate is known once the store is read.
      guard
        route.routableDestination != nil || name?.isEmpty == false
          || coordinate?.needsStore == true
      else {
        throw NavError.noDestination
      }
      destination = .adHoc(name: name, coordinate: coordinate)
    } else {
      destination = .appointment(selector: word)
    }
    from = PlaceReference.read(options, .from)
    mode = try options.parse(.mode, TravelMode.parse)
    provider = try options.choice(Self.provider, MapProvider.self, noun: "지도")
    listAll = options.has(Self.all)
    open = options.has(Self.open)
    qr = options.has(Self.qr)
    appInQR = options.has(Self.app)
    // Each would be ignored without a word otherwise.
    if appInQR && !qr { throw NavError.appWithoutQR }
    if qr && listAll { throw NavError.qrWithAll }
    if open && listAll { throw NavError.openWithAll }
    json = options.has(.json)
    if qr && json { throw NavError.qrWithJSON }
    clock = try options.clock(environment, timeZone: nil)
  }
}
