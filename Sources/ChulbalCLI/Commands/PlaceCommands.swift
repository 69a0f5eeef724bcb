import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import FoundationEssentials

/// `chulbal place add NAME (--coord LAT,LNG | --search QUERY) [--default]`
enum PlaceAddCommand: Command {
  static let name = "place add"
  static let summary = "출발지로 쓸 장소를 저장합니다"
  static let usage = ["chulbal place add 이름 (--coord 위도,경도 | --search 검색어) [--default]"]
  static let about = """
    집, 회사처럼 자주 떠나는 곳을 저장합니다. --default를 주면 기본 출발지가 됩니다.
    --search를 주면 장소 검색(chulbal place search)의 첫 결과를 보여 주고 그 좌표로 저장합니다.
    """
  static let isDefault = OptionSpec("--default", help: "기본 출발지로")
  static let search = OptionSpec(
    "--search", value: "검색어", help: "장소 검색의 첫 결과로 (place.search 설정), 예: \"강남역 2번 출구\"")
  static let options: [OptionSpec] = [
    OptionSpec.coord.help("좌표, 예: 37.5665,126.9780 (--search가 없으면 필수)"), search, isDefault,
    .database,
  ]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let name = try options.singlePositional(
      "이름", example: "chulbal place add 집 --coord 37.5665,126.9780")
    try validate(name: name)
    let typed = try options.parse(.coord, Coordinate.parseKnown)
    let query = options[search]
    if typed != nil && query != nil { throw PlaceError.searchWithCoord(option: search.name) }
    if query?.trimmingWhitespace().isEmpty == true {
      throw ParseError.missingValue(option: search.name)
    }
    guard typed != nil || query != nil else {
      throw ParseError.missingOption(
        "--coord", command: Self.name, example: "--coord 37.5665,126.9780")
    }
    let existing = try options.store(environment, access: .writing)
    if try existing?.place(named: name) != nil { throw PlaceError.duplicatePlace(name) }
    var found = ""
    let coordinate: Coordinate
    if let typed {
      coordinate = typed
    } else {
      let finder = try PlaceFinder(options, store: existing, environment: environment)
      let place = try finder.first(query ?? "")
      found = finder.foundLine(place)
      coordinate = place.coordinate
    }
    let store = try options.writableStore(environment, existing: existing)
    let place = SavedPlace(name: name, coordinate: coordinate, isDefault: options.has(isDefault))
    let now = environment.clock.now()
    let asked = try RouteAsker.asking(store, environment: environment, now: now) {
      _ = try store.addPlace(place, now: now)
    }
    return Outcome(
      standardOutput: found + (try save(place, in: store, now: now)),
      standardError: Outcome.diagnostics(asked))
  }

  /// Saves `place` as one undoable change.
  ///
  /// - Returns: the line that says so.
  /// - Throws: ``PlaceError/duplicatePlace(_:)`` when a place has its name already.
  static func save(_ place: SavedPlace, in store: Store, now: Date) throws -> String {
    let name = place.name
    let shown = "장소 '\(TextCleaning.visible(name))'"
    let added = try store.recordingUndo(Self.name, now: now) {
      (try store.addPlace(place, now: now), "\(shown) 저장")
    }
    guard added else { throw PlaceError.duplicatePlace(name) }
    let mark = place.isDefault ? ", 기본 출발지" : ""
    return
      "\(shown)\(Korean.objectParticle(after: name)) 저장했습니다 (\(AppointmentView.text(place.coordinate))\(mark))\n"
  }

  /// A place name must be something `--from` and `--coord` can tell apart from a coordinate.
  static func validate(name: String, option: String = "이름") throws {
    func fail(_ reason: String) -> ParseError {
      .invalidValue(option: option, .placeName(name, reason: reason))
    }
    if name.trimmingWhitespace().isEmpty { throw fail("비어 있습니다") }
    if name.unicodeScalars.contains(where: TextCleaning.isControl) {
      throw fail("제어 문자는 쓸 수 없습니다")
    }
    if (try? Coordinate.parse(name)) != nil || name.hasPrefix("-") {
      throw fail("좌표나 '-'로 시작하는 이름은 --from, --coord에서 좌표와 구분할 수 없습니다")
    }
  }
}

/// `chulbal place list`
enum PlaceListCommand: Command {
  static let name = "place list"
  static let summary = "저장한 장소를 봅니다"
  static let usage = ["chulbal place list [--json]"]
  static let about = "저장한 장소와 좌표, 기본 출발지를 보여 줍니다."
  static let options: [OptionSpec] = [.database, .json]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    let places = try options.store(environment, access: .reading)?.places() ?? []
    if options.has(.json) {
      return .success(
        JSONValue.array(
          places.map {
            .object([
              ("name", .string($0.name)), ("coord", AppointmentView.json($0.coordinate)),
              ("default", .bool($0.isDefault)),
            ])
          }
        ).rendered())
    }
    guard !places.isEmpty else {
      return .success(
        "저장된 장소가 없습니다. 추가하려면: chulbal place add 집 --coord 37.5665,126.9780 --default\n")
    }
    let rows = places.map {
      [$0.name, AppointmentView.text($0.coordinate), $0.isDefault ? "기본" : ""]
    }
    return .success(TerminalText.table([["이름", "좌표", ""]] + rows))
  }
}

/// `chulbal place remove NAME`
enum PlaceRemoveCommand: Command {
  static let name = "place remove"
  static let summary = "저장한 장소를 지웁니다"
  static let operands: [WordKind] = [.place]
  static let usage = ["chulbal place remove 이름"]
  static let about = "장소를 지웁니다. 이미 저장한 약속의 출발지 좌표는 그대로 남습니다."
  static let options: [OptionSpec] = [.database]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let name = try options.singlePositional("장소 이름", example: "chulbal place remove 집")
    guard let store = try options.store(environment, access: .writing),
      let place = try store.place(named: name)
    else { throw PlaceError.unknownSavedPlace(name) }
    let now = environment.clock.now()
    let asked = try RouteAsker.asking(store, environment: environment, now: now) {
      _ = try store.removePlace(named: name, now: now)
    }
    let removed = try store.recordingUndo(Self.name, now: now) {
      (try store.removePlace(named: name, now: now), "장소 '\(TextCleaning.visible(name))' 지움")
    }
    guard removed else { throw PlaceError.unknownSavedPlace(name) }
    var text = "장소 '\(TextCleaning.visible(name))'\(Korean.objectParticle(after: name)) 지웠습니다\n"
    if place.isDefault {
      let howTo =
        try store.places().isEmpty
        ? "chulbal place add 집 --coord 위도,경도 --default" : "chulbal place edit 이름 --default"
      text += "기본 출발지였습니다. 이제 기본 출발지가 없습니다 (정하려면: \(howTo))\n"
    }
    return Outcome(standardOutput: text, standardError: Outcome.diagnostics(asked))
  }
}

/// `chulbal place edit NAME [--coord LAT,LNG] [--default] [--rename NEW]`
enum PlaceEditCommand: Command {
  static let name = "place edit"
  static let summary = "저장한 장소를 고칩니다"
  static let operands: [WordKind] = [.place]
  static let usage = ["chulbal place edit 이름 [--coord 위도,경도] [--default] [--rename 새 이름]"]
  static let about = """
    장소의 좌표나 이름을 바꾸거나 기본 출발지로 정합니다. 주지 않은 것은 그대로 둡니다.
    이미 저장한 약속의 출발지는 그대로 남습니다.
    """
  static let rename = OptionSpec("--rename", value: "새 이름", help: "새 이름")
  static let options: [OptionSpec] = [
    OptionSpec.coord.help("새 좌표, 예: 37.5665,126.9780"),
    PlaceAddCommand.isDefault.help("기본 출발지로 (다른 장소는 기본에서 풀립니다)"), rename, .database,
  ]
  static let epilogue = """
    예:
      chulbal place edit 회사 --coord 37.5665,126.9780
      chulbal place edit 집 --rename 본가 --default

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let example = "chulbal place edit 집 --coord 37.5665,126.9780"
    let name = try options.singlePositional("장소 이름", example: example)
    let coordinate = try options.parse(.coord, Coordinate.parseKnown)
    let newName = options[rename]
    if let newName { try PlaceAddCommand.validate(name: newName, option: rename.name) }
    let makeDefault = options.has(PlaceAddCommand.isDefault)
    guard coordinate != nil || newName != nil || makeDefault else {
      throw ValidationError.nothingToEdit(Self.options.dropLast().map(\.name), example: example)
    }
    guard let store = try options.store(environment, access: .writing),
      let old = try store.place(named: name)
    else { throw PlaceError.unknownSavedPlace(name) }
    var place = old
    if let coordinate { place.coordinate = coordinate }
    if let newName { place.name = newName }
    if makeDefault { place.isDefault = true }
    let shown = "장소 '\(TextCleaning.visible(name))'"
    guard place != old else {
      let mark = old.isDefault ? ", 기본 출발지" : ""
      return .success(
        "\(shown)\(Korean.topicParticle(after: name)) 이미 그렇게 저장되어 있습니다 (\(AppointmentView.text(old.coordinate))\(mark))\n"
      )
    }
    let formerDefault = try store.defaultPlace()
    let now = environment.clock.now()
    let asked = try RouteAsker.asking(store, environment: environment, now: now) {
      _ = try store.updatePlace(named: name, to: place, now: now)
    }
    let update = try store.recordingUndo(Self.name, now: now) {
      (try store.updatePlace(named: name, to: place, now: now), "\(shown) 고침")
    }
    switch update {
    case .updated: break
    case .notFound: throw PlaceError.unknownSavedPlace(name)
    case .nameTaken: throw PlaceError.placeNameTaken(place.name)
    }
    var changes: [String] = []
    if place.name != old.name { changes.append("이름 → '\(TextCleaning.visible(place.name))'") }
    if place.coordinate != old.coordinate {
      changes.append(
        "좌표 \(AppointmentView.text(old.coordinate)) → \(AppointmentView.text(place.coordinate))")
    }
    if place.isDefault != old.isDefault {
      let instead = formerDefault.map { " ('\(TextCleaning.visible($0.name))' 대신)" } ?? ""
      changes.append("기본 출발지로\(instead)")
    }
    var text =
      "\(shown)\(Korean.objectParticle(after: name)) 바꿨습니다: \(changes.joined(separator: ", "))\n"
    if old.isDefault && place.coordinate != old.coordinate {
      text += "기본 출발지입니다: 기본 출발지에서 출발하는 앞으로의 약속을 새 좌표에서 다시 계획했습니다\n"
    }
    return Outcome(standardOutput: text, standardError: Outcome.diagnostics(asked))
  }
}
