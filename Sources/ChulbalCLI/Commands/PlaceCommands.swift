import ChulbalCore
import ChulbalStore
import ChulbalTerminal

/// `chulbal place add NAME --coord LAT,LNG [--default]`
enum PlaceAddCommand: Command {
  static let name = "place add"
  static let summary = "출발지로 쓸 장소를 저장합니다"
  static let usage = ["chulbal place add 이름 --coord 위도,경도 [--default]"]
  static let about = "집, 회사처럼 자주 떠나는 곳을 저장합니다. --default를 주면 기본 출발지가 됩니다."
  static let isDefault = OptionSpec("--default", help: "기본 출발지로")
  static let options: [OptionSpec] = [
    OptionSpec.coord.help("좌표 (필수), 예: 37.5665,126.9780"), isDefault, .database,
  ]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let name = try options.singlePositional(
      "이름", example: "chulbal place add 집 --coord 37.5665,126.9780")
    try validate(name: name)
    guard let coordinate = try options.parse(.coord, Coordinate.parseKnown) else {
      throw UsageError.missingOption(
        "--coord", command: Self.name, example: "--coord 37.5665,126.9780")
    }
    let existing = try options.store(environment, access: .writing)
    if try existing?.place(named: name) != nil { throw UsageError.duplicatePlace(name) }
    let store = try options.writableStore(environment, existing: existing)
    let place = SavedPlace(name: name, coordinate: coordinate, isDefault: options.has(isDefault))
    guard try store.addPlace(place) else { throw UsageError.duplicatePlace(name) }
    let mark = place.isDefault ? ", 기본 출발지" : ""
    return .success(
      "장소 '\(TextCleaning.visible(name))'\(Korean.objectParticle(after: name)) 저장했습니다 (\(AppointmentView.text(coordinate))\(mark))\n"
    )
  }

  /// A place name must be something `--from` can tell apart from a coordinate.
  static func validate(name: String) throws(UsageError) {
    func fail(_ reason: String) -> UsageError {
      .invalidValue(option: "이름", .placeName(name, reason: reason))
    }
    if name.trimmingCharacters(in: .whitespaces).isEmpty { throw fail("비어 있습니다") }
    if name.unicodeScalars.contains(where: TextCleaning.isControl) {
      throw fail("제어 문자는 쓸 수 없습니다")
    }
    if (try? Coordinate.parse(name)) != nil || name.hasPrefix("-") {
      throw fail("좌표나 '-'로 시작하는 이름은 --from에서 좌표와 구분할 수 없습니다")
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
  static let usage = ["chulbal place remove 이름"]
  static let about = "장소를 지웁니다. 이미 저장한 약속의 출발지 좌표는 그대로 남습니다."
  static let options: [OptionSpec] = [.database]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let name = try options.singlePositional("장소 이름", example: "chulbal place remove 집")
    guard let store = try options.store(environment, access: .writing),
      try store.place(named: name) != nil
    else { throw UsageError.unknownSavedPlace(name) }
    guard try store.removePlace(named: name) else { throw UsageError.unknownSavedPlace(name) }
    return .success(
      "장소 '\(TextCleaning.visible(name))'\(Korean.objectParticle(after: name)) 지웠습니다\n")
  }
}
