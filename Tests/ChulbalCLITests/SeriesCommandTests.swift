import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// Series through the commands, in a real database file: `add --repeat`, then `next` at a
/// later `--now`, against starts worked out by hand with a calendar and tzdata (New York
/// leaves EST on 2027-03-14 and returns on 2027-11-07, London leaves GMT on 2027-03-28 and
/// returns on 2027-10-31; Seoul keeps +09:00; 2026-12-01 is a Tuesday).
@Suite struct SeriesCommandTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    /// `add`'s options after the title.
    let add: [String]
    let addedAt: String
    let askedAt: String
    /// The next occurrence's start, or nil when the series has ended.
    let next: String?
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "New York weekly 09:00 after the spring change",
      add: ["--at", "2027-03-02T09:00-05:00", "--tz", "America/New_York", "--repeat", "weekly"],
      addedAt: "2027-03-01T00:00:00Z", askedAt: "2027-03-10T00:00:00Z",
      next: "2027-03-16T13:00:00Z"),
    Case(
      name: "New York weekly 09:00 after the autumn change",
      add: ["--at", "2027-03-02T09:00-05:00", "--tz", "America/New_York", "--repeat", "weekly"],
      addedAt: "2027-03-01T00:00:00Z", askedAt: "2027-11-03T00:00:00Z",
      next: "2027-11-09T14:00:00Z"),
    Case(
      name: "London weekly 08:30 after the spring change",
      add: ["--at", "2027-03-22T08:30+00:00", "--tz", "Europe/London", "--repeat", "weekly"],
      addedAt: "2027-03-01T00:00:00Z", askedAt: "2027-03-23T00:00:00Z",
      next: "2027-03-29T07:30:00Z"),
    Case(
      name: "London weekly 08:30 after the autumn change",
      add: ["--at", "2027-03-22T08:30+00:00", "--tz", "Europe/London", "--repeat", "weekly"],
      addedAt: "2027-03-01T00:00:00Z", askedAt: "2027-10-26T00:00:00Z",
      next: "2027-11-01T08:30:00Z"),
    Case(
      name: "Seoul weekly on Wednesday",
      add: ["--at", "2026-12-02T19:00+09:00", "--repeat", "weekly"],
      addedAt: "2026-12-01T00:00:00Z", askedAt: "2026-12-03T00:00:00Z",
      next: "2026-12-09T10:00:00Z"),
    Case(
      name: "monthly on the 31st skips February",
      add: ["--at", "2027-01-31T10:00+09:00", "--repeat", "monthly"],
      addedAt: "2027-01-01T00:00:00Z", askedAt: "2027-02-01T00:00:00Z",
      next: "2027-03-31T01:00:00Z"),
    Case(
      name: "Monday, Wednesday and Friday",
      add: ["--at", "2026-12-02T07:30+09:00", "--repeat", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"],
      addedAt: "2026-12-01T00:00:00Z", askedAt: "2026-12-03T00:00:00Z",
      next: "2026-12-03T22:30:00Z"),
    Case(
      name: "every second Saturday",
      add: ["--at", "2026-12-05T10:00+09:00", "--repeat", "biweekly"],
      addedAt: "2026-12-01T00:00:00Z", askedAt: "2026-12-06T00:00:00Z",
      next: "2026-12-19T01:00:00Z"),
    Case(
      name: "COUNT: the third of three",
      add: ["--at", "2026-12-30T08:00+09:00", "--repeat", "daily", "--count", "3"],
      addedAt: "2026-12-01T00:00:00Z", askedAt: "2026-12-31T00:00:00Z",
      next: "2026-12-31T23:00:00Z"),
    Case(
      name: "COUNT: none after the third",
      add: ["--at", "2026-12-30T08:00+09:00", "--repeat", "daily", "--count", "3"],
      addedAt: "2026-12-01T00:00:00Z", askedAt: "2027-01-01T00:00:00Z", next: nil),
    Case(
      name: "UNTIL a day keeps that day's occurrence",
      add: ["--at", "2026-12-03T21:00+09:00", "--repeat", "weekly", "--until", "12월 17일"],
      addedAt: "2026-12-01T00:00:00Z", askedAt: "2026-12-11T00:00:00Z",
      next: "2026-12-17T12:00:00Z"),
    Case(
      name: "UNTIL: none after that day",
      add: ["--at", "2026-12-03T21:00+09:00", "--repeat", "weekly", "--until", "12월 17일"],
      addedAt: "2026-12-01T00:00:00Z", askedAt: "2026-12-18T00:00:00Z", next: nil),
    // The same series typed in words: the rule and its first start from `--at` itself.
    Case(
      name: "평일 오전 9시, added on a Friday morning",
      add: ["--at", "평일 오전 9시"], addedAt: "2026-12-04T01:00:00Z",
      askedAt: "2026-12-04T01:00:00Z", next: "2026-12-07T00:00:00Z"),
    Case(
      name: "매주 화요일 저녁 7시, added on a Wednesday",
      add: ["--at", "매주 화요일 저녁 7시"], addedAt: "2026-12-02T01:00:00Z",
      askedAt: "2026-12-02T01:00:00Z", next: "2026-12-08T10:00:00Z"),
    Case(
      name: "매주 월요일 오전 9시 in New York after the spring change",
      add: ["--at", "매주 월요일 오전 9시", "--tz", "America/New_York"],
      addedAt: "2027-03-01T00:00:00Z", askedAt: "2027-03-10T00:00:00Z",
      next: "2027-03-15T13:00:00Z"),
    Case(
      name: "매월 31일 오전 10시 skips February",
      add: ["--at", "매월 31일 오전 10시"], addedAt: "2027-01-01T00:00:00Z",
      askedAt: "2027-02-01T00:00:00Z", next: "2027-03-31T01:00:00Z"),
    Case(
      name: "2주마다 토요일 10시, the third Saturday after",
      add: ["--at", "2주마다 토요일 10시"], addedAt: "2026-12-02T01:00:00Z",
      askedAt: "2026-12-06T00:00:00Z", next: "2026-12-19T01:00:00Z"),
    Case(
      name: "매일 7시 반 --count 3: the last of three",
      add: ["--at", "매일 7시 반", "--count", "3"], addedAt: "2026-12-02T01:00:00Z",
      askedAt: "2026-12-04T12:00:00Z", next: "2026-12-04T22:30:00Z"),
    Case(
      name: "매일 7시 반 --count 3: none after",
      add: ["--at", "매일 7시 반", "--count", "3"], addedAt: "2026-12-02T01:00:00Z",
      askedAt: "2026-12-04T23:00:00Z", next: nil),
    Case(
      name: "매년 12월 24일 저녁 7시, added the day after",
      add: ["--at", "매년 12월 24일 저녁 7시", "--until", "2030-01-01"],
      addedAt: "2026-12-25T00:00:00Z", askedAt: "2026-12-25T00:00:00Z",
      next: "2027-12-24T10:00:00Z"),
    Case(
      name: "weekdays, half a year after the first",
      add: ["--at", "2026-12-01T09:00+09:00", "--repeat", "weekdays"],
      addedAt: "2026-11-30T00:00:00Z", askedAt: "2027-06-01T03:00:00Z",
      next: "2027-06-02T00:00:00Z"),
  ]

  /// The `start` of `next --json`, read as an instant; nil when `next` finds nothing.
  static func nextStart(
    _ workspace: Workspace, at now: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Date? {
    let outcome = workspace.run(["next", "--json", "--now", now])
    if outcome.exitCode == 1 { return nil }
    #expect(outcome.exitCode == 0, "\(outcome.standardError)", sourceLocation: sourceLocation)
    let object = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
    let start = try #require((object as? [String: Any])?["start"] as? String)
    return instant(start)
  }

  @Test(arguments: cases)
  func nextIsTheHandWorkedOccurrence(_ example: Case) throws {
    let workspace = Workspace()
    let add = workspace.run(
      ["add", "반복", "--travel", "30m"] + example.add + ["--now", example.addedAt])
    #expect(add.exitCode == 0, "\(add.standardError)")
    #expect(try Self.nextStart(workspace, at: example.askedAt) == example.next.map(instant))
  }

  /// Two series and a one-off, added on Tuesday 1 December 2026 in Seoul.
  static func threeKept() -> Workspace {
    let workspace = Workspace()
    let now = ["--now", "2026-12-01T09:00+09:00"]
    for line in [
      ["add", "스터디", "--at", "2026-12-01T19:00+09:00", "--repeat", "weekly", "--until", "12월 31일"]
        + ["--travel", "30m"],
      ["add", "출근", "--at", "2026-12-02T09:00+09:00", "--repeat", "weekdays", "--travel", "40m"],
      ["add", "저녁", "--at", "2026-12-05T18:00+09:00", "--travel", "40m"],
    ] {
      let outcome = workspace.run(line + now)
      #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    }
    return workspace
  }

  /// One row each, by departure, a series as its next occurrence with its rule in Korean.
  @Test func listShowsEachSeriesOnceAsItsNextOccurrence() throws {
    let workspace = Self.threeKept()
    let list = workspace.run(["list", "--now", "2026-12-03T12:00+09:00"])
    let rows = list.standardOutput.split(separator: "\n").dropFirst().map {
      $0.split(separator: "  ", omittingEmptySubsequences: true).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    #expect(
      rows == [
        ["#2", "출근", "12월 4일 (금) 오전 9:00 · 평일", "오전 8:10", "20시간 10분 남음"],
        ["#3", "저녁", "12월 5일 (토) 오후 6:00", "오후 5:10", "2일 5시간 남음"],
        ["#1", "스터디", "12월 8일 (화) 오후 7:00 · 매주 화요일 (12월 31일까지)", "오후 6:20", "5일 6시간 남음"],
      ])
    let show = workspace.run(["show", "1", "--now", "2026-12-09T12:00+09:00"])
    #expect(show.standardOutput.contains("시각    12월 15일 (화) 오후 7:00\n반복    매주 화요일 (12월 31일까지)\n"))
  }

  @Test func listJSONGivesTheRuleItsKoreanItsEndAndTheNextStart() throws {
    let workspace = Self.threeKept()
    let list = workspace.run(["list", "--json", "--now", "2026-12-03T12:00+09:00"])
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
    #expect(items.map { $0["id"] as? Int } == [2, 3, 1])
    #expect(items[1]["repeat"] == nil)
    #expect(items[1]["next_start"] == nil)
    let weekdays = try #require(items[0]["repeat"] as? [String: Any])
    #expect(weekdays["rule"] as? String == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
    #expect(weekdays["text"] as? String == "평일")
    #expect(weekdays.count == 2)
    #expect(items[0]["next_start"] as? String == "2026-12-04T09:00:00+09:00")
    let study = try #require(items[2]["repeat"] as? [String: Any])
    #expect(study["rule"] as? String == "FREQ=WEEKLY;BYDAY=TU;UNTIL=20261231T145959Z")
    #expect(study["text"] as? String == "매주 화요일 (12월 31일까지)")
    #expect(study["until"] as? String == "2026-12-31T23:59:59+09:00")
    #expect(items[2]["next_start"] as? String == "2026-12-08T19:00:00+09:00")
    #expect(items[2]["start"] as? String == "2026-12-08T19:00:00+09:00")
    let counted = workspace.run(
      ["add", "모임", "--at", "2026-12-31T14:00+09:00", "--repeat", "monthly", "--count", "10"]
        + ["--travel", "40m", "--json", "--now", "2026-12-03T12:00+09:00"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(counted.standardOutput.utf8)) as? [String: Any])
    let monthly = try #require(object["repeat"] as? [String: Any])
    #expect(monthly["rule"] as? String == "FREQ=MONTHLY;BYMONTHDAY=31;COUNT=10")
    #expect(monthly["text"] as? String == "매월 31일 (10회)")
    #expect(monthly["count"] as? Int == 10)
    #expect(monthly["until"] == nil)
  }

  /// An occurrence skipped and one moved: the rest keep their times, and a bad day is named
  /// with the next occurrences. (2026-12-01 and the 8th, 15th and 22nd are Tuesdays.)
  @Test func oneOccurrenceIsSkippedAndAnotherMoved() throws {
    let workspace = Self.threeKept()
    let now = ["--now", "2026-12-02T09:00+09:00"]
    let skip = workspace.run(["remove", "1", "--on", "12월 8일", "--yes"] + now)
    #expect(skip.standardOutput == "#1 스터디의 12월 8일 (화) 오후 7:00 회차 — 건너뜁니다\n")
    let move = workspace.run(["edit", "스터디", "--on", "12월 15일", "--at", "오후 8시 30분"] + now)
    #expect(move.standardOutput == "#1 스터디의 12월 15일 (화) 오후 7:00 회차를 옮겼습니다: 12월 15일 (화) 오후 8:30\n")
    #expect(
      try Self.start(of: "1", workspace, at: "2026-12-02T00:00:00Z") == "2026-12-15T20:30:00+09:00")
    #expect(
      try Self.start(of: "1", workspace, at: "2026-12-15T12:00:00Z") == "2026-12-22T19:00:00+09:00")
    // Skipped already, and a Wednesday: neither has an occurrence.
    for day in ["12월 8일", "12월 9일"] {
      let refused = workspace.run(["remove", "1", "--on", day, "--yes"] + now)
      BadInputCase(arguments: [], names: "--on '\(day)': #1 스터디에는 \(day) (")
        .expectRefused(refused)
      #expect(
        refused.standardError.hasSuffix(
          "에 회차가 없습니다 (다음 회차: 12월 15일 (화) 오후 8:30, 12월 22일 (화) 오후 7:00, 12월 29일 (화) 오후 7:00)\n"))
    }
  }

  /// The `start` of `show ID --json` at `now`.
  static func start(of id: String, _ workspace: Workspace, at now: String) throws -> String? {
    let show = workspace.run(["show", id, "--json", "--now", now])
    let object = try JSONSerialization.jsonObject(with: Data(show.standardOutput.utf8))
    return (object as? [String: Any])?["start"] as? String
  }

  static let occurrenceBadInput: [BadInputCase] = [
    BadInputCase(
      arguments: ["remove", "3", "--on", "12월 5일", "--yes"], names: "#3 저녁은 반복 약속이 아닙니다"),
    BadInputCase(arguments: ["remove", "1", "2", "--on", "12월 8일", "--yes"], names: "'2'"),
    BadInputCase(arguments: ["remove", "1", "--on", "12월 8일"], names: "--yes를 붙이세요"),
    BadInputCase(arguments: ["remove", "1", "--on", "12월 99일", "--yes"], names: "'12월 99일'"),
    BadInputCase(arguments: ["edit", "1", "--on", "12월 8일", "--title", "x"], names: "--at이 필요합니다"),
    BadInputCase(
      arguments: ["edit", "1", "--on", "12월 8일", "--at", "오후 8시", "--travel", "5m"],
      names: "'--travel'"),
    BadInputCase(
      arguments: ["edit", "1", "--on", "12월 9일", "--at", "오후 8시"], names: "12월 9일 (수)에 회차가 없습니다"),
    BadInputCase(
      arguments: ["edit", "1", "--on", "12월 8일", "--at", "오후 8시", "--tz", "Asia/Tokyo"],
      names: "'--tz'"),
    // Onto another occurrence of the same series: the agenda would list it twice, and the two
    // would share their alerts.
    BadInputCase(
      arguments: ["edit", "1", "--on", "12월 15일", "--at", "12월 22일 오후 7시"],
      names: "--at '12월 22일 오후 7시': #1 스터디에는 12월 22일 (화) 오후 7:00에 이미 회차가 있습니다"),
    BadInputCase(
      arguments: ["edit", "1", "--on", "12월 15일", "--at", "2026-12-08T19:00+09:00"],
      names: "#1 스터디에는 12월 8일 (화) 오후 7:00에 이미 회차가 있습니다"),
  ]

  /// A day named in `--at` is the day it names seen from now, as `add` reads it, not the next
  /// such day after the occurrence: moving the 22 December occurrence to "12월 16일" keeps
  /// this year.
  @Test func anOccurrenceMovesToAnEarlierDayItNames() {
    let workspace = Self.threeKept()
    let move = workspace.run(
      ["edit", "1", "--on", "12월 22일", "--at", "12월 16일 오후 8시", "--now", "2026-12-02T09:00+09:00"])
    #expect(move.standardOutput == "#1 스터디의 12월 22일 (화) 오후 7:00 회차를 옮겼습니다: 12월 16일 (수) 오후 8:00\n")
  }

  /// An occurrence moved to another day is found by the day it is on now, where the agenda
  /// shows it: `--on` that day moves or skips it, rather than saying the day has none and
  /// listing it as the next.
  @Test func anOccurrenceMovedToAnotherDayIsNamedByItsNewDay() {
    let workspace = Self.threeKept()
    let now = ["--now", "2026-12-02T09:00+09:00"]
    let moved = workspace.run(["edit", "1", "--on", "12월 8일", "--at", "12월 9일 오후 8시"] + now)
    #expect(moved.exitCode == 0, "\(moved.standardError)")
    let again = workspace.run(["edit", "1", "--on", "12월 9일", "--at", "오후 9시"] + now)
    #expect(again.standardOutput == "#1 스터디의 12월 9일 (수) 오후 8:00 회차를 옮겼습니다: 12월 9일 (수) 오후 9:00\n")
    #expect(again.standardError.isEmpty)
    let skip = workspace.run(["remove", "1", "--on", "12월 9일", "--yes"] + now)
    #expect(skip.standardOutput == "#1 스터디의 12월 9일 (수) 오후 9:00 회차 — 건너뜁니다\n")
    #expect(skip.standardError.isEmpty)
  }

  /// A series that has ended since its start was last cached is shown as its last
  /// occurrence, as `list --past` lists it, not as the occurrence the cache still holds.
  @Test func anEndedSeriesIsShownAsItsLastOccurrence() throws {
    let workspace = Self.threeKept()
    #expect(
      try Self.start(of: "1", workspace, at: "2027-01-05T00:00:00Z") == "2026-12-29T19:00:00+09:00")
    let past = workspace.run(["list", "--past", "--now", "2027-01-05T09:00+09:00"])
    #expect(past.standardOutput.contains("#1    스터디  2026년 12월 29일 (화) 오후 7:00"))
  }

  /// An occurrence cannot be moved onto one moved there before either; onto its own time, or
  /// onto a skipped one's, it can.
  @Test func anOccurrenceIsNotMovedOntoAnotherOfItsSeries() throws {
    let workspace = Self.threeKept()
    let now = ["--now", "2026-12-02T09:00+09:00"]
    let moved = workspace.run(["edit", "1", "--on", "12월 15일", "--at", "12월 16일 오후 8시"] + now)
    #expect(moved.exitCode == 0, "\(moved.standardError)")
    let before = try workspace.snapshot()
    BadInputCase(arguments: [], names: "12월 16일 (수) 오후 8:00에 이미 회차가 있습니다").expectRefused(
      workspace.run(["edit", "1", "--on", "12월 22일", "--at", "12월 16일 오후 8시"] + now))
    #expect(try workspace.snapshot() == before)
    let again = workspace.run(["edit", "1", "--on", "12월 15일", "--at", "12월 16일 오후 8시"] + now)
    #expect(again.exitCode == 0, "\(again.standardError)")
    #expect(workspace.run(["remove", "1", "--on", "12월 29일", "--yes"] + now).exitCode == 0)
    let onto = workspace.run(["edit", "1", "--on", "12월 22일", "--at", "12월 29일 오후 7시"] + now)
    #expect(onto.exitCode == 0, "\(onto.standardError)")
  }

  @Test(arguments: occurrenceBadInput)
  func badOccurrenceInputExitsTwoAndWritesNothing(_ example: BadInputCase) throws {
    let workspace = Self.threeKept()
    let before = try workspace.snapshot()
    example.expectRefused(workspace.run(example.arguments + ["--now", "2026-12-02T09:00+09:00"]))
    #expect(try workspace.snapshot() == before)
  }

  /// Commands that read work a series out past its kept occurrence and leave the file as it
  /// was; the next command that writes moves the kept occurrence on.
  @Test func readingCommandsWriteNothingAndAWriterMovesTheSeriesOn() throws {
    let workspace = Self.threeKept()
    let before = try workspace.snapshot()
    let later = ["--now", "2026-12-10T12:00+09:00"]
    for line in [
      ["next"], ["list"], ["list", "--json"], ["show", "1"], ["status"], ["agenda"], ["today"],
      ["list", "--past"], ["list", "--all"],
    ] {
      let outcome = workspace.run(line + later)
      #expect(outcome.exitCode == 0, "\(line): \(outcome.standardError)")
    }
    #expect(try workspace.snapshot() == before)
    let kept = "SELECT start_at FROM appointment WHERE id = 1"
    #expect(
      try Database(path: workspace.database, create: false).scalar(kept) == .integer(1_796_119_200))
    workspace.run(["add", "점심", "--at", "2026-12-11T12:00+09:00", "--travel", "10m"] + later)
    // 2026-12-15T19:00+09:00 (10:00Z), the Tuesday after.
    #expect(
      try Database(path: workspace.database, create: false).scalar(kept) == .integer(1_797_328_800))
  }

  /// `status` counts down to a series' next occurrence, worked out past its kept one.
  @Test func statusCountsDownToTheNextOccurrence() throws {
    let workspace = Self.threeKept()
    // Thursday noon: the weekday series leaves at 08:10 on Friday, 20 hours 10 minutes on.
    let status = workspace.run(["status", "--format", "json", "--now", "2026-12-03T12:00+09:00"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
    #expect(object["title"] as? String == "출근")
    #expect(object["start"] as? String == "2026-12-04T09:00:00+09:00")
    #expect(object["remaining_seconds"] as? Int == 72_600)
  }

  /// Every occurrence of the days asked for, under its day, by start.
  @Test func agendaListsEveryOccurrenceDayByDay() throws {
    let workspace = Self.threeKept()
    let agenda = workspace.run(["agenda", "--now", "2026-12-03T12:00+09:00"])
    #expect(
      agenda.standardOutput == """
        12월 3일 (목) · 오늘
          오전 9:00  #2  출근      출발 오전 8:10

        12월 4일 (금) · 내일
          오전 9:00  #2  출근      출발 오전 8:10

        12월 5일 (토)
          오후 6:00  #3  저녁      출발 오후 5:10

        12월 7일 (월)
          오전 9:00  #2  출근      출발 오전 8:10

        12월 8일 (화)
          오전 9:00  #2  출근      출발 오전 8:10
          오후 7:00  #1  스터디    출발 오후 6:20

        12월 9일 (수)
          오전 9:00  #2  출근      출발 오전 8:10

        """)
    let json = workspace.run(
      ["agenda", "--from", "12월 5일", "--days", "4", "--json", "--now", "2026-12-03T12:00+09:00"])
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
    #expect(items.map { $0["id"] as? Int } == [3, 2, 2, 1])
    #expect(items.map { $0["occurrence"] as? Bool } == [false, true, true, true])
    #expect(
      items.map { $0["start"] as? String } == [
        "2026-12-05T18:00:00+09:00", "2026-12-07T09:00:00+09:00", "2026-12-08T09:00:00+09:00",
        "2026-12-08T19:00:00+09:00",
      ])
    #expect(items.map { $0["departure"] as? String }.first == "2026-12-05T17:10:00+09:00")
    let today = workspace.run(["today", "--now", "2026-12-06T12:00+09:00"])
    #expect(
      today.standardOutput
        == "오늘은 약속이 없습니다. 추가하려면: chulbal add \"저녁 약속\" --at \"오늘 오후 7시\" --travel 30m\n")
  }

  /// The built binary, as a person runs it, with a named zone: a weekly 09:00 in New York is
  /// 09:00 on each side of the spring change, worked out through libical in the process.
  @Test(.tags(.process))
  func theBinaryKeepsASeriesWallTimeAcrossTheSpringChangeInAProcess() throws {
    let workspace = Workspace()
    let variables = ["CHULBAL_DB": workspace.database, "TZ": "America/New_York"]
    let add = try ChulbalProcess.run(
      [
        "add", "회의", "--at", "2027-03-09T09:00", "--repeat", "weekly", "--travel", "30m",
        "--now", "2027-03-01T12:00",
      ], environment: variables)
    #expect(add.status == 0, "\(add.standardError)")
    #expect(add.standardOutput.hasPrefix("#1 회의 — 3월 9일 (화) 오전 9:00 · 매주 화요일 · "))
    // Read by a second process, past the kept occurrence, without writing.
    let next = try ChulbalProcess.run(
      ["next", "--json", "--now", "2027-03-10T12:00"], environment: variables)
    #expect(next.status == 0, "\(next.standardError)")
    #expect(next.standardOutput.contains("\"start\": \"2027-03-16T09:00:00-04:00\""))
  }

  static let add = ["add", "운동", "--travel", "30m", "--at", "12월 3일 19:00"]

  /// `edit --at` in words makes a one-off a series, and gives a series a new rule from its
  /// next day on, without the old rule's skipped days.
  @Test func editAtInWordsSetsTheRule() throws {
    let workspace = Self.threeKept()
    let now = ["--now", "2026-12-02T09:00+09:00"]
    let skip = workspace.run(["remove", "1", "--on", "12월 8일", "--yes"] + now)
    #expect(skip.exitCode == 0, "\(skip.standardError)")
    for (id, words) in [("3", "매주 수요일 저녁 7시"), ("1", "매주 목요일 저녁 8시")] {
      let edit = workspace.run(["edit", id, "--at", words] + now)
      #expect(edit.exitCode == 0, "\(edit.standardError)")
    }
    let list = workspace.run(["list", "--json"] + now)
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
    let byID = Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as? Int ?? 0, $0) })
    let evening = try #require(byID[3]?["repeat"] as? [String: Any])
    #expect(evening["rule"] as? String == "FREQ=WEEKLY;BYDAY=WE")
    #expect(byID[3]?["start"] as? String == "2026-12-02T19:00:00+09:00")
    let study = try #require(byID[1]?["repeat"] as? [String: Any])
    #expect(study["rule"] as? String == "FREQ=WEEKLY;BYDAY=TH")
    #expect(byID[1]?["start"] as? String == "2026-12-03T20:00:00+09:00")
  }

  static let badInput: [BadInputCase] = [
    BadInputCase(arguments: add + ["--repeat", "hourly"], names: "'hourly'"),
    BadInputCase(arguments: ["agenda", "--days", "0"], names: "'0'"),
    BadInputCase(arguments: ["agenda", "--from", "12월 99일"], names: "'12월 99일'"),
    BadInputCase(arguments: add + ["--repeat", "RRULE:FREQ=MINUTELY"], names: "FREQ=MINUTELY"),
    BadInputCase(arguments: add + ["--repeat", "FREQ=SECONDLY"], names: "FREQ=SECONDLY"),
    BadInputCase(arguments: add + ["--repeat", "fortnightly"], names: "'fortnightly'"),
    BadInputCase(arguments: add + ["--repeat", "RRULE:FREQ=WEEKLY;BYDAY=XX"], names: "'XX'"),
    BadInputCase(arguments: add + ["--repeat", "FREQ=WEEKLY;FOO=1"], names: "'FOO=1'"),
    BadInputCase(arguments: add + ["--repeat", "daily", "--count", "0"], names: "'0'"),
    BadInputCase(arguments: add + ["--repeat", "daily", "--count", "1001"], names: "'1001'"),
    BadInputCase(arguments: add + ["--repeat", "daily", "--count", "ten"], names: "'ten'"),
    BadInputCase(
      arguments: add + ["--repeat", "daily", "--until", "12월 2일"],
      names: "--until '12월 2일': 첫 약속"),
    BadInputCase(
      arguments: add + ["--repeat", "daily", "--until", "12월 31일", "--count", "3"],
      names: "--until과 --count는 함께 쓸 수 없습니다"),
    BadInputCase(arguments: add + ["--until", "12월 31일"], names: "'--until'은 --repeat와"),
    BadInputCase(arguments: add + ["--count", "3"], names: "'--count'는 --repeat와"),
    BadInputCase(arguments: add + ["--repeat", "daily", "--until", "12월 99일"], names: "'12월 99일'"),
    BadInputCase(
      arguments: add + ["--repeat", "FREQ=DAILY;COUNT=2", "--count", "3"],
      names: "FREQ=DAILY;COUNT=2"),
    // The series in words, refused as the issue lists them.
    BadInputCase(
      arguments: ["add", "운동", "--travel", "30m", "--at", "매주 팔요일 7시"], names: "'팔요일'은 요일이 아닙니다"),
    BadInputCase(
      arguments: ["add", "운동", "--travel", "30m", "--at", "매주 화요일"], names: "'매주 화요일'에 시각이 빠졌습니다"),
    BadInputCase(
      arguments: ["add", "운동", "--travel", "30m", "--at", "매주 화요일 7시", "--repeat", "weekly"],
      names: "--at '매주 화요일 7시'에 반복이 이미 있어 --repeat 'weekly'를"),
    BadInputCase(
      arguments: ["add", "운동", "--travel", "30m", "--at", "매일 7시", "--count", "0"], names: "'0'"),
    BadInputCase(
      arguments: ["add", "운동", "--travel", "30m", "--at", "매일 7시", "--until", "2026-11-01"],
      names: "--until '2026-11-01': 첫 약속"),
    BadInputCase(arguments: ["edit", "1", "--at", "매주 팔요일 7시"], names: "'팔요일'"),
    // An end past the years the file keeps: written, it made every later reader refuse the
    // file (repeat_last_at out of range).
    BadInputCase(
      arguments: add + ["--repeat", "FREQ=DAILY;UNTIL=99991231"],
      names: "UNTIL=99991231: 연도는 1970~2200이어야 합니다"),
    // A first occurrence (29 February 2224) past the years kept: the series was shown at its
    // --at, no occurrence, and then in neither list.
    BadInputCase(
      arguments: ["add", "운동", "--travel", "30m", "--at", "2028-03-10T19:00+09:00"]
        + ["--repeat", "FREQ=YEARLY;INTERVAL=196;BYMONTH=2;BYMONTHDAY=29"],
      names: "첫 시각부터 2200년까지 이 규칙에 맞는 날이 하나도 없습니다"),
    // A zero-width space pasted in is named, not quoted as if it were nothing ('').
    BadInputCase(
      arguments: ["add", "운동", "--travel", "30m", "--at", "매주\u{200B} 화요일 7시"],
      names: "보이지 않는 문자(U+200B)가 있습니다"),
    BadInputCase(
      arguments: ["add", "운동", "--travel", "30m", "--at", "매주 화\u{200B}요일 7시"],
      names: "보이지 않는 문자(U+200B)가 있습니다"),
    // Rules whose days exist, but never in the months or years their interval lands on:
    // said in Korean, not in libical's words.
    BadInputCase(
      arguments: ["add", "운동", "--travel", "30m", "--at", "2027-02-10T19:00+09:00"]
        + ["--repeat", "FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30"],
      names: "'FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30': 규칙에 맞는 날이 2027년 2월 10일부터 오지 않습니다"),
    BadInputCase(
      arguments: ["add", "운동", "--travel", "30m", "--at", "2026-12-10T19:00+09:00"]
        + ["--repeat", "FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29"],
      names: "2026년 12월 10일부터 오지 않습니다"),
    // 3 December 2026 is a Thursday; no Monday comes before the 6th.
    BadInputCase(
      arguments: add + ["--repeat", "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261206"],
      names: "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261206"),
  ]

  @Test(arguments: badInput)
  func badSeriesInputExitsTwoAndWritesNothing(_ example: BadInputCase) throws {
    let workspace = StoreBadInputTests.seeded()
    let before = try workspace.snapshot()
    example.expectRefused(workspace.run(example.arguments))
    #expect(try workspace.snapshot() == before)
  }
}
