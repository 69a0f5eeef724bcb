import ChulbalCore
import ChulbalStore

/// `chulbal trip list [--json]`
enum TripListCommand: Command {
  static let name = "trip list"
  static let summary = "기억한 이동 시간을 봅니다"
  static let usage = ["chulbal trip list [--json]"]
  static let about = """
    약속의 이동 시간을 고치면(chulbal edit 번호 --travel 1h10m) 출발지와 목적지가 좌표로
    알려진 약속일 때 그 이동을 기억합니다. 같은 두 곳(150m 안) 사이를 같은 수단으로 가는 약속은
    추정 대신 기억한 시간을 씁니다 (show: '기억한 시간'). 약속 하나에 준 --travel이 늘
    우선합니다. add의 --travel은 그 약속에만 쓰고 기억하지 않습니다.
    """
  static let options: [OptionSpec] = [.database, .json]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    let trips = try options.store(environment, access: .reading)?.rememberedTrips().trips ?? []
    if options.has(.json) { return .success(JSONValue.array(trips.map(TripView.json)).rendered()) }
    guard !trips.isEmpty else {
      return .success("기억한 이동 시간이 없습니다. 약속의 이동 시간을 고치면 기억합니다: chulbal edit 1 --travel 50m\n")
    }
    return .success(TripView.table(trips))
  }
}

/// `chulbal trip forget ID`
enum TripForgetCommand: Command {
  static let name = "trip forget"
  static let summary = "기억한 이동 시간을 잊습니다"
  static let usage = ["chulbal trip forget 번호"]
  static let operands: [WordKind] = [.trip]
  static let about = """
    기억한 이동을 지웁니다. 그 이동 시간을 쓰던 다가오는 약속은 이동 시간을 다시 추정합니다
    (--travel로 준 이동 시간은 그대로입니다). 번호는 chulbal trip list로 봅니다.
    """
  static let options: [OptionSpec] = [.now, .database]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let word = try options.singlePositional("기억한 이동의 번호", example: "chulbal trip forget 1")
    guard let id = Int(word), id > 0 else { throw TripError.unknownTrip(word) }
    let now = try options.clock(environment, timeZone: nil).now()
    guard let store = try options.store(environment, access: .writing),
      let (trip, replanned) = try store.forgetTrip(id: id, now: now)
    else { throw TripError.unknownTrip(word) }
    var text = "기억한 이동을 잊었습니다: \(TripView.summary(trip))\n"
    if !replanned.isEmpty {
      text += "그 이동 시간을 쓰던 약속 \(replanned.count)개의 출발 시각을 다시 계획했습니다\n"
    }
    return .success(text)
  }
}
