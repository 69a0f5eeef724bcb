import ChulbalCore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalRoutes

@Suite struct CommandRouteTests {
  static let query = RouteQuery(
    origin: Coordinate(latitude: 37.5, longitude: 127.0),
    destination: Coordinate(latitude: 37.515, longitude: 127.015), mode: .car,
    departure: instant("2027-01-12T18:40:00+09:00"), timeZone: seoul)

  /// Writes an executable shell script into `folder`.
  static func script(_ name: String, _ body: String, in folder: TemporaryFolder) throws -> String {
    let path = folder.path + "/" + name
    try writeProgram("#!/bin/sh\n" + body, to: path)
    return path
  }

  @Test func theProgramGetsTheTripInItsEnvironmentAndItsFirstLineIsTheSeconds() throws {
    let folder = TemporaryFolder()
    let seen = folder.path + "/seen"
    let program = try Self.script(
      "route",
      """
      printf '%s\\n' "$CHULBAL_FROM" "$CHULBAL_TO" "$CHULBAL_MODE" "$CHULBAL_DEPARTURE" "$1" > '\(seen)'
      echo 754
      echo ignored
      """, in: folder)
    let route = CommandRoute(words: [program, "--fast"], environment: [:], timeout: 5)
    let answer = try route.route(Self.query)
    #expect(answer == RouteAnswer(seconds: 754, source: .command, accountsForConditions: false))
    #expect(
      try String(contentsOfFile: seen, encoding: .utf8)
        == "37.5000000,127.0000000\n37.5150000,127.0150000\ncar\n2027-01-12T09:40:00Z\n--fast\n")
  }

  struct BadProgram: Sendable, CustomTestStringConvertible {
    var body: String
    var failure: RouteFailure
    var testDescription: String { body }
  }

  @Test(arguments: [
    BadProgram(
      body: "echo 'no route here' >&2\nexit 3", failure: .program("상태 3으로 끝났습니다: no route here")),
    BadProgram(body: "echo soon", failure: .badAnswer("첫 줄 'soon'은 초 단위 숫자가 아닙니다")),
    BadProgram(body: "echo -5", failure: .badAnswer("첫 줄 '-5'는 초 단위 숫자가 아닙니다")),
    BadProgram(body: "exec sleep 30", failure: .timedOut(seconds: 1)),
  ])
  func aProgramThatFailsIsPassedOverWithWhatItSaid(_ example: BadProgram) throws {
    let folder = TemporaryFolder()
    let program = try Self.script("route", example.body, in: folder)
    let route = CommandRoute(words: [program], environment: [:], timeout: 1)
    #expect(throws: example.failure) { try route.route(Self.query) }
  }

  /// A 4 × 4 grid of streets 500 m apart in Seoul, primary roads north–south and residential
  /// ones east–west, as OpenStreetMap XML.
  static let grid: String = {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#, #"<osm version="0.6" generator="chulbal-test">"#,
    ]
    func node(_ row: Int, _ column: Int) -> Int { 1 + row * 4 + column }
    for row in 0..<4 {
      for column in 0..<4 {
        let lat = 37.5 + Double(row) * 0.005
        let lon = 127.0 + Double(column) * 0.005
        lines.append(
          #"  <node id="\#(node(row, column))" lat="\#(lat)" lon="\#(lon)" version="1"/>"#)
      }
    }
    var way = 100
    func street(_ nodes: [Int], _ highway: String) {
      let refs = nodes.map { #"<nd ref="\#($0)"/>"# }.joined()
      lines.append(
        #"  <way id="\#(way)" version="1">\#(refs)<tag k="highway" v="\#(highway)"/></way>"#)
      way += 1
    }
    for row in 0..<4 { street((0..<4).map { node(row, $0) }, "residential") }
    for column in 0..<4 { street((0..<4).map { node($0, column) }, "primary") }
    return (lines + ["</osm>"]).joined(separator: "\n") + "\n"
  }()

  @Test func routinoBehindAWrapperGivesTheTripTimeRoutinoComputes() throws {
    let folder = TemporaryFolder()
    try Self.grid.write(toFile: folder.path + "/grid.osm", atomically: true, encoding: .utf8)
    _ = try ProgramOutput.read(
      [
        "planetsplitter", "--dir=\(folder.path)", "--tagging=/usr/share/routino/tagging.xml",
        folder.path + "/grid.osm",
      ])
    // routino-router's text output: the last line's eighth column is the total time in
    // minutes; the wrapper prints it in whole seconds.
    let wrapper = try Self.script(
      "routino-route",
      """
      set -e
      from_lat=${CHULBAL_FROM%,*}; from_lon=${CHULBAL_FROM#*,}
      to_lat=${CHULBAL_TO%,*}; to_lon=${CHULBAL_TO#*,}
      routino-router --dir='\(folder.path)' --transport=motorcar --quickest --quiet \\
        --lat1="$from_lat" --lon1="$from_lon" --lat2="$to_lat" --lon2="$to_lon" \\
        --output-text-all --output-stdout | awk '!/^#/ { last = $8 } END { printf "%d\\n", last * 60 + 0.5 }'
      """, in: folder)
    let answer = try CommandRoute(
      words: [wrapper], environment: ["PATH": "/usr/bin:/bin"], timeout: 20
    ).route(Self.query)
    // Asked directly, routino gives the same route's total.
    let direct = try ProgramOutput.read([
      "routino-router", "--dir=\(folder.path)", "--transport=motorcar", "--quickest", "--quiet",
      "--lat1=37.5", "--lon1=127.0", "--lat2=37.515", "--lon2=127.015", "--output-text-all",
      "--output-stdout",
    ])
    let text = String(decoding: direct, as: UTF8.self)
    let last = try #require(text.split(separator: "\n").last { !$0.hasPrefix("#") })
    let columns = last.split(whereSeparator: { $0 == " " || $0 == "\t" })
    let minutes = try #require(Double(columns[7]))
    #expect(minutes > 0)
    #expect(answer.seconds == Int((minutes * 60).rounded()))
    #expect(answer.source == .command)
  }
}

@Suite struct RouteChainTests {
  static let query = RouteQuery(
    origin: Coordinate(latitude: 37.556, longitude: 126.91),
    destination: Coordinate(latitude: 37.3947, longitude: 127.1112), mode: .car,
    departure: instant("2027-01-12T18:40:00+09:00"), timeZone: seoul)

  /// The car chain of `settings` asked about ``query``: its answer and the lines it passed
  /// over with.
  static func ask(_ settings: Settings) throws -> (RouteAnswer, [String]) {
    let chain = RouteProviders.chain(
      for: .car, settings: settings.routes, key: { _, _ throws(RouteFailure) in "k" },
      environment: [:], now: instant("2027-01-12T18:00:00+09:00"))
    var lines: [String] = []
    let answer = try chain.ask(query) { source, failure, next in
      lines.append(RouteChain.passedOverMessage(source, failure, next: next))
    }
    return (answer, lines)
  }

  @Test func aFailingProviderIsPassedOverWithOneLineAndTheEstimateAnswers() throws {
    let folder = TemporaryFolder()
    let server = try RouteServer(status: 401, body: DocumentedAnswers.kakaoRefused, in: folder)
    var settings = Settings.defaults
    try settings.set(.routeCar, from: "kakao")
    try settings.set(.kakaoURL, from: server.url)
    try settings.set(.kakaoKeyCommand, from: "echo key")
    let (answer, lines) = try Self.ask(settings)
    #expect(lines == ["카카오 길찾기에 실패해 추정값을 씁니다: 키가 거절되었습니다 (HTTP 401)"])
    let estimate = try TravelEstimate.seconds(
      from: Self.query.origin, to: Self.query.destination, mode: .car)
    #expect(
      answer == RouteAnswer(seconds: estimate, source: .estimate, accountsForConditions: false))
  }

  @Test func theFirstProviderThatAnswersWinsAndTheNextIsNotAsked() throws {
    let folder = TemporaryFolder()
    let osrm = try RouteServer(body: DocumentedAnswers.osrm, in: folder)
    let valhalla = try RouteServer(body: DocumentedAnswers.valhalla, in: folder)
    var settings = Settings.defaults
    try settings.set(.routeCar, from: "command,osrm,valhalla,estimate")
    try settings.set(.osrmURL, from: osrm.url)
    try settings.set(.valhallaURL, from: valhalla.url)
    let (answer, lines) = try Self.ask(settings)
    #expect(
      lines == [
        "길찾기 명령에 실패해 OSRM 길찾기를 씁니다: route.command 설정이 없습니다 (chulbal config set route.command …)"
      ])
    #expect(answer.source == .osrm)
    #expect(try valhalla.requests().isEmpty)
  }
}
