import ChulbalCore
import ChulbalStore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// The real `watch` command over a real SQLite file, its waits scripted (``ScriptedWakes``
/// on a ``ScriptedClock``): what it sends, and when, through restarts, edits, suspends, clock
/// changes and signals, with no time passing. The alerts reach the terminal backend, which
/// writes them to a recording console beside the watch's log. The runs of the real binary on
/// the real clock are `WatchCommandTests` and the other `Watch…Tests`.
@Suite struct ScriptedWatchTests {
  let workspace = Workspace()

  /// 회의 at 10:30 with 20 minutes of travel and no buffer: alerts at 09:40 (30 minutes
  /// before leaving), 10:00 (10 minutes before) and 10:10 (leave).
  static let start = "2027-01-12T10:30:00+09:00"
  static let body = "오전 10:30 · 오전 10:10 출발 · 이동 20분"

  /// What one run of the watch did.
  struct Run {
    let outcome: Outcome
    /// The alerts as the terminal backend writes them, `[알림] ` taken off.
    let alerts: [String]
    /// The watch's log lines, `chulbal watch: 1월 12일 (화) ` taken off: `오전 9:40 보냄 …`.
    let log: [String]
    let wakes: ScriptedWakes
  }

  init() throws {
    try #require(
      run(["config", "set", "notify.backends", "terminal"], at: "2027-01-12T09:00:00+09:00")
        .exitCode == 0)
    // Late notices coming again are the late tests' (``lateRepeat``); here the one that
    // follows alerts missed past the late cap is all.
    try #require(
      run(["config", "set", "notify.repeat", "0"], at: "2027-01-12T09:00:00+09:00").exitCode == 0)
    let added = run(
      [
        "add", "회의", "--at", Self.start, "--travel", "20m", "--buffer", "0", "--alerts",
        "30m,10m,0",
      ], at: "2027-01-12T09:00:00+09:00")
    try #require(added.exitCode == 0, "\(added.standardError)")
  }

  /// Runs a command on the workspace's database with the clock stopped at `now`.
  @discardableResult
  func run(_ arguments: [String], at now: String) -> Outcome {
    Self.run(arguments, in: workspace, at: now)
  }

  /// Another process running `arguments` on the database at `time` (`09:50`), which the
  /// watch sees as a write to it.
  func command(_ arguments: [String], at time: String) -> ScriptedWakes.Happening {
    let workspace = workspace
    return .write(at: Self.at(time)) {
      Self.run(arguments, in: workspace, at: "2027-01-12T\(time):00+09:00")
    }
  }

  /// Runs `chulbal watch` from `now` through `script`.
  func watch(
    from now: String, _ script: [ScriptedWakes.Happening], arguments: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Run {
    Self.watch(
      in: workspace, from: now, script, arguments: arguments, sourceLocation: sourceLocation)
  }

  /// Runs `chulbal watch` on `workspace`'s database from `now` (on 2027-01-12) through
  /// `script`.
  static func watch(
    in workspace: Workspace, from now: String, _ script: [ScriptedWakes.Happening],
    arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Run {
    let clock = ScriptedClock(now: instant(now))
    let wakes = ScriptedWakes(clock: clock, script)
    let console = RecordingConsole()
    var environment = workspace.environment()
    environment.clock = clock
    environment.console = console
    environment.watchWakes = { _ in wakes }
    let outcome = CLI.run(["watch"] + arguments, environment: environment)
    #expect(wakes.isDone, "the watch ended before its script did", sourceLocation: sourceLocation)
    let lines = console.errorText.split(separator: "\n").map(String.init)
    let prefix = "chulbal watch: 1월 12일 (화) "
    let log = lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    let alerts = lines.filter { $0.hasPrefix("[알림] ") }.map { String($0.dropFirst(5)) }
    #expect(
      log.count + alerts.count == lines.count, "\(console.errorText)",
      sourceLocation: sourceLocation)
    return Run(outcome: outcome, alerts: alerts, log: log, wakes: wakes)
  }

  static func at(_ time: String) -> Date { instant("2027-01-12T\(time):00+09:00") }

  @Test func eachAlertIsSentOnceAtItsTimeAndTheWatchSleepsUntilTheNext() {
    let run = watch(from: "2027-01-12T09:30:00+09:00", [.signal(SIGTERM, at: Self.at("10:20"))])
    #expect(run.outcome.exitCode == 0)
    #expect(run.outcome.standardOutput.isEmpty && run.outcome.standardError.isEmpty)
    #expect(
      run.alerts == [
        "30분 뒤 출발 · 회의 — \(Self.body)", "10분 뒤 출발 · 회의 — \(Self.body)",
        "지금 출발하세요 · 회의 — \(Self.body)",
      ])
    // Woken at each alert and at nothing else; after the last, a day later to look again.
    #expect(
      run.wakes.waits
        == [Self.at("09:40"), Self.at("10:00"), Self.at("10:10"), Self.at("10:10") + 86_400])
    #expect(
      run.log == [
        "오전 9:30 시작: \(workspace.database), 알림 방식 terminal",
        "오전 9:40 보냄 #1 회의 (30분 전 알림) → terminal",
        "오전 10:00 보냄 #1 회의 (10분 전 알림) → terminal",
        "오전 10:10 보냄 #1 회의 (지금 출발 알림) → terminal",
        "오전 10:20 SIGTERM을 받아 끝냅니다",
      ])
  }

  @Test func aRestartSendsNoAlertAgainAndTheNextOnesOnce() {
    let first = watch(from: "2027-01-12T09:30:00+09:00", [.signal(SIGTERM, at: Self.at("09:45"))])
    #expect(first.alerts == ["30분 뒤 출발 · 회의 — \(Self.body)"])
    // Started again within the minute the first alert fell due, and again later.
    let once = watch(from: "2027-01-12T09:40:30+09:00", [], arguments: ["--once"])
    #expect(once.outcome.exitCode == 0)
    #expect(once.alerts.isEmpty && once.wakes.waits.isEmpty)
    let second = watch(from: "2027-01-12T09:50:00+09:00", [.signal(SIGINT, at: Self.at("10:20"))])
    #expect(second.outcome.exitCode == 0)
    #expect(
      second.alerts == [
        "10분 뒤 출발 · 회의 — \(Self.body)", "지금 출발하세요 · 회의 — \(Self.body)",
      ])
    #expect(second.log.last == "오전 10:20 SIGINT를 받아 끝냅니다")
    let log = run(["log", "--json"], at: "2027-01-12T10:30:00+09:00").standardOutput
    #expect(log.components(separatedBy: "\"outcome\": \"delivered\"").count - 1 == 3, "\(log)")
  }

  /// Another command writing the database wakes the watch to plan again, which sends nothing
  /// it sent before, and the new appointment's alert at its time.
  @Test func aWriteToTheDatabasePlansAgainAndSendsNothingTwice() {
    let run = watch(
      from: "2027-01-12T09:30:00+09:00",
      [
        command(
          [
            "add", "점심", "--at", "2027-01-12T10:05:00+09:00", "--travel", "0", "--buffer",
            "0", "--alerts", "0",
          ], at: "09:50"),
        .signal(SIGTERM, at: Self.at("10:20")),
      ])
    #expect(
      run.alerts == [
        "30분 뒤 출발 · 회의 — \(Self.body)", "10분 뒤 출발 · 회의 — \(Self.body)",
        "지금 출발하세요 · 점심 — 오전 10:05", "지금 출발하세요 · 회의 — \(Self.body)",
      ])
    #expect(
      run.wakes.waits == [
        Self.at("09:40"), Self.at("10:00"), Self.at("10:00"), Self.at("10:05"), Self.at("10:10"),
        Self.at("10:10") + 86_400,
      ])
  }

  /// An appointment moved later has alerts of its own again, at the new times; the old times
  /// pass with nothing.
  @Test func anAppointmentEditedToLaterIsAlertedAgainAtItsNewTimes() {
    let run = watch(
      from: "2027-01-12T09:30:00+09:00",
      [
        command(["edit", "1", "--at", "2027-01-12T11:30:00+09:00"], at: "09:50"),
        .signal(SIGTERM, at: Self.at("11:20")),
      ])
    let later = "오전 11:30 · 오전 11:10 출발 · 이동 20분"
    #expect(
      run.alerts == [
        "30분 뒤 출발 · 회의 — \(Self.body)", "30분 뒤 출발 · 회의 — \(later)",
        "10분 뒤 출발 · 회의 — \(later)", "지금 출발하세요 · 회의 — \(later)",
      ])
    #expect(
      Array(run.log.dropFirst()) == [
        "오전 9:40 보냄 #1 회의 (30분 전 알림) → terminal",
        "오전 10:40 보냄 #1 회의 (30분 전 알림) → terminal",
        "오전 11:00 보냄 #1 회의 (10분 전 알림) → terminal",
        "오전 11:10 보냄 #1 회의 (지금 출발 알림) → terminal",
        "오전 11:20 SIGTERM을 받아 끝냅니다",
      ])
    #expect(
      Array(run.wakes.waits.prefix(3)) == [Self.at("09:40"), Self.at("10:00"), Self.at("10:40")])
  }

  @Test func aRemovedAppointmentsAlertsNeverCome() {
    let run = watch(
      from: "2027-01-12T09:30:00+09:00",
      [
        command(["remove", "1", "--yes"], at: "09:50"),
        .signal(SIGTERM, at: Self.at("11:00")),
      ])
    #expect(run.alerts == ["30분 뒤 출발 · 회의 — \(Self.body)"])
    #expect(run.wakes.waits == [Self.at("09:40"), Self.at("10:00"), Self.at("09:50") + 86_400])
  }

  /// An appointment added so close that its earlier alerts fell due before it existed: those
  /// were never missed, so no summary tells of them, and they are not sent late either, at
  /// this step or any after it; the alert due as it is added is sent, and the later ones at
  /// their times.
  @Test func alertsDueBeforeAnAppointmentExistedAreNotMissed() {
    let run = watch(
      from: "2027-01-12T09:30:00+09:00",
      [
        command(
          [
            "add", "출발 시험", "--at", "2027-01-12T10:07:00+09:00", "--travel", "2m",
            "--buffer", "0",
          ], at: "09:55"),
        // Another write wakes the watch for a step between the alerts.
        command(["config", "set", "notify.snooze", "5m"], at: "09:57"),
        .signal(SIGTERM, at: Self.at("10:20")),
      ])
    let body = "오전 10:07 · 오전 10:05 출발 · 이동 2분"
    #expect(
      run.alerts == [
        "30분 뒤 출발 · 회의 — \(Self.body)", "10분 뒤 출발 · 출발 시험 — \(body)",
        "10분 뒤 출발 · 회의 — \(Self.body)", "지금 출발하세요 · 출발 시험 — \(body)",
        "지금 출발하세요 · 회의 — \(Self.body)",
      ])
    #expect(!run.log.contains { $0.contains("놓침") || $0.contains("놓친") }, "\(run.log)")
  }

  /// An appointment added after its departure: a late notice tells the person to leave, and
  /// the leave alert, due before it existed, is never sent after it.
  @Test func anAppointmentAddedLateGetsALateNoticeAndNoLeaveAlertAfterIt() {
    lateRepeat("5m")
    let run = watch(
      from: "2027-01-12T09:30:00+09:00",
      [
        command(
          [
            "add", "급한 약속", "--at", "2027-01-12T10:15:00+09:00", "--travel", "30m",
            "--buffer", "0", "--alerts", "0",
          ], at: "09:50"),
        // Another write wakes the watch for a step between two late notices.
        command(["config", "set", "notify.snooze", "5m"], at: "09:51"),
        .signal(SIGTERM, at: Self.at("10:12")),
      ])
    let urgent = run.alerts.filter { $0.contains("급한 약속") }
    #expect(urgent.count >= 2, "\(run.alerts)")
    #expect(urgent.allSatisfy { $0.hasPrefix("지금 바로 출발하세요") }, "\(urgent)")
    #expect(!run.log.contains { $0.contains("놓침") || $0.contains("놓친") }, "\(run.log)")
  }

  /// Something that happens to the machine at 09:45, after the first alert, and what the
  /// watch does about it until SIGTERM ends it.
  struct Disturbance: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let happening: ScriptedWakes.Happening
    /// When SIGTERM comes, `10:20`: all the times are in the morning.
    let end: String
    /// The alerts after the first, and the log lines between the first alert's and the end's.
    let alerts: [String]
    let log: [String]
    /// The deadlines of the waits after the first two (09:40, then 10:00).
    let waits: [Date]
  }

  static let disturbances = [
    // The 10:00 alert is missed; the leave alert comes at the wake saying how late it is, and
    // one notice tells of the missed one.
    Disturbance(
      testDescription: "a suspend past the departure",
      happening: .suspend(at: at("09:45"), until: at("10:14")), end: "10:20",
      alerts: [
        "지금 출발하세요 (4분 지남) · 회의 — \(body)", "놓친 알림 1개 · 회의 — 오전 10:00 회의 (10분 전 알림)",
      ],
      log: [
        "오전 10:14 놓침 #1 회의 (10분 전 알림), 오전 10:00에 보냈어야 했습니다",
        "오전 10:14 보냄 #1 회의 (지금 출발 알림) → terminal",
        "오전 10:14 놓친 알림 1개를 한 번에 알림 → terminal",
      ],
      // The wait for 10:00 ends at the resume, its deadline long past.
      waits: [at("10:14") + 86_400]),
    // Past the late cap (10 minutes) every alert passed is missed, and a late notice, due
    // when the cap passed at 10:20, says to leave now.
    Disturbance(
      testDescription: "a suspend past the late cap",
      happening: .suspend(at: at("09:45"), until: at("10:25")), end: "10:26",
      alerts: [
        "지금 바로 출발하세요 · 회의 (15분 늦음) — \(body) · 지금 출발하면 오전 10:45 도착",
        "놓친 알림 2개 · 회의 — 오전 10:00 회의 (10분 전 알림) · 오전 10:10 회의 (지금 출발 알림)",
      ],
      log: [
        "오전 10:25 놓침 #1 회의 (10분 전 알림), 오전 10:00에 보냈어야 했습니다",
        "오전 10:25 놓침 #1 회의 (지금 출발 알림), 오전 10:10에 보냈어야 했습니다",
        "오전 10:25 보냄 #1 회의 (출발 10분 뒤 늦음 알림) → terminal",
        "오전 10:25 놓친 알림 2개를 한 번에 알림 → terminal",
      ],
      waits: [at("10:25") + 86_400]),
    // A suspend that ends before the deadline changes nothing: the wait goes on to it.
    Disturbance(
      testDescription: "a suspend that ends before the next alert",
      happening: .suspend(at: at("09:45"), until: at("09:55")), end: "10:05",
      alerts: ["10분 뒤 출발 · 회의 — \(body)"],
      log: ["오전 10:00 보냄 #1 회의 (10분 전 알림) → terminal"],
      waits: [at("10:10")]),
    // The first alert is not sent again when the clock passes 09:40 a second time, and the
    // next comes at 10:00 by the new clock.
    Disturbance(
      testDescription: "the clock set back 25 minutes",
      happening: .clockSet(at: at("09:45"), to: at("09:20")), end: "10:05",
      alerts: ["10분 뒤 출발 · 회의 — \(body)"],
      log: [
        "오전 9:20 시계가 바뀌어 다시 계산합니다",
        "오전 10:00 보냄 #1 회의 (10분 전 알림) → terminal",
      ],
      waits: [at("10:00"), at("10:10")]),
    // The alert passed comes at once, worded for the time it is shown at; the leave alert at
    // its own time.
    Disturbance(
      testDescription: "the clock set forward past an alert",
      happening: .clockSet(at: at("09:45"), to: at("10:05")), end: "10:20",
      alerts: ["5분 뒤 출발 · 회의 — \(body)", "지금 출발하세요 · 회의 — \(body)"],
      log: [
        "오전 10:05 시계가 바뀌어 다시 계산합니다",
        "오전 10:05 보냄 #1 회의 (10분 전 알림) → terminal",
        "오전 10:10 보냄 #1 회의 (지금 출발 알림) → terminal",
      ],
      waits: [at("10:10"), at("10:10") + 86_400]),
  ]

  /// Each disturbance is handled as its case says, and a restart after it sends nothing again.
  @Test(arguments: disturbances)
  func aSuspendOrAClockChangeSendsEachAlertOnceWithTheWordsOfItsTime(_ disturbance: Disturbance) {
    let run = watch(
      from: "2027-01-12T09:30:00+09:00",
      [disturbance.happening, .signal(SIGTERM, at: Self.at(disturbance.end))])
    #expect(run.outcome.exitCode == 0)
    #expect(run.alerts == ["30분 뒤 출발 · 회의 — \(Self.body)"] + disturbance.alerts)
    #expect(
      Array(run.log.dropFirst())
        == ["오전 9:40 보냄 #1 회의 (30분 전 알림) → terminal"] + disturbance.log + [
          "오전 \(disturbance.end) SIGTERM을 받아 끝냅니다"
        ])
    #expect(run.wakes.waits == [Self.at("09:40"), Self.at("10:00")] + disturbance.waits)
    let again = watch(
      from: "2027-01-12T\(disturbance.end):30+09:00", [], arguments: ["--once"])
    #expect(again.alerts.isEmpty, "\(again.alerts)")
  }

  /// SIGHUP reads the settings again: a late cap raised to 30 minutes meanwhile lets the
  /// leave alert through after a suspend that would have missed it.
  @Test func sighupReadsTheSettingsAgainAndTheWatchUsesThem() {
    let run = watch(
      from: "2027-01-12T09:30:00+09:00",
      [
        command(["config", "set", "notify.late_cap", "30m"], at: "09:41"),
        .signal(SIGHUP, at: Self.at("09:42")),
        .suspend(at: Self.at("09:45"), until: Self.at("10:25")),
        .signal(SIGTERM, at: Self.at("10:26")),
      ])
    #expect(run.outcome.exitCode == 0)
    #expect(run.log.contains("오전 9:42 설정을 다시 읽었습니다: 알림 방식 terminal"))
    #expect(
      run.alerts == [
        "30분 뒤 출발 · 회의 — \(Self.body)", "지금 출발하세요 (15분 지남) · 회의 — \(Self.body)",
        "놓친 알림 1개 · 회의 — 오전 10:00 회의 (10분 전 알림)",
      ])
  }

  /// `notify.repeat` set to `every` before the watch starts.
  func lateRepeat(_ every: String) {
    run(["config", "set", "notify.repeat", every], at: "2027-01-12T09:00:00+09:00")
  }

  /// The late notice as the terminal backend shows it at `time` (`10:25`), leaving then.
  static func late(_ lateness: String, arriving time: String) -> String {
    "지금 바로 출발하세요 · 회의 (\(lateness)) — \(body) · 지금 출발하면 오전 \(time) 도착"
  }

  static let missedAll =
    "놓친 알림 3개 · 회의 — 오전 9:40 회의 (30분 전 알림) · 오전 10:00 회의 (10분 전 알림) · 오전 10:10 회의 (지금 출발 알림)"

  /// Started 15 minutes after the departure, past the late cap: the latest late notice
  /// passed (10:24, on the grid of 2 minutes from 10:10) comes at once, then every 2 minutes
  /// until the start at 10:30, and the missed alerts are told of beside it.
  @Test func aStartUpAfterTheDepartureSendsALateNoticeAtOnceAndAgainUntilTheStart() {
    lateRepeat("2m")
    let run = watch(from: "2027-01-12T10:25:00+09:00", [.signal(SIGTERM, at: Self.at("10:40"))])
    #expect(run.outcome.exitCode == 0)
    #expect(
      run.alerts == [
        Self.late("15분 늦음", arriving: "10:45"), Self.missedAll,
        Self.late("16분 늦음", arriving: "10:46"), Self.late("18분 늦음", arriving: "10:48"),
      ])
    #expect(
      run.log.filter { $0.contains("늦음 알림") } == [
        "오전 10:25 보냄 #1 회의 (출발 14분 뒤 늦음 알림) → terminal",
        "오전 10:26 보냄 #1 회의 (출발 16분 뒤 늦음 알림) → terminal",
        "오전 10:28 보냄 #1 회의 (출발 18분 뒤 늦음 알림) → terminal",
      ])
    // Nothing at the start: the watch sleeps a day after the last.
    #expect(run.wakes.waits == [Self.at("10:26"), Self.at("10:28"), Self.at("10:28") + 86_400])
    let log = self.run(["log"], at: "2027-01-12T10:40:00+09:00").standardOutput
    #expect(log.components(separatedBy: " 늦음 알림)").count - 1 == 3, "\(log)")
  }

  /// With `notify.repeat` 0 the late notice comes once, at start-up, and never again.
  @Test func aRepeatOfZeroSendsOneLateNoticeOnly() {
    lateRepeat("0")
    let run = watch(from: "2027-01-12T10:25:00+09:00", [.signal(SIGTERM, at: Self.at("10:40"))])
    #expect(run.alerts == [Self.late("15분 늦음", arriving: "10:45"), Self.missedAll])
    #expect(run.wakes.waits == [Self.at("10:25") + 86_400])
  }

  /// After the leave alert the late notice comes every 5 minutes; a restart sends none that
  /// was sent and the one that fell due while it was down at once.
  @Test func lateNoticesRepeatOnTheirGridAndARestartNeitherRepeatsNorDropsOne() {
    lateRepeat("5m")
    let first = watch(from: "2027-01-12T09:50:00+09:00", [.signal(SIGTERM, at: Self.at("10:17"))])
    #expect(
      first.alerts == [
        "20분 뒤 출발 · 회의 — \(Self.body)", "10분 뒤 출발 · 회의 — \(Self.body)",
        "지금 출발하세요 · 회의 — \(Self.body)", Self.late("5분 늦음", arriving: "10:35"),
      ])
    #expect(
      first.wakes.waits == [Self.at("10:00"), Self.at("10:10"), Self.at("10:15"), Self.at("10:20")])
    let second = watch(from: "2027-01-12T10:21:00+09:00", [.signal(SIGTERM, at: Self.at("10:40"))])
    #expect(
      second.alerts == [
        Self.late("11분 늦음", arriving: "10:41"), Self.late("15분 늦음", arriving: "10:45"),
      ])
    let again = watch(from: "2027-01-12T10:25:30+09:00", [], arguments: ["--once"])
    #expect(again.alerts.isEmpty, "\(again.alerts)")
    let log = run(["log", "--json"], at: "2027-01-12T10:40:00+09:00").standardOutput
    for minutes in [-5, -10, -15] {
      #expect(log.contains("\"lead_minutes\": \(minutes)"), "\(log)")
    }
  }

  /// `log` names a late notice `늦음 알림` and shows `출발했어요` at the time it was pressed,
  /// not under the start where the log keeps it.
  @Test func logShowsALateNoticeAndTheDepartedPressAtItsTime() throws {
    let store = try Store.openOrCreate(path: workspace.database, expander: .libical)
    let appointment = try #require(try store.all().first)
    let late = AlertID(appointmentID: 1, leadSeconds: -900, due: Self.at("10:25"))
    try store.record(late, kind: .late, .delivered(backend: "libnotify"), at: Self.at("10:25"))
    try store.record(
      AlertPlanner.acknowledgement(of: appointment), kind: .late, .acknowledged,
      at: Self.at("10:27"))
    let log = run(["log"], at: "2027-01-12T10:40:00+09:00")
    #expect(
      log.standardOutput.split(separator: "\n").map {
        $0.split(separator: " ").joined(separator: " ")
      }
        == [
          "기록 약속 알림 결과",
          "1월 12일 (화) 오전 10:27 #1 회의 오전 10:27 (출발했어요) 늦음 알림 그침",
          "1월 12일 (화) 오전 10:25 #1 회의 오전 10:25 (출발 15분 뒤 늦음 알림) 보냄 (libnotify)",
        ], "\(log.standardOutput)")
    let json = run(["log", "--json"], at: "2027-01-12T10:40:00+09:00").standardOutput
    #expect(json.components(separatedBy: "\"kind\": \"late\"").count - 1 == 2, "\(json)")
    #expect(json.contains("\"outcome\": \"acknowledged\""), "\(json)")
  }

  /// A removed appointment's late notices stop.
  @Test func removingTheAppointmentStopsItsLateNotices() {
    lateRepeat("5m")
    let run = watch(
      from: "2027-01-12T09:50:00+09:00",
      [command(["remove", "1", "--yes"], at: "10:17"), .signal(SIGTERM, at: Self.at("10:40"))])
    #expect(
      run.alerts == [
        "20분 뒤 출발 · 회의 — \(Self.body)", "10분 뒤 출발 · 회의 — \(Self.body)",
        "지금 출발하세요 · 회의 — \(Self.body)", Self.late("5분 늦음", arriving: "10:35"),
      ])
    #expect(run.wakes.waits.last == Self.at("10:17") + 86_400)
  }

  /// A sync writing twenty calendar files a tenth of a second apart: the watch reads the
  /// source once, when the changes have settled, and gets all twenty.
  @Test func aBurstOfCalendarFilesIsReadOnceWhenItSettles() throws {
    let vdir = workspace.folder + "/work"
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    try WatchSourceTests.calendar([("a", "첫 일정")])
      .write(toFile: vdir + "/a.ics", atomically: true, encoding: .utf8)
    run(["source", "add", vdir, "--name", "cal"], at: "2027-01-12T09:00:00+09:00")
    run(["import", "--sources"], at: "2027-01-12T09:00:00+09:00")
    let begin = Self.at("09:30")
    let burst: [ScriptedWakes.Happening] = (1...20).map { number in
      .sourceWrite(at: begin.addingTimeInterval(Double(number) / 10), key: vdir) {
        let text = WatchSourceTests.calendar([("\(number)", "일정 \(number)")])
        #expect(
          FileManager.default.createFile(
            atPath: vdir + "/\(number).ics", contents: Data(text.utf8)))
      }
    }
    let run = watch(
      from: "2027-01-12T09:30:00+09:00", burst + [.signal(SIGTERM, at: Self.at("09:31"))])
    #expect(
      run.wakes.folderWatches == [
        EventLoop.FolderWatch(key: vdir, folder: vdir, names: nil, suffix: ".ics")
      ])
    #expect(
      run.log.filter { $0.contains("다시 읽었습니다") } == [
        "오전 9:30 캘린더 'cal'을 다시 읽었습니다: 새로 20 · 바뀜 0 · 그대로 1 · 건너뜀 0"
      ])
    // Read at the last wait for the burst: two seconds after its first file, the longest
    // changes that keep coming are left unread.
    let read = try #require(
      run.wakes.waits.compactMap { $0 }.filter { $0 < Self.at("09:31") }.max())
    #expect(abs(read.timeIntervalSince(begin) - 2.1) < 0.001)
    let list = self.run(["source", "list", "--json"], at: "2027-01-12T09:32:00+09:00")
    #expect(list.standardOutput.contains("\"event_count\": 21"), "\(list.standardOutput)")
  }

  /// A source added while the watch runs, and a file written into it before the watch has
  /// come to watch its folder: the watch reads the new source once it watches it.
  @Test func aFileWrittenBeforeANewSourceIsWatchedIsRead() throws {
    let vdir = workspace.folder + "/work"
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    let workspace = workspace
    let run = watch(
      from: "2027-01-12T09:30:00+09:00",
      [
        .write(at: Self.at("09:31")) {
          Self.run(
            ["source", "add", vdir, "--name", "cal"], in: workspace, at: "2027-01-12T09:31:00+09:00"
          )
          let text = WatchSourceTests.calendar([("late", "늦게 쓴 일정")])
          #expect(
            FileManager.default.createFile(atPath: vdir + "/late.ics", contents: Data(text.utf8)))
        },
        .signal(SIGTERM, at: Self.at("09:33")),
      ])
    #expect(run.outcome.exitCode == 0)
    #expect(run.log.contains { $0.hasPrefix("오전 9:31 캘린더 'cal'을 다시 읽었습니다: 새로 1") }, "\(run.log)")
    let list = self.run(["source", "list", "--json"], at: "2027-01-12T09:34:00+09:00")
    #expect(list.standardOutput.contains("\"event_count\": 1"), "\(list.standardOutput)")
  }

  /// Runs a command on `workspace`'s database with the clock stopped at `now`, as another
  /// process would while the watch waits.
  @discardableResult
  static func run(_ arguments: [String], in workspace: Workspace, at now: String) -> Outcome {
    var environment = workspace.environment()
    environment.clock = FixedClock(instant(now))
    let outcome = CLI.run(arguments, environment: environment)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    return outcome
  }
}
