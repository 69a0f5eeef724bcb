import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// What a person changes in chulbal on an appointment brought in from a calendar survives the
/// calendar's next change, through the in-process CLI, a real calendar file and a real SQLite
/// file: the calendar's fields follow the calendar, the person's stay, and a removed event
/// stays removed.
@Suite struct LocalChangesTests {
  static let now = ["--now", "2026-11-30T14:00+09:00"]
  /// 회사 (시청) and 판교역: far enough apart that an estimate from one or the other differs.
  static let office = "37.566535,126.977969"
  static let pangyo = "37.394761,127.111217"

  /// A calendar of one event at `place` (with its coordinate in GEO) on `day`, in Seoul.
  static func calendar(
    title: String = "기획 회의", place: String, geo: String, day: String = "20261203",
    extra: String = ""
  ) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//chulbal tests//KO\r
    BEGIN:VEVENT\r
    UID:meeting-1@example.org\r
    DTSTAMP:20261130T000000Z\r
    DTSTART;TZID=Asia/Seoul:\(day)T150000\r
    DTEND;TZID=Asia/Seoul:\(day)T160000\r
    SUMMARY:\(title)\r
    LOCATION:\(place)\r
    GEO:\(geo.replacingOccurrences(of: ",", with: ";"))\r
    \(extra)END:VEVENT\r
    END:VCALENDAR\r

    """
  }

  /// A workspace with 집 as the default place, 회사 saved, and `calendar` imported from a file.
  static func imported(_ text: String) throws -> (Workspace, String) {
    let workspace = Workspace()
    let file = workspace.folder + "/work.ics"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    #expect(
      workspace.run(["place", "add", "집", "--coord", "37.556,126.910", "--default"]).exitCode == 0)
    #expect(workspace.run(["place", "add", "회사", "--coord", office]).exitCode == 0)
    let first = workspace.run(["import", file] + now)
    #expect(first.exitCode == 0, "\(first.standardError)")
    return (workspace, file)
  }

  static func stored(_ workspace: Workspace) throws -> Appointment {
    let store = try #require(
      try Store.open(path: workspace.database, access: .reading, expander: .libical))
    return try #require(try store.all().first)
  }

  static func estimate(from origin: String, to place: String, mode: TravelMode) throws -> Int {
    let from = try Coordinate.parse(origin)
    let to = try Coordinate.parse(place)
    return try TravelEstimate.seconds(from: from, to: to, mode: mode)
  }

  /// The reported case: the origin set by `edit --from` stays, and the trip to the place the
  /// server moved the meeting to is planned from it, not from the default place.
  @Test func anEditedOriginStaysAndTheTripToANewPlaceStartsThere() throws {
    let (workspace, file) = try Self.imported(
      Self.calendar(place: "서울시청", geo: "37.5663,126.9779"))
    let edit = workspace.run(["edit", "1", "--from", "회사"] + Self.now)
    #expect(edit.exitCode == 0, "\(edit.standardError)")
    try Self.calendar(title: "기획 회의 (판교)", place: "판교역", geo: Self.pangyo)
      .write(toFile: file, atomically: true, encoding: .utf8)
    let again = workspace.run(["import", file] + Self.now)
    #expect(again.exitCode == 0, "\(again.standardError)")

    let meeting = try Self.stored(workspace)
    #expect(meeting.title == "기획 회의 (판교)")
    #expect(meeting.place == "판교역")
    #expect(meeting.origin?.name == "회사")
    #expect(meeting.travelEstimated)
    #expect(
      meeting.travelSeconds
        == (try Self.estimate(from: Self.office, to: Self.pangyo, mode: meeting.mode)))
    let shown = workspace.run(["show", "1"] + Self.now).standardOutput
    #expect(shown.contains("출발지  회사 (37.566535,126.977969) (직접 정함)"), "\(shown)")
    #expect(!shown.contains("분 (직접 정함)"), "the travel is an estimate, not the person's")
  }

  @Test func anEditedTravelBufferAndAlertsStayAndShowSaysTheyAreLocal() throws {
    let (workspace, file) = try Self.imported(
      Self.calendar(place: "서울시청", geo: "37.5663,126.9779"))
    let edit = workspace.run(
      ["edit", "기획", "--travel", "50m", "--buffer", "5m", "--alerts", "30m,0"] + Self.now)
    #expect(edit.exitCode == 0, "\(edit.standardError)")
    #expect(!edit.standardOutput.contains("캘린더를 따릅니다"))
    try Self.calendar(place: "판교역", geo: Self.pangyo, day: "20261204")
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(workspace.run(["import", file] + Self.now).exitCode == 0)

    let meeting = try Self.stored(workspace)
    #expect(meeting.start == instant("2026-12-04T15:00:00+09:00"))
    #expect(meeting.place == "판교역")
    #expect(meeting.travelSeconds == 50 * 60 && !meeting.travelEstimated)
    #expect(meeting.bufferSeconds == 5 * 60)
    #expect(meeting.alertLeads == [30 * 60, 0])
    let shown = workspace.run(["show", "1"] + Self.now).standardOutput
    #expect(shown.contains("50분 (직접 정함) + 여유 5분 (직접 정함)"), "\(shown)")
    #expect(shown.contains("(지금 출발) (직접 정함)"), "\(shown)")
    let json = try ImportCommandTests.json(workspace.run(["show", "1", "--json"] + Self.now))
    #expect(json["local_fields"] as? [String] == ["travel", "buffer", "alerts"])
  }

  /// A coordinate the person set belongs to the place it was set for: kept while the
  /// calendar's place is the same text, given up when the calendar moves the event.
  @Test func anEditedCoordinateStaysUntilTheCalendarChangesThePlace() throws {
    let (workspace, file) = try Self.imported(
      Self.calendar(place: "시청 앞", geo: "37.5663,126.9779"))
    #expect(workspace.run(["edit", "1", "--coord", "37.5658,126.9753"] + Self.now).exitCode == 0)
    try Self.calendar(title: "기획 회의 v2", place: "시청 앞", geo: "37.5663,126.9779")
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(workspace.run(["import", file] + Self.now).exitCode == 0)
    #expect(
      try Self.stored(workspace).coordinate == Coordinate(latitude: 37.5658, longitude: 126.9753))

    try Self.calendar(title: "기획 회의 v2", place: "판교역", geo: Self.pangyo)
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(workspace.run(["import", file] + Self.now).exitCode == 0)
    #expect(try Self.stored(workspace).coordinate == (try Coordinate.parse(Self.pangyo)))
    let json = try ImportCommandTests.json(workspace.run(["show", "1", "--json"] + Self.now))
    #expect(json["local_fields"] as? [String] == [])
  }

  @Test func editingWhatTheCalendarSaysWarnsThatTheCalendarWins() throws {
    let (workspace, file) = try Self.imported(
      Self.calendar(place: "서울시청", geo: "37.5663,126.9779"))
    let edit = workspace.run(["edit", "1", "--title", "내 제목"] + Self.now)
    #expect(edit.exitCode == 0)
    #expect(
      edit.standardOutput.hasSuffix(
        "캘린더에서 가져온 약속입니다. 제목·시각·장소·메모는 캘린더에서 바뀌면 캘린더를 따릅니다.\n"))
    try Self.calendar(title: "기획 회의 (수정)", place: "서울시청", geo: "37.5663,126.9779")
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(workspace.run(["import", file] + Self.now).exitCode == 0)
    #expect(try Self.stored(workspace).title == "기획 회의 (수정)")
  }

  /// A removed event stays removed while the calendar holds it, changed or not; once the
  /// calendar drops it, it is forgotten, and an event of that UID made again is read again.
  @Test func aRemovedEventStaysRemovedUntilTheCalendarDropsIt() throws {
    let (workspace, file) = try Self.imported(
      Self.calendar(place: "서울시청", geo: "37.5663,126.9779"))
    let remove = workspace.run(["remove", "1", "--yes"] + Self.now)
    #expect(remove.exitCode == 0, "\(remove.standardError)")
    #expect(
      remove.standardOutput
        == "#1 기획 회의 — 지웠습니다. 캘린더 'work.ics'의 일정은 그대로 두고, 다시 읽어도 가져오지 않습니다.\n")
    for title in ["기획 회의", "기획 회의 (바뀜)"] {
      try Self.calendar(title: title, place: "서울시청", geo: "37.5663,126.9779")
        .write(toFile: file, atomically: true, encoding: .utf8)
      let again = workspace.run(["import", file, "--json"] + Self.now)
      #expect(again.exitCode == 0)
      #expect(try ImportCommandTests.json(again)["added"] as? Int == 0)
      #expect(workspace.run(["list"] + Self.now).standardOutput.contains("약속이 없습니다"))
    }
    try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//KO\r\nEND:VCALENDAR\r\n"
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(workspace.run(["import", file] + Self.now).exitCode == 0)
    try Self.calendar(place: "서울시청", geo: "37.5663,126.9779")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let back = workspace.run(["import", file, "--json"] + Self.now)
    #expect(try ImportCommandTests.json(back)["added"] as? Int == 1)
  }

  /// `--on-server` is for events of a CalDAV calendar: anything else is refused, exit 2,
  /// nothing removed.
  @Test func removeOnServerRefusesWhatIsNotOnAServer() throws {
    let (workspace, _) = try Self.imported(
      Self.calendar(place: "서울시청", geo: "37.5663,126.9779"))
    #expect(
      workspace.run(["add", "저녁", "--at", "내일 오후 7시", "--travel", "30m"] + Self.now).exitCode
        == 0)
    for (selector, message) in [
      (
        "1",
        "chulbal: '#1 기획 회의'는 CalDAV 캘린더에서 가져온 약속이 아니라서 서버에서 지울 수 없습니다 (--on-server 없이 지우면 이 컴퓨터에서 지웁니다)\n"
      ),
      (
        "2",
        "chulbal: '#2 저녁'은 CalDAV 캘린더에서 가져온 약속이 아니라서 서버에서 지울 수 없습니다 (--on-server 없이 지우면 이 컴퓨터에서 지웁니다)\n"
      ),
    ] {
      let outcome = workspace.run(["remove", selector, "--on-server", "--yes"] + Self.now)
      #expect(outcome.exitCode == 2)
      #expect(outcome.standardError == message)
    }
    let both = workspace.run(["remove", "1", "--on-server", "--on", "12월 3일"] + Self.now)
    #expect(both.exitCode == 2)
    #expect(
      both.standardError
        == "chulbal: '--on-server'와 '--on'은 함께 쓸 수 없습니다 (회차 하나는 서버에서 따로 지울 수 없습니다)\n")
    let store = try #require(
      try Store.open(path: workspace.database, access: .reading, expander: .libical))
    #expect(try store.all().count == 2)
  }

  /// An occurrence of a calendar's series skipped or moved in chulbal stays skipped or moved
  /// when the calendar changes the series; the calendar's own skipped day stays skipped too.
  @Test func anOccurrenceSkippedOrMovedHereStaysWhenTheCalendarChangesTheSeries() throws {
    let series = { (title: String) in
      Self.calendar(
        title: title, place: "서울시청", geo: "37.5663,126.9779", day: "20261202",
        extra: "RRULE:FREQ=WEEKLY;COUNT=6\r\nEXDATE;TZID=Asia/Seoul:20261216T150000\r\n")
    }
    let (workspace, file) = try Self.imported(series("스터디"))
    let skip = workspace.run(["remove", "1", "--on", "12월 9일", "--yes"] + Self.now)
    #expect(skip.exitCode == 0, "\(skip.standardError)")
    let move = workspace.run(["edit", "1", "--on", "12월 23일", "--at", "오후 5시"] + Self.now)
    #expect(move.exitCode == 0, "\(move.standardError)")
    let before = try Self.starts(workspace)
    try series("스터디 (장소 미정)").write(toFile: file, atomically: true, encoding: .utf8)
    let again = workspace.run(["import", file, "--json"] + Self.now)
    #expect(try ImportCommandTests.json(again)["updated"] as? Int == 1)
    #expect(try Self.stored(workspace).title == "스터디 (장소 미정)")
    #expect(try Self.starts(workspace) == before)
    #expect(
      before == [
        instant("2026-12-02T15:00:00+09:00"), instant("2026-12-23T17:00:00+09:00"),
        instant("2026-12-30T15:00:00+09:00"), instant("2027-01-06T15:00:00+09:00"),
      ])
  }

  /// Every start of the stored series over the coming weeks.
  static func starts(_ workspace: Workspace) throws -> [Date] {
    let appointment = try stored(workspace)
    return try appointment.occurrences(
      from: instant("2026-11-30T00:00:00+09:00"), to: instant("2027-02-01T00:00:00+09:00")
    ).map(\.start)
  }
}

/// `doctor` says the database file's permission bits, read on Linux.
@Suite struct DoctorDatabaseModeTests {
  @Test func doctorShowsTheDatabaseFilesMode() throws {
    let workspace = Workspace()
    #expect(
      workspace.run(["add", "저녁", "--at", "내일 오후 7시", "--travel", "30m"] + LocalChangesTests.now)
        .exitCode == 0)
    #expect(chmod(workspace.database, 0o640) == 0)
    let json = try ImportCommandTests.json(workspace.run(["doctor", "--json"]))
    let database = try #require(json["database"] as? [String: Any])
    #expect(database["mode"] as? String == "640")
    #expect(
      workspace.run(["doctor"]).standardOutput.contains(
        "(권한 640, 스키마 \(Store.schemaVersion), 약속 1개)"))
  }
}
