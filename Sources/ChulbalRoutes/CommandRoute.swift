import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// The person's own program (`route.command`), run without a shell: it is given the trip in
/// its environment — `CHULBAL_FROM` and `CHULBAL_TO` as `lat,lng`, `CHULBAL_MODE`
/// (`car`, `transit`, `walk`, `bike`) and `CHULBAL_DEPARTURE` (ISO 8601, UTC) — and prints
/// the trip time in seconds on its first line, exiting 0 within `route.timeout`.
public struct CommandRoute: RouteProvider {
  public var source: RouteSource { .command }
  let words: [String]
  let environment: [String: String]
  let timeout: Int

  public init(words: [String], environment: [String: String], timeout: Int) {
    self.words = words
    self.environment = environment
    self.timeout = timeout
  }

  public func route(_ query: RouteQuery) throws(RouteFailure) -> RouteAnswer {
    var variables = environment
    variables["CHULBAL_FROM"] = Self.point(query.origin)
    variables["CHULBAL_TO"] = Self.point(query.destination)
    variables["CHULBAL_MODE"] = query.mode.rawValue
    variables["CHULBAL_DEPARTURE"] = KoreanDateFormat(timeZone: .gmt).iso8601(query.departure)
    let result: ChildOutput
    do throws(SpawnError) {
      result = try ChildOutput.run(words, environment: variables, timeout: TimeInterval(timeout))
    } catch {
      throw .program(
        "'\(words[0])'\(Korean.objectParticle(after: words[0])) 실행할 수 없습니다: \(Self.reason(error))")
    }
    guard let status = result.status else { throw .timedOut(seconds: timeout) }
    guard status == 0 else {
      let said = result.errorLine
      throw .program(
        "상태 \(status)\(Korean.directionParticle(after: String(status))) 끝났습니다"
          + (said.isEmpty ? "" : ": \(said)"))
    }
    guard let first = ChildOutput.firstLine(of: result.output) else {
      let said = result.errorLine
      throw .badAnswer("아무것도 출력하지 않았습니다" + (said.isEmpty ? "" : ": \(said)"))
    }
    let line = first.trimmingWhitespace()
    guard !line.isEmpty, line.allSatisfy({ ("0"..."9").contains($0) || $0 == "." }),
      let seconds = Double(line)
    else {
      let shown = TextCleaning.visible(String(line.prefix(40)))
      throw .badAnswer("첫 줄 '\(shown)'\(Korean.topicParticle(after: shown)) 초 단위 숫자가 아닙니다")
    }
    return try .converting(seconds, .seconds, source: .command, accountsForConditions: false)
  }

  /// Why the program could not be started, in the words `config set` uses for the same
  /// problems.
  static func reason(_ error: SpawnError) -> String {
    switch error.code {
    case ENOENT: error.call == .searchPath ? "PATH에서 찾을 수 없습니다" : "그런 파일이 없습니다"
    case EACCES: "실행 권한이 없습니다"
    default: error.reason
    }
  }

  /// `37.5547000,126.9707000`: latitude first, as chulbal's own `--coord`.
  static func point(_ coordinate: Coordinate) -> String {
    coordinate.latitude.decimalText(places: 7) + "," + coordinate.longitude.decimalText(places: 7)
  }
}
