import ChulbalCore
import ChulbalRoutes
import ChulbalStore
import ChulbalSystem
import ChulbalTerminal
import FoundationEssentials

/// `chulbal place search QUERY [--near PLACE|LAT,LNG] [--limit N] [--json]`
enum PlaceSearchCommand: Command {
  static let name = "place search"
  static let summary = "장소를 이름으로 찾습니다"
  static let usage = ["chulbal place search 검색어 [--near 장소|위도,경도] [--limit 개수] [--json]"]
  static let about = """
    place.search 설정의 서비스(카카오 장소 검색 또는 Nominatim)에 물어 장소와 주소, 좌표를
    보여 줍니다. 찾은 곳을 저장하려면 chulbal place add 이름 --search 검색어.
    """
  static let near = OptionSpec(
    "--near", value: "장소|위도,경도", kind: .place, help: "이 근처를 먼저 찾고 거리를 보여 줍니다 (저장된 장소나 좌표)")
  static let limit = OptionSpec(
    "--limit", value: "개수", help: "보여 줄 장소의 수, 1~\(placeSearchLimit) (기본 \(defaultLimit))")
  static let defaultLimit = 10
  static let options: [OptionSpec] = [near, limit, .database, OptionSpec.json.help("JSON 배열로")]
  static let epilogue = """
    예:
      chulbal config set kakao.key-command "pass show kakao/rest-api-key"
      chulbal place search 강남역
      chulbal place search 스타벅스 --near 회사 --limit 5
      chulbal place add 치과 --search "서울밝은치과 역삼"

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    guard !options.positionals.isEmpty else {
      throw ParseError.missingArgument(
        "검색어", command: name, example: "chulbal place search 강남역")
    }
    let query = options.positionals.joined(separator: " ")
    let count: Int
    if let text = options[limit] {
      guard text.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(text),
        (1...placeSearchLimit).contains(number)
      else {
        throw ParseError.invalidNumber(option: limit.name, text, accepted: "1~\(placeSearchLimit)")
      }
      count = number
    } else {
      count = defaultLimit
    }
    let nearReference = PlaceReference.read(options, near)
    let store = try options.store(environment, access: .reading)
    let center = try nearReference?.resolved(in: store).coordinate
    let finder = try PlaceFinder(options, store: store, environment: environment)
    let places = try finder.search(query, near: center, limit: count)
    func metres(_ place: FoundPlace) -> Int? {
      center.map { Int((place.coordinate.distanceKilometres(to: $0) * 1000).rounded()) }
    }
    if options.has(.json) {
      return .success(
        JSONValue.array(
          places.map { place in
            var fields: [(String, JSONValue)] = [
              ("name", .string(place.name)), ("address", .string(place.address)),
              ("coord", AppointmentView.json(place.coordinate)),
            ]
            if let metres = metres(place) { fields.append(("distance_m", .number(Double(metres)))) }
            return .object(fields)
          }
        ).rendered())
    }
    guard !places.isEmpty else {
      let wider = center == nil ? "" : " --near 없이 찾거나"
      return .success(
        "'\(TextCleaning.visible(query))'\(Korean.objectParticle(after: query)) 찾지 못했습니다.\(wider) 다른 이름이나 주소로 찾아 보세요\n"
      )
    }
    var table = TerminalTable()
    for heading in ["번호", "이름", "주소", "좌표"] + (center == nil ? [] : ["거리"]) {
      table.append(heading)
    }
    table.endRow()
    for (index, place) in places.enumerated() {
      for cell in [
        String(index + 1), place.name, place.address, AppointmentView.text(place.coordinate),
      ] {
        table.append(cell)
      }
      if let metres = metres(place) { table.append(PlaceFinder.distanceText(metres: metres)) }
      table.endRow()
    }
    // On a terminal a long name or address is cut short rather than wrapped.
    if let columns = environment.fittingColumns {
      table.fit(within: columns, shortening: [1: 8, 2: 10])
    }
    var output: [UInt8] = []
    for row in 0..<table.rowCount { table.appendLine(row, to: &output) }
    return .success(String(decoding: output, as: UTF8.self) + finder.attribution)
  }
}

/// The place search `place.search` names, ready to ask, and the words for what it found or
/// why it could not.
struct PlaceFinder {
  let search: any PlaceSearch

  /// The service from the store's settings.
  ///
  /// - Throws: ``PlaceSearchFailure/notSetUp`` when `place.search` is `none`.
  init(_ options: ParsedOptions, store: Store?, environment: Environment) throws {
    let settings = try store?.settings() ?? .defaults
    let timeout = settings.routes.timeoutSeconds
    switch settings.placeSearch {
    case nil: throw PlaceSearchFailure.notSetUp
    case .kakao:
      let directions = settings.routes.url(.kakao)
      // Kakao Local has its own host; a `kakao.url` of one's own (a proxy) serves both.
      let base =
        directions == RouteSettings.defaultURLs[.kakao]
        ? KakaoPlaceSearch.defaultURL : directions ?? KakaoPlaceSearch.defaultURL
      let command = settings.routes.keyCommands[.kakao]
      let key = RouteKeyCommand.key(environment.variables)
      search = KakaoPlaceSearch(
        base: base,
        key: { () throws(RouteFailure) -> String in
          guard let command else { throw .notConfigured(setting: "kakao.key-command") }
          return try key(.kakao, command)
        }, timeout: timeout)
    case .nominatim:
      let base = settings.nominatimURL
      // The public server's policy: one request a second, from every chulbal on the machine.
      let spacing =
        base == PlaceSearchService.publicNominatimURL
        ? RequestSpacing(
          path: try options.databasePath(environment) + ".nominatim", clock: environment.clock)
        : nil
      search = NominatimPlaceSearch(
        base: base, userAgent: "chulbal/\(CLI.version) (departure reminder; command line)",
        timeout: timeout, spacing: spacing)
    }
  }

  /// Asks the service.
  ///
  /// - Throws: ``PlaceSearchFailure/failed(_:_:)`` naming the service and the reason.
  func search(_ query: String, near: Coordinate?, limit: Int) throws -> [FoundPlace] {
    do throws(RouteFailure) {
      return try search.search(query, near: near, limit: limit)
    } catch {
      throw PlaceSearchFailure.failed(search.service, error)
    }
  }

  /// The first place `query` names, for `--search`.
  ///
  /// - Throws: ``PlaceSearchFailure/nothingFound(_:_:)`` when there is none.
  func first(_ query: String) throws -> FoundPlace {
    guard let place = try search(query, near: nil, limit: 1).first else {
      throw PlaceSearchFailure.nothingFound(search.service, query)
    }
    return place
  }

  /// `카카오 장소 검색: 강남역 2호선 · 서울 강남구 강남대로 지하 396 (37.4979,127.0276)`.
  func foundLine(_ place: FoundPlace) -> String {
    let address = place.address.isEmpty ? "" : " · \(TextCleaning.visible(place.address))"
    return
      "\(search.service.koreanName): \(TextCleaning.visible(place.name))\(address) (\(AppointmentView.text(place.coordinate)))\n"
  }

  /// The line the public Nominatim's data asks to be shown with; nothing for Kakao.
  var attribution: String {
    search.service == .nominatim ? "지도 데이터 \(NominatimPlaceSearch.attribution)\n" : ""
  }

  /// `350m`, `1.2km`, `15km`: as map apps in Korea write a distance.
  static func distanceText(metres: Int) -> String {
    if metres < 1000 { return "\(metres)m" }
    if metres < 10_000 { return "\((Double(metres) / 1000).decimalText(places: 1))km" }
    return "\(Int((Double(metres) / 1000).rounded()))km"
  }
}

/// Why a place search gave nothing to use (exit status 1).
enum PlaceSearchFailure: Error, Equatable, CustomStringConvertible {
  /// `place.search` is `none`: no service to ask.
  case notSetUp
  /// The service could not be asked or its answer read.
  case failed(PlaceSearchService, RouteFailure)
  /// `--search` found nothing to take.
  case nothingFound(PlaceSearchService, String)

  var description: String {
    switch self {
    case .notSetUp:
      return "장소를 찾을 서비스가 없습니다. 카카오 REST API 키가 있으면 "
        + "chulbal config set kakao.key-command '키를 출력하는 명령', 없으면 chulbal config set place.search nominatim"
    case .failed(let service, let failure):
      return "\(service.koreanName)에 실패했습니다: \(failure.message)"
    case .nothingFound(let service, let query):
      return
        "\(service.koreanName)\(Korean.topicParticle(after: service.koreanName)) '\(query)'\(Korean.objectParticle(after: query)) 찾지 못했습니다. 다른 이름이나 주소로 찾거나 --coord 위도,경도로 주세요"
    }
  }
}
