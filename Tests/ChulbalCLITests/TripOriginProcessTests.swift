import ChulbalTestSupport
import Foundation
import Testing

/// Where each trip starts (the origin rule), run as a person would with the real binary: a
/// day in Seoul with 집 (the default place) and 회사, every clock pinned to Tuesday 9:00.
@Suite(.tags(.process)) struct TripOriginProcessTests {
  /// A fresh database with the two places saved.
  final class Day: @unchecked Sendable {
    let workspace = Workspace()

    init() throws {
      try run(["place", "add", "집", "--coord", "37.5547,126.9707", "--default"])
      try run(["place", "add", "회사", "--coord", "37.5665,126.9780"])
    }

    /// Runs chulbal and expects it to succeed, returning what it printed.
    @discardableResult
    func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
      -> String
    {
      let result = try attempt(arguments)
      #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
      return result.standardOutput
    }

    func attempt(_ arguments: [String]) throws -> ChulbalProcess.Result {
      let pinned =
        ["place", "source", "config"].contains(arguments[0])
        ? arguments : arguments + ["--now", "2027-01-12T09:00:00+09:00"]
      return try ChulbalProcess.run(
        pinned,
        environment: [
          "CHULBAL_DB": workspace.database, "TZ": "Asia/Seoul", "HOME": workspace.folder,
        ], in: workspace.folder)
    }

    /// `add TITLE --at 2027-01-12THH:MM:00+09:00` and the rest.
    @discardableResult
    func add(_ title: String, at time: String, _ rest: [String]) throws -> String {
      try run(["add", title, "--at", "2027-01-\(time):00+09:00"] + rest)
    }
  }

  /// 카페 is about 155 m north of 회사: a short walk, not the same place.
  static let cafe = ["--place", "카페", "--coord", "37.5679,126.9780"]

  @Test func aDayOfAppointmentsStartsEachTripWhereThePersonIs() throws {
    let day = try Day()
    try day.add("회의", at: "12T14:00", ["--place", "회사"])
    let coffee = try day.add("커피", at: "12T15:40", Self.cafe)
    #expect(coffee == "#2 커피 — 1월 12일 (화) 오후 3:40 · 오후 3:27 출발 · 회사에서 이동 3분 (추정) + 여유 10분\n")
    try day.add("재회의", at: "12T17:00", ["--place", "회사"])
    try day.add("아침 회의", at: "13T09:00", ["--place", "회사"])

    let shown = try day.run(["show", "커피"])
    #expect(shown.contains("\n끝      오후 4:40\n"), "\(shown)")
    #expect(shown.contains("\n출발지  회사 (앞 약속 '회의'의 장소)\n"), "\(shown)")
    #expect(shown.contains("\n이동    도보 · 3분 (추정) + 여유 10분\n"), "\(shown)")
    #expect(try day.run(["show", "재회의"]).contains("\n출발지  카페 (앞 약속 '커피'의 장소)\n"))
    let morning = try day.run(["show", "아침", "--json"])
    #expect(morning.contains("\"name\": \"집\""), "\(morning)")
    #expect(morning.contains("\"reason\": \"default\""), "\(morning)")
    #expect(morning.contains("\"travel_minutes\": 22"), "\(morning)")
    let json = try day.run(["show", "재회의", "--json"])
    #expect(json.contains("\"end\": \"2027-01-12T18:00:00+09:00\""), "\(json)")
    #expect(json.contains("\"reason\": \"previous\",\n    \"after\": \"커피\""), "\(json)")

    let rows = try day.run(["list"]).split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).prefix(4).joined(separator: " ")
    }
    #expect(
      rows == [
        "번호 제목 약속 출발", "#1 회의 1월 12일", "#2 커피 ← 회사",
        "#3 재회의 ← 카페", "#4 아침 회의 1월",
      ])
  }

  @Test func thePreviousAppointmentAtTheSamePlaceMeansNoTrip() throws {
    let day = try Day()
    try day.add("회의", at: "12T14:00", ["--place", "회사", "--for", "1h30m"])
    // Some 20 m from 회사: another room of the same building.
    let next = try day.add(
      "회의 2", at: "12T15:50", ["--place", "회의실", "--coord", "37.5667,126.9781"])
    #expect(next == "#2 회의 2 — 1월 12일 (화) 오후 3:50 · 오후 3:40 출발 · 이동 없음 (같은 장소) + 여유 10분\n")
    let json = try day.run(["show", "2", "--json"])
    #expect(json.contains("\"travel_minutes\": 0,"), "\(json)")
    #expect(json.contains("\"reason\": \"same\""), "\(json)")
  }

  @Test func aTravelTimeGivenForOneAppointmentIsKeptWhereverItStarts() throws {
    let day = try Day()
    try day.add("회의", at: "12T14:00", ["--place", "회사"])
    let coffee = try day.add("커피", at: "12T15:40", Self.cafe + ["--travel", "20m"])
    #expect(coffee == "#2 커피 — 1월 12일 (화) 오후 3:40 · 오후 3:10 출발 · 회사에서 이동 20분 + 여유 10분\n")
  }

  @Test func aCalendarsOriginStartsItsAppointmentsUntilItIsTakenAway() throws {
    let day = try Day()
    let calendar = day.workspace.folder + "/work.ics"
    try """
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//chulbal tests//EN
    BEGIN:VEVENT
    UID:meeting@example.org
    DTSTAMP:20270101T000000Z
    DTSTART;TZID=Asia/Seoul:20270114T110000
    DTEND;TZID=Asia/Seoul:20270114T123000
    SUMMARY:고객 미팅
    LOCATION:강남
    GEO:37.5172;127.0473
    END:VEVENT
    END:VCALENDAR

    """.replacingOccurrences(of: "\n", with: "\r\n").write(
      toFile: calendar, atomically: true, encoding: .utf8)
    try day.run(["source", "add", calendar, "--name", "work", "--from", "회사"])
    try day.run(["import", "--sources"])
    let fromWork = try day.run(["show", "고객"])
    #expect(fromWork.contains("\n끝      오후 12:30\n"), "\(fromWork)")
    #expect(fromWork.contains("\n출발지  회사 (37.5665,126.978) · 캘린더의 출발지\n"), "\(fromWork)")
    #expect(fromWork.contains("\n출발    1월 14일 (목) 오전 10:15 · "), "\(fromWork)")
    #expect(
      try day.run(["source", "edit", "work", "--from", "none"])
        == "캘린더 'work'의 약속은 이제 기본 출발지에서 출발합니다\n")
    let fromHome = try day.run(["show", "고객"])
    #expect(fromHome.contains("\n출발지  집 (37.5547,126.9707) · 기본 출발지\n"), "\(fromHome)")
    #expect(fromHome.contains("\n출발    1월 14일 (목) 오전 10:16 · "), "\(fromHome)")
    let unknown = try day.attempt(["source", "edit", "home", "--from", "회사"])
    #expect(unknown.status == 2)
  }

  @Test func chainingIsOffAtZeroAndEndsTwoHoursAfterThePreviousAppointment() throws {
    let day = try Day()
    try day.add("회의", at: "12T14:00", ["--place", "회사"])
    try day.add("커피", at: "12T15:40", Self.cafe)
    // Setting it plans the trips already kept again.
    try day.run(["config", "set", "origin.chain", "0"])
    #expect(
      try day.run(["next"])
        == "#1 회의 — 오후 1:28 출발 (4시간 28분 남음) · 1월 12일 (화) 오후 2:00 · 회사\n")
    let off = try day.run(["show", "커피"])
    #expect(off.contains("\n출발지  집 (37.5547,126.9707) · 기본 출발지\n"), "\(off)")
    #expect(off.contains("\n이동    도보 · 25분 (추정) + 여유 10분\n"), "\(off)")
    try day.run(["config", "unset", "origin.chain"])
    #expect(try day.run(["show", "커피"]).contains("\n출발지  회사 (앞 약속 '회의'의 장소)\n"))
    // 커피 ends at 16:40; a trip to 회사 that would leave 카페 more than two hours later
    // starts at home.
    let late = try day.add("저녁", at: "12T19:30", ["--place", "회사"])
    #expect(
      late.hasPrefix(
        "#3 저녁 — 1월 12일 (화) 오후 7:30 · 오후 6:58 출발 · 이동 22분 (추정) + 여유 10분\n"))
  }

  @Test func movingEditingOrRemovingTheEarlierAppointmentPlansTheLaterTripAgain() throws {
    let day = try Day()
    try day.add("회의", at: "12T14:00", ["--place", "회사"])
    try day.add("커피", at: "12T15:40", Self.cafe)
    func coffee() throws -> String {
      try day.run(["show", "2"]).split(separator: "\n").filter {
        $0.hasPrefix("출발지") || $0.hasPrefix("출발 ")
      }.joined(separator: "\n")
    }
    #expect(try coffee() == "출발지  회사 (앞 약속 '회의'의 장소)\n출발    1월 12일 (화) 오후 3:27 · 6시간 27분 남음")
    try day.run(["edit", "1", "--at", "오전 11시"])
    #expect(
      try coffee() == "출발지  집 (37.5547,126.9707) · 기본 출발지\n출발    1월 12일 (화) 오후 3:05 · 6시간 5분 남음")
    try day.run(["edit", "1", "--at", "오후 2시", "--end", "오후 3시 20분"])
    #expect(try coffee() == "출발지  회사 (앞 약속 '회의'의 장소)\n출발    1월 12일 (화) 오후 3:27 · 6시간 27분 남음")
    try day.run(["edit", "1", "--place", "시청", "--coord", "37.5663,126.9779"])
    #expect(try coffee() == "출발지  시청 (앞 약속 '회의'의 장소)\n출발    1월 12일 (화) 오후 3:27 · 6시간 27분 남음")
    try day.run(["remove", "1", "--yes"])
    #expect(
      try coffee() == "출발지  집 (37.5547,126.9707) · 기본 출발지\n출발    1월 12일 (화) 오후 3:05 · 6시간 5분 남음")
  }

  @Test func anEndAndALengthAreOneOrTheOther() throws {
    let day = try Day()
    let both = try day.attempt([
      "add", "회의", "--at", "2027-01-12T14:00:00+09:00", "--place", "회사", "--end", "오후 3시",
      "--for", "1h",
    ])
    #expect(both.status == 2)
    #expect(
      both.standardError == "chulbal: '--end'와 '--for'는 함께 쓸 수 없습니다 (끝나는 시각이나 길이 중 하나만 주세요)\n")
    let before = try day.attempt([
      "add", "회의", "--at", "2027-01-12T14:00:00+09:00", "--place", "회사", "--end", "1시",
    ])
    #expect(before.status == 2)
    #expect(
      before.standardError
        == "chulbal: 끝나는 시각이 시작보다 앞섭니다: 1월 12일 (화) 오후 1:00 (시작: 1월 12일 (화) 오후 2:00)\n")
    #expect(try day.run(["list"]).contains("다가오는 약속이 없습니다"))
  }
}
