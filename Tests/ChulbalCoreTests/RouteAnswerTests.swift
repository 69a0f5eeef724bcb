import ChulbalCore
import Testing

/// The one place a provider's figure becomes a trip: its unit converted, rounded up, and
/// refused unless it is more than zero and at most a day.
@Suite struct RouteAnswerTests {
  struct Figure: Sendable, CustomTestStringConvertible {
    var value: Double
    var unit: RouteAnswer.Unit
    /// The trip in seconds, or the bad answer's reason.
    var expected: Result<Int, RouteFailure>
    var testDescription: String { "\(value) \(unit)" }
  }

  @Test(arguments: [
    Figure(value: 2286, unit: .seconds, expected: .success(2286)),
    Figure(value: 1234.25, unit: .seconds, expected: .success(1235)),
    Figure(value: 1e-12, unit: .seconds, expected: .success(1)),
    Figure(value: 58, unit: .minutes, expected: .success(3480)),
    Figure(value: 1_440, unit: .minutes, expected: .success(86_400)),
    Figure(value: 1_500, unit: .milliseconds, expected: .success(2)),
    Figure(value: 0, unit: .seconds, expected: .failure(.badAnswer("이동 시간 '0초'는 0보다 길어야 합니다"))),
    Figure(value: -60, unit: .minutes, expected: .failure(.badAnswer("이동 시간 '-60분'은 0보다 길어야 합니다"))),
    Figure(
      value: .infinity, unit: .seconds, expected: .failure(.badAnswer("이동 시간 'inf초'는 0보다 길어야 합니다"))),
    Figure(
      value: 1_441, unit: .minutes, expected: .failure(.badAnswer("이동 시간 '1441분'이 하루보다 깁니다"))),
    Figure(
      value: 86_400.5, unit: .seconds,
      expected: .failure(.badAnswer("이동 시간 '86400.5초'가 하루보다 깁니다"))),
  ])
  func aFigureIsConvertedOrRefused(_ figure: Figure) {
    let converted = Result { () throws(RouteFailure) -> Int in
      try RouteAnswer.converting(
        figure.value, figure.unit, source: .osrm, accountsForConditions: false
      ).seconds
    }
    #expect(converted == figure.expected)
  }

  @Test func aKeyEchoedInAServicesWordsIsHidden() {
    let failure = RouteFailure.noRoute("bad key k-123 (k-123)").hiding("k-123")
    #expect(failure.message == "경로를 찾지 못했습니다: bad key (키) ((키))")
    #expect(RouteFailure.keyRefused(status: 401).hiding("k-123") == .keyRefused(status: 401))
  }

  @Test func aServicesWordsAreCleanedAndCut() {
    let words = "\u{1B}[2J" + String(repeating: "길", count: 300)
    let message = RouteFailure.noRoute(words).message
    #expect(message == "경로를 찾지 못했습니다: \\x1B[2J" + String(repeating: "길", count: 196) + "…")
  }
}
