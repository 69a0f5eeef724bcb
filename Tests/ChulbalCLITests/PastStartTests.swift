import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `add` and `edit` refuse a start already past unless `--past` says it is meant, and say
/// which afternoon time is still ahead when that was likely meant (issue 11, item 4).
@Suite struct PastStartTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  struct Case: Sendable, CustomTestStringConvertible {
    let at: String
    let now: String
    let message: String
    var testDescription: String { "'\(at)' at \(now)" }
  }

  static let hint = ". 지난 약속으로 남기려면 --past를 붙이세요"

  @Test(arguments: [
    Case(
      at: "오늘 7시", now: "2026-12-01T20:00+09:00",
      message: "이미 지난 시각입니다: 12월 1일 (화) 오후 7:00" + hint),
    Case(
      at: "오늘 오전 9시", now: "2026-12-01T14:00+09:00",
      message: "이미 지난 시각입니다: 12월 1일 (화) 오전 9:00 (오후라면 '오후 9시')" + hint),
    Case(
      at: "오늘 아침 9시 30분", now: "2026-12-01T14:00+09:00",
      message: "이미 지난 시각입니다: 12월 1일 (화) 오전 9:30 (오후라면 '오후 9시 30분')" + hint),
    // The afternoon reading has gone too: no hint.
    Case(
      at: "오늘 오전 9시", now: "2026-12-01T22:00+09:00",
      message: "이미 지난 시각입니다: 12월 1일 (화) 오전 9:00" + hint),
    Case(
      at: "2026-11-30T19:00+09:00", now: "2026-12-01T14:00+09:00",
      message: "이미 지난 시각입니다: 11월 30일 (월) 오후 7:00" + hint),
    // A clock time was meant as typed: no afternoon hint.
    Case(
      at: "2026-12-01 09:00", now: "2026-12-01T14:00+09:00",
      message: "이미 지난 시각입니다: 12월 1일 (화) 오전 9:00" + hint),
    Case(
      at: "+0s", now: "2026-12-01T14:00+09:00",
      message: "이미 지난 시각입니다: 12월 1일 (화) 오후 2:00" + hint),
  ])
  func addRefusesAStartAlreadyPastAndWritesNothing(_ example: Case) {
    let outcome = run(
      [
        "add", "시험", "--at", example.at, "--travel", "10m", "--now", example.now, "--db",
        database,
      ])
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardError == "chulbal: \(example.message)\n")
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func pastKeepsAStartAlreadyPast() {
    let outcome = run([
      "add", "지난 회의", "--at", "오늘 오전 9시", "--past", "--travel", "10m", "--now",
      "2026-12-01T14:00+09:00", "--db", database,
    ])
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.hasPrefix("#1 지난 회의 — 12월 1일 (화) 오전 9:00"))
  }

  @Test func editRefusesAPastStartButChangesOtherFieldsOfAPastAppointment() {
    let now = "2026-12-01T14:00+09:00"
    _ = run([
      "add", "지난 회의", "--at", "오늘 오전 9시", "--past", "--travel", "10m", "--now", now,
      "--db", database,
    ])
    let moved = run(["edit", "1", "--at", "오늘 오전 10시", "--now", now, "--db", database])
    #expect(moved.exitCode == 2)
    #expect(
      moved.standardError
        == "chulbal: 이미 지난 시각입니다: 12월 1일 (화) 오전 10:00 (오후라면 '오후 10시')\(Self.hint)\n")
    let noted = run(["edit", "1", "--note", "회의록", "--now", now, "--db", database])
    #expect(noted.exitCode == 0, "\(noted.standardError)")
  }
}

/// The remove prompt takes what a Korean keyboard gives for "y" (issue 11, item 11).
@Suite struct ConfirmAnswerTests {
  @Test(arguments: ["y", "Y", "yes", " yes ", "예", "네", "응", "ㅇ", "ㅛ"])
  func yesInEveryFormPeopleTypeIt(_ answer: String) {
    #expect(Environment.isYes(answer))
  }

  @Test(arguments: ["", "n", "no", "아니요", "ㄴ", "ㅜ", "yess", "y y"])
  func anythingElseIsNo(_ answer: String) {
    #expect(!Environment.isYes(answer))
  }
}

/// `config unset` returns a setting to its default (issue 11, item 13).
@Suite struct ConfigUnsetTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  @Test func unsetReturnsASettingToItsDefaultAndSaysWhetherItWasSet() {
    #expect(
      run(["config", "set", "buffer", "15분", "--db", database]).standardOutput == "buffer = 15m\n")
    let unset = run(["config", "unset", "buffer", "--db", database])
    #expect(unset.exitCode == 0)
    #expect(unset.standardOutput == "buffer = 10m (기본값으로 되돌렸습니다)\n")
    #expect(run(["config", "get", "buffer", "--db", database]).standardOutput == "10m\n")
    let table = run(["config", "get", "--db", database]).standardOutput
    #expect(
      table.split(separator: "\n").contains { $0.hasPrefix("buffer") && $0.hasSuffix("(기본값)") })
    let again = run(["config", "unset", "buffer", "--db", database])
    #expect(again.standardOutput == "buffer = 10m (기본값, 바꾼 적이 없습니다)\n")
  }

  @Test func unsetWithNoDatabaseMakesNone() {
    let outcome = run(["config", "unset", "notify.snooze", "--db", database])
    #expect(outcome.standardOutput == "notify.snooze = 5m (기본값)\n")
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func unsetOfAnUnknownSettingIsBadInput() {
    let outcome = run(["config", "unset", "bufer", "--db", database])
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardError.hasPrefix("chulbal: 알 수 없는 설정 'bufer' — 혹시 'buffer'?"))
    #expect(!FileManager.default.fileExists(atPath: database))
  }
}

/// `edit` with nothing to change, and a title added twice (issue 11, item 12).
@Suite struct EditAndDuplicateTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }
  static let now = "2026-12-01T14:00+09:00"

  func add(_ title: String, _ more: [String] = []) -> Outcome {
    run(
      ["add", title, "--at", "오후 7시", "--travel", "30m", "--now", Self.now, "--db", database]
        + more)
  }

  @Test(arguments: [["edit", "1"], ["edit", "1", "--json"], ["edit", "1", "--past"]])
  func editWithNothingToChangeSaysWhatCanBeChanged(_ line: [String]) {
    _ = add("저녁 약속")
    let before = FileManager.default.contents(atPath: database)
    let outcome = run(line + ["--now", Self.now, "--db", database])
    #expect(outcome.exitCode == 2)
    #expect(
      outcome.standardError
        == "chulbal: 바꿀 것이 없습니다. --title, --at, --end, --for, --place, --coord, --from, --mode, --travel, "
        + "--buffer, --prep, --alerts, --tz, --note 가운데 하나 이상을 주세요 (예: chulbal edit 3 --at 19:30)\n"
    )
    #expect(FileManager.default.contents(atPath: database) == before)
  }

  /// At the same time it is asked about (`UndoCommandTests`); with `--yes`, kept and said.
  @Test func aTitleAddedAgainIsKeptAndSaid() {
    #expect(add("저녁 약속").standardError.isEmpty)
    let again = add("저녁 약속", ["--yes"])
    #expect(again.exitCode == 0)
    #expect(again.standardOutput.hasPrefix("#2 저녁 약속 — "))
    #expect(
      again.standardError
        == "chulbal: 제목이 같은 약속이 이미 있습니다: #1 (12월 1일 (화) 오후 7:00). 모두 남겨 두었습니다\n")
    // A title that only starts the same is another appointment.
    #expect(add("저녁 약속 2").standardError.isEmpty)
    // Several namesakes are one line.
    #expect(
      add("저녁 약속", ["--yes"]).standardError
        == "chulbal: 제목이 같은 약속이 이미 있습니다: #1 (12월 1일 (화) 오후 7:00), "
        + "#2 (12월 1일 (화) 오후 7:00). 모두 남겨 두었습니다\n")
  }
}

/// A date in another year than now says its year, in text and in JSON `text` (issue 11,
/// item 7).
@Suite struct YearShownTests {
  static let now = "2026-12-01T14:00+09:00"

  @Test func aPlanNextYearShowsTheYear() {
    let outcome = run([
      "plan", "--at", "2027-11-30T19:00+09:00", "--travel", "35m", "--tz", "Asia/Seoul", "--now",
      Self.now,
    ])
    #expect(
      outcome.standardOutput.hasPrefix(
        "약속  2027년 11월 30일 (화) 오후 7:00\n출발  2027년 11월 30일 (화) 오후 6:15   이동 35분 + 여유 10분\n"))
  }

  @Test func aPlanThisYearDoesNot() {
    let outcome = run([
      "plan", "--at", "2026-12-24T19:00+09:00", "--travel", "35m", "--tz", "Asia/Seoul", "--now",
      Self.now,
    ])
    #expect(outcome.standardOutput.hasPrefix("약속  12월 24일 (목) 오후 7:00\n"))
  }

  @Test func theJSONTextOfAnAppointmentNextYearShowsTheYear() {
    let folder = TemporaryFolder()
    let database = folder.path + "/c.db"
    _ = run([
      "add", "새해", "--at", "2027-01-01T10:00+09:00", "--travel", "20m", "--tz", "Asia/Seoul",
      "--now", Self.now, "--db", database,
    ])
    let shown = run(["show", "1", "--json", "--now", Self.now, "--db", database]).standardOutput
    #expect(shown.contains("\"appointment\": \"2027년 1월 1일 (금) 오전 10:00\""), "\(shown)")
    let listed = run(["list", "--now", Self.now, "--db", database]).standardOutput
    #expect(listed.contains("2027년 1월 1일 (금) 오전 10:00"), "\(listed)")
  }
}

/// Messages as a Korean editor would write them (issue 11, item 10).
@Suite struct EditedMessageTests {
  @Test func naversSearchLinkIsExplainedByTheMapsKoreanName() {
    let outcome = run([
      "nav", "--to", "강남역", "--coord", "37.4979,127.0276", "--provider", "naver", "--from",
      "37.5547,126.9707",
    ])
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardError == "chulbal: 네이버 지도는 웹 길찾기 링크가 없어 장소 이름 검색 링크를 보여 줍니다\n")
  }

  /// Only where a coordinate would also do does the message say how to write one.
  @Test func anUnknownSavedPlaceGetsTheCoordinateHintOnlyWhereACoordinateWouldDo() {
    let folder = TemporaryFolder()
    let database = folder.path + "/c.db"
    _ = run(["place", "add", "집", "--coord", "37.5,127.0", "--db", database])
    let removed = run(["place", "remove", "없는곳", "--db", database])
    #expect(removed.exitCode == 2)
    #expect(removed.standardError == "chulbal: 저장된 장소 '없는곳'이 없습니다 (목록: chulbal place list)\n")
    let routed = run([
      "nav", "--to", "a", "--coord", "37.4,127.1", "--from", "없는곳", "--db", database,
    ])
    #expect(
      routed.standardError
        == "chulbal: 저장된 장소 '없는곳'이 없습니다 (목록: chulbal place list, 좌표는 '37.5,127.0'처럼)\n")
  }

  @Test func neitherTravelNorBufferIsSaidInOneWord() {
    let plan = run([
      "plan", "--at", "2026-12-01T19:00+09:00", "--travel", "0", "--buffer", "0", "--tz",
      "Asia/Seoul", "--now", "2026-12-01T14:00+09:00",
    ])
    #expect(
      plan.standardOutput.split(separator: "\n")[1] == "출발  12월 1일 (화) 오후 7:00   이동·여유 없음")
    let folder = TemporaryFolder()
    let added = run([
      "add", "라면", "--at", "2026-12-01T19:00+09:00", "--travel", "0", "--buffer", "0", "--tz",
      "Asia/Seoul", "--now", "2026-12-01T14:00+09:00", "--db", folder.path + "/c.db",
    ])
    #expect(added.standardOutput == "#1 라면 — 12월 1일 (화) 오후 7:00 · 오후 7:00 출발 · 이동·여유 없음\n")
  }

  @Test func aPlaceSavedAndRemovedIsSaidAsASentence() {
    let folder = TemporaryFolder()
    let database = folder.path + "/c.db"
    #expect(
      run(["place", "add", "회사", "--coord", "37.5,127.0", "--db", database]).standardOutput
        == "장소 '회사'를 저장했습니다 (37.5,127.0)\n")
    #expect(
      run(["place", "remove", "회사", "--db", database]).standardOutput == "장소 '회사'를 지웠습니다\n")
  }
}

/// `list`, `next` and `show` speak the reader's clock and label an appointment kept on
/// another (issue 11, item 8), and say the trip the same way everywhere (item 10).
@Suite struct ReaderZoneTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }
  static let now = "2026-11-30T14:00+09:00"

  /// A 09:00 call kept in New York and a 19:00 dinner in Seoul; the reader is in Seoul.
  func addBoth() {
    _ = run([
      "add", "화상 회의", "--tz", "America/New_York", "--at", "2026-12-01 09:00", "--travel", "0",
      "--buffer", "0", "--now", Self.now, "--db", database,
    ])
    _ = run([
      "add", "저녁 약속", "--at", "2026-12-01 19:00", "--coord", "37.4979,127.0276", "--from",
      "37.5547,126.9707", "--now", Self.now, "--db", database,
    ])
  }

  @Test func listShowsTheReadersClockAndTheOwnOneBeside() {
    addBoth()
    let listed = run(["list", "--now", Self.now, "--db", database])
    let lines = listed.standardOutput.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(lines.count == 3)
    #expect(lines.contains("#2 저녁 약속 12월 1일 (화) 오후 7:00 오후 6:15 1일 4시간 15분 남음"))
    #expect(
      lines.contains("#1 화상 회의 12월 1일 (화) 오후 11:00 (뉴욕 오전 9:00) 오후 11:00 1일 9시간 남음"))
  }

  @Test func aReaderInNewYorkSeesSeoulLabelled() {
    addBoth()
    let next = run(["next", "--tz", "America/New_York", "--now", Self.now, "--db", database])
    #expect(
      next.standardOutput
        == "#2 저녁 약속 — 오전 4:15 출발 (1일 4시간 15분 남음) · 12월 1일 (화) 오전 5:00 (서울 오후 7:00)\n")
  }

  @Test func showNamesTheZoneAndTheModeInKorean() {
    addBoth()
    let shown = run(["show", "1", "--now", Self.now, "--db", database])
    #expect(shown.standardOutput.contains("시각    12월 1일 (화) 오후 11:00 (뉴욕 오전 9:00)\n"))
    #expect(shown.standardOutput.contains("시간대  뉴욕 (America/New_York)\n"))
    #expect(shown.standardOutput.contains("이동    없음\n"))
    #expect(!shown.standardOutput.contains("직선거리"))
    #expect(
      shown.standardOutput.contains("출발    12월 1일 (화) 오후 11:00 (뉴욕 오전 9:00) · 1일 9시간 남음\n"))
    let dinner = run(["show", "2", "--now", Self.now, "--db", database])
    #expect(
      dinner.standardOutput.contains(
        "이동    대중교통 · 35분 (추정) + 여유 10분\n"
          + "        직선거리와 평균 속도로 어림한 값이라 실제와 40%쯤 다를 수 있습니다 (환승·정체 미반영).\n"
          + "        실제 시간을 알면: chulbal edit 2 --travel 50m\n"))
    #expect(dinner.standardOutput.contains("시간대  서울 (Asia/Seoul)\n"))
  }

  @Test func jsonKeepsTheOwnInstantAndLabelsItsText() throws {
    addBoth()
    let shown = run(["show", "1", "--json", "--now", Self.now, "--db", database])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [String: Any])
    #expect(object["start"] as? String == "2026-12-01T09:00:00-05:00")
    let text = try #require(object["text"] as? [String: String])
    #expect(text["appointment"] == "12월 1일 (화) 오후 11:00 (뉴욕 오전 9:00)")
  }

  @Test func aLateDepartureIsSaidAsLeavingLate() {
    addBoth()
    let listed = run(["list", "--now", "2026-12-01T18:22+09:00", "--db", database])
    #expect(listed.standardOutput.contains("출발 7분 지남"), "\(listed.standardOutput)")
  }
}
