import ChulbalTestSupport
import Testing

@testable import ChulbalCore

/// The names an alert goes by: the watch's log, `log` and the missed-alerts notice say its
/// name; `plan` and `show`, under a heading that already says 알림, its label.
@Suite struct AlertNameTests {
  struct NameCase: Sendable, CustomTestStringConvertible {
    let kind: Alert.Kind
    let leadSeconds: Int
    let name: String
    let label: String
    var testDescription: String { name }
  }

  @Test(arguments: [
    NameCase(kind: .prepare, leadSeconds: 2700, name: "준비 시작 알림", label: "준비 시작"),
    NameCase(kind: .remind, leadSeconds: 1800, name: "30분 전 알림", label: "30분 전"),
    NameCase(kind: .remind, leadSeconds: 5400, name: "1시간 30분 전 알림", label: "1시간 30분 전"),
    NameCase(kind: .leave, leadSeconds: 0, name: "지금 출발 알림", label: "지금 출발"),
    NameCase(kind: .late, leadSeconds: -600, name: "출발 10분 뒤 늦음 알림", label: "늦음 알림"),
  ])
  func eachAlertHasOneName(_ example: NameCase) {
    let alert = Alert(
      at: instant("2027-01-12T10:00:00+09:00"), leadSeconds: example.leadSeconds,
      kind: example.kind)
    #expect(alert.name == example.name)
    #expect(alert.label == example.label)
  }
}
