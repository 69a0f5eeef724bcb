import ChulbalCore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Synchronization
import Testing

/// The watch's steps driven by a scripted clock, over a journal in memory: what is shown, and
/// when, through restarts, suspends, clock changes, edits and snoozes.
@Suite struct WatcherTests {
  /// 19:00 in Seoul, 35 minutes away plus 10 of buffer: leave at 18:15; alerts at 17:45,
  /// 18:05 and 18:15.
  static let dinner = Appointment(
    id: 1, title: "저녁 약속", start: instant("2026-12-01T19:00:00+09:00"), timeZone: "Asia/Seoul",
    place: "강남역 2번 출구", mode: .transit, travelSeconds: 35 * 60, bufferSeconds: 600,
    alertLeads: [30 * 60, 10 * 60, 0])
  /// 18:30, 10 minutes away: leave at 18:20; alerts at 18:10 and 18:20.
  static let meeting = Appointment(
    id: 2, title: "회의", start: instant("2026-12-01T18:30:00+09:00"), timeZone: "Asia/Seoul",
    mode: .walk, travelSeconds: 600, bufferSeconds: 0, alertLeads: [10 * 60, 0])

  /// One shown notice: when, what, how urgent.
  struct Shown: Equatable, CustomStringConvertible {
    let at: String
    let summary: String
    let urgency: Notice.Urgency

    init(_ at: String, _ summary: String, _ urgency: Notice.Urgency = .normal) {
      self.at = at
      self.summary = summary
      self.urgency = urgency
    }

    var description: String { "\(at) \(summary) [\(urgency)]" }
  }

  /// A journal, a clock and a watcher over them, recording what is shown.
  final class Harness: Sendable {
    let journal: MemoryAlertJournal
    let shown = Mutex<[Shown]>([])
    let failing = Mutex(false)

    /// What the watcher changed on screen: `오후 6:30 닫음 #2`, `오후 5:50 고침 #1 …`.
    let revised = Mutex<[String]>([])
    /// Whether the notices shown stay on screen to be changed, as libnotify's do.
    let revisable: Bool

    init(
      _ appointments: [Appointment] = [WatcherTests.dinner, WatcherTests.meeting],
      revisable: Bool = false
    ) {
      journal = MemoryAlertJournal(appointments)
      self.revisable = revisable
    }

    func watcher(clock: some WallClock) -> Watcher {
      var watcher = plainWatcher(clock: clock)
      guard revisable else { return watcher }
      watcher.revisableBackends = ["test"]
      watcher.revision = { [self] key, backend, notice in
        let time = KoreanDateFormat(timeZone: seoul).string(clock.now(), .time)
        let change =
          notice.map { "고침 #\(key) \($0.summary) — \($0.body) [\($0.urgency)]" } ?? "닫음 #\(key)"
        revised.withLock { $0.append("\(time) \(change) (\(backend))") }
        return true
      }
      return watcher
    }

    private func plainWatcher(clock: some WallClock) -> Watcher {
      Watcher(
        lateCapSeconds: 600, snoozeSeconds: 300, zoneNamed: { Zone(identifier: $0) },
        wording: { due, now in
          AlertNotice.notice(
            for: due, now: now, timeZone: seoul,
            ownZone: Zone(identifier: due.appointment.timeZone), link: nil, snoozeSeconds: 300)
        },
        delivery: { [self] notices in
          notices.map { notice in
            if failing.withLock({ $0 }) {
              return (nil, [NotifyFailure(backend: "test", reason: "꺼짐")])
            }
            let time = KoreanDateFormat(timeZone: seoul).string(clock.now(), .time)
            shown.withLock { $0.append(Shown(time, notice.summary, notice.urgency)) }
            return ("test", [])
          }
        })
    }

    /// Runs a watch from the clock's time until nothing is due or the next wake is after
    /// `end`.
    @discardableResult
    func run(_ clock: ScriptedClock, until end: String = "2026-12-02T00:00:00+09:00") throws
      -> [Watcher.Event]
    {
      var watcher = watcher(clock: clock)
      var events: [Watcher.Event] = []
      try Ticker.run(clock: clock) { now in
        let (wake, found) = try watcher.tick(now: now, journal: journal)
        events += found
        return wake.flatMap { $0 <= instant(end) ? $0 : nil }
      }
      return events
    }

    var all: [Shown] { shown.withLock { $0 } }
  }

  static let fullSequence = [
    Shown("오후 5:45", "30분 뒤 출발 · 저녁 약속"),
    Shown("오후 6:05", "10분 뒤 출발 · 저녁 약속"),
    Shown("오후 6:10", "10분 뒤 출발 · 회의"),
    Shown("오후 6:15", "지금 출발하세요 · 저녁 약속", .critical),
    Shown("오후 6:20", "지금 출발하세요 · 회의", .critical),
  ]

  @Test func everyAlertOfEveryAppointmentIsShownOnceAtItsTime() throws {
    let harness = Harness()
    let clock = ScriptedClock(now: instant("2026-12-01T17:00:00+09:00"))
    try harness.run(clock)
    #expect(harness.all == Self.fullSequence)
    // It slept straight from one alert to the next: no polling.
    #expect(clock.sleeps.count == Self.fullSequence.count)
  }

  @Test func aRestartMidSequenceRepeatsNothing() throws {
    let harness = Harness()
    try harness.run(
      ScriptedClock(now: instant("2026-12-01T17:00:00+09:00")),
      until: "2026-12-01T18:06:00+09:00")
    #expect(harness.all == Array(Self.fullSequence.prefix(2)))
    try harness.run(ScriptedClock(now: instant("2026-12-01T18:06:00+09:00")))
    #expect(harness.all == Self.fullSequence)
  }

  /// The same, restarted on the very instant of an alert that was already shown.
  @Test func aRestartAtTheInstantOfAShownAlertDoesNotShowItAgain() throws {
    let harness = Harness()
    try harness.run(
      ScriptedClock(now: instant("2026-12-01T17:00:00+09:00")),
      until: "2026-12-01T18:05:00+09:00")
    try harness.run(ScriptedClock(now: instant("2026-12-01T18:05:00+09:00")))
    #expect(harness.all == Self.fullSequence)
  }

  /// Asleep from 18:05 to 18:17: each appointment's latest passed alert is shown as it stands
  /// then, the earlier one is missed, and one summary says so.
  @Test func afterATwelveMinuteSuspendOnlyTheLatestAlertOfEachIsShownAndOneSummary() throws {
    let harness = Harness()
    let clock = ScriptedClock(
      now: instant("2026-12-01T17:00:00+09:00"),
      jumps: [instant("2026-12-01T18:05:00+09:00"): 12 * 60])
    let events = try harness.run(clock)
    #expect(
      harness.all == [
        Shown("오후 5:45", "30분 뒤 출발 · 저녁 약속"),
        Shown("오후 6:17", "지금 출발하세요 (2분 지남) · 저녁 약속", .critical),
        Shown("오후 6:17", "3분 뒤 출발 · 회의"),
        Shown("오후 6:17", "놓친 알림 1개 · 저녁 약속"),
        Shown("오후 6:20", "지금 출발하세요 · 회의", .critical),
      ])
    let missed = events.compactMap { event -> AlertID? in
      if case .missed(let id, _, _) = event { return id }
      return nil
    }
    #expect(
      missed == [
        AlertID(
          appointmentID: 1, leadSeconds: 600, due: instant("2026-12-01T18:05:00+09:00"))
      ])
  }

  /// Asleep until 18:40: both departures are more than the late cap past (one appointment
  /// has even begun), so no alert is shown late and one summary tells of all four; the
  /// appointment not yet begun gets one late notice, which says to leave now.
  @Test func afterASuspendPastTheLateCapOnlyALateNoticeAndOneSummaryAreShown() throws {
    let harness = Harness()
    let clock = ScriptedClock(
      now: instant("2026-12-01T17:00:00+09:00"),
      jumps: [instant("2026-12-01T18:05:00+09:00"): 35 * 60])
    try harness.run(clock)
    #expect(
      harness.all == [
        Shown("오후 5:45", "30분 뒤 출발 · 저녁 약속"),
        Shown("오후 6:40", "지금 바로 출발하세요 · 저녁 약속 (15분 늦음)", .critical),
        Shown("오후 6:40", "놓친 알림 4개 · 저녁 약속 외 1건"),
      ])
    let outcomes = harness.journal.log.values.filter { $0 == .missed }
    #expect(outcomes.count == 4)
  }

  /// A journal whose appointments are removed by another process just after the watch read
  /// them, before it records what it found: the removal's log went with it.
  final class RemovedAfterReading: AlertJournal {
    let journal: MemoryAlertJournal

    init(_ journal: MemoryAlertJournal) { self.journal = journal }

    func read(
      startingAfter start: Date, departingBefore departure: Date, outcomesDueAfter dueAfter: Date
    ) -> AlertJournalRead {
      let read = journal.read(
        startingAfter: start, departingBefore: departure, outcomesDueAfter: dueAfter)
      for appointment in read.appointments { journal.remove(id: appointment.id) }
      return read
    }

    func claim(_ id: AlertID, kind: Alert.Kind, at now: Date) -> Bool {
      journal.claim(id, kind: kind, at: now)
    }

    func record(_ id: AlertID, kind: Alert.Kind, _ outcome: AlertOutcome, at now: Date) -> Bool {
      journal.record(id, kind: kind, outcome, at: now)
    }
  }

  /// Started at 18:12, when both appointments have alerts passed, just as they are removed:
  /// nothing is said missed and no summary comes, for they are gone.
  @Test func alertsOfAnAppointmentRemovedWhileTheStepRanAreNotMissed() throws {
    let harness = Harness()
    let clock = ScriptedClock(now: instant("2026-12-01T18:12:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    let (_, events) = try watcher.tick(
      now: clock.now(), journal: RemovedAfterReading(harness.journal))
    #expect(harness.all == [])
    #expect(events.isEmpty, "\(events)")
  }

  /// An appointment added at 18:12 whose earlier alerts fell due before it existed: the one
  /// due now is shown, the earlier ones were never missed.
  @Test func alertsDueBeforeTheAppointmentExistedAreNotMissed() throws {
    let harness = Harness([])
    harness.journal.put(Self.dinner, createdAt: instant("2026-12-01T18:12:00+09:00"))
    let clock = ScriptedClock(now: instant("2026-12-01T18:12:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    var events: [Watcher.Event] = []
    // A step at 18:12, one a minute later (another write woke the watch), and one at 18:15.
    for time in ["18:12", "18:13", "18:15"] {
      clock.set(to: instant("2026-12-01T\(time):00+09:00"))
      events += try watcher.tick(now: clock.now(), journal: harness.journal).events
    }
    #expect(
      harness.all == [
        Shown("오후 6:12", "3분 뒤 출발 · 저녁 약속"),
        Shown("오후 6:15", "지금 출발하세요 · 저녁 약속", .critical),
      ])
    #expect(!events.contains { if case .summary = $0 { true } else { false } }, "\(events)")
    // Recorded all the same, so that no later step sends the one passed over.
    #expect(
      harness.journal.log[
        AlertID(appointmentID: 1, leadSeconds: 1800, due: instant("2026-12-01T17:45:00+09:00"))]
        == .missed)
  }

  /// Started at 18:12 with nothing recorded: the latest passed alert of each appointment is
  /// shown, the rest recorded missed.
  @Test func startingLateShowsTheLatestPassedAlertOfEachAppointment() throws {
    let harness = Harness()
    try harness.run(ScriptedClock(now: instant("2026-12-01T18:12:00+09:00")))
    #expect(
      harness.all == [
        Shown("오후 6:12", "3분 뒤 출발 · 저녁 약속"),
        Shown("오후 6:12", "8분 뒤 출발 · 회의"),
        Shown("오후 6:12", "놓친 알림 1개 · 저녁 약속"),
        Shown("오후 6:15", "지금 출발하세요 · 저녁 약속", .critical),
        Shown("오후 6:20", "지금 출발하세요 · 회의", .critical),
      ])
  }

  @Test func aClockSetBackFiveMinutesRepeatsNothing() throws {
    let harness = Harness()
    let clock = ScriptedClock(
      now: instant("2026-12-01T17:00:00+09:00"),
      jumps: [instant("2026-12-01T18:10:00+09:00"): -5 * 60])
    try harness.run(clock)
    #expect(harness.all == Self.fullSequence)
    // Woken at 18:05 instead of 18:10, it slept to 18:10 again.
    #expect(clock.sleeps.filter { $0 == instant("2026-12-01T18:10:00+09:00") }.count == 2)
  }

  @Test func editedDeletedAndAddedAppointmentsMoveVanishAndAppear() throws {
    let harness = Harness()
    let clock = ScriptedClock(now: instant("2026-12-01T17:00:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    var wake = try watcher.tick(now: clock.now(), journal: harness.journal).wake
    #expect(wake == instant("2026-12-01T17:45:00+09:00"))
    // Dinner moves an hour later; the meeting is deleted; a call is added.
    var moved = Self.dinner
    moved.start = instant("2026-12-01T20:00:00+09:00")
    harness.journal.put(moved)
    harness.journal.remove(id: 2)
    harness.journal.put(
      Appointment(
        id: 3, title: "전화", start: instant("2026-12-01T17:30:00+09:00"), timeZone: "Asia/Seoul",
        mode: .walk, travelSeconds: 0, bufferSeconds: 0, alertLeads: [0]))
    wake = try watcher.tick(now: clock.now(), journal: harness.journal).wake
    #expect(wake == instant("2026-12-01T17:30:00+09:00"))
    try harness.run(clock)
    #expect(
      harness.all == [
        Shown("오후 5:30", "지금 출발하세요 · 전화", .critical),
        Shown("오후 6:45", "30분 뒤 출발 · 저녁 약속"),
        Shown("오후 7:05", "10분 뒤 출발 · 저녁 약속"),
        Shown("오후 7:15", "지금 출발하세요 · 저녁 약속", .critical),
      ])
  }

  @Test func aSnoozedAlertComesBackAfterTheSnoozeAndAgainAfterARestart() throws {
    let harness = Harness()
    try harness.run(
      ScriptedClock(now: instant("2026-12-01T17:00:00+09:00")),
      until: "2026-12-01T17:45:00+09:00")
    let now = instant("2026-12-01T17:46:00+09:00")
    var watcher = harness.watcher(clock: ScriptedClock(now: now))
    // A watcher that showed nothing has nothing to snooze.
    #expect(try watcher.snooze(appointmentID: 1, now: now, journal: harness.journal) == nil)
    _ = try watcher.tick(now: instant("2026-12-01T17:45:00+09:00"), journal: harness.journal)
    // The 17:45 alert was shown by the first watch; restarted, this one must not show it.
    #expect(harness.all.count == 1)
    // Snoozed through the first watch's journal record, as the button in its notice would.
    let id = AlertID(
      appointmentID: 1, leadSeconds: 1800, due: instant("2026-12-01T17:45:00+09:00"))
    harness.journal.record(
      id, kind: .remind, .snoozed(until: instant("2026-12-01T17:51:00+09:00")), at: now)
    // A restart keeps it: the new watch shows it again at 17:51.
    try harness.run(ScriptedClock(now: now), until: "2026-12-01T18:00:00+09:00")
    #expect(harness.all.last == Shown("오후 5:51", "24분 뒤 출발 · 저녁 약속"))
    #expect(harness.journal.log[id] == .delivered(backend: "test"))
  }

  @Test func snoozingTheShownAlertRecordsItAndBringsItBackFiveMinutesLater() throws {
    let harness = Harness()
    let clock = ScriptedClock(now: instant("2026-12-01T17:45:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    let now = instant("2026-12-01T18:05:00+09:00")
    clock.sleep(until: now)
    _ = try watcher.tick(now: now, journal: harness.journal)
    #expect(harness.all == Array(Self.fullSequence.prefix(2)))
    let event = try watcher.snooze(appointmentID: 1, now: now, journal: harness.journal)
    let id = AlertID(
      appointmentID: 1, leadSeconds: 600, due: instant("2026-12-01T18:05:00+09:00"))
    #expect(
      event == .snoozed(id, .remind, title: "저녁 약속", until: instant("2026-12-01T18:10:00+09:00")))
    #expect(harness.journal.log[id] == .snoozed(until: instant("2026-12-01T18:10:00+09:00")))
    let wake = try watcher.tick(now: now, journal: harness.journal).wake
    #expect(wake == instant("2026-12-01T18:10:00+09:00"))
    clock.sleep(until: instant("2026-12-01T18:10:00+09:00"))
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    // Soonest departure first: dinner's (18:15) before the meeting's (18:20).
    #expect(
      harness.all.suffix(2) == [
        Shown("오후 6:10", "5분 뒤 출발 · 저녁 약속"), Shown("오후 6:10", "10분 뒤 출발 · 회의"),
      ])
    #expect(harness.journal.log[id] == .delivered(backend: "test"))
  }

  /// Dinner's late notices every 5 minutes from 18:15; `출발했어요` at 18:21 stops them, and a
  /// restarted watch reads that from the log.
  @Test func departedStopsTheLateNoticesThroughARestart() throws {
    let harness = Harness([Self.dinner])
    let clock = ScriptedClock(now: instant("2026-12-01T18:15:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    watcher.repeatSeconds = 300
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    clock.sleep(until: instant("2026-12-01T18:20:00+09:00"))
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    #expect(
      harness.all == [
        Shown("오후 6:15", "지금 출발하세요 · 저녁 약속", .critical),
        Shown("오후 6:15", "놓친 알림 2개 · 저녁 약속"),
        Shown("오후 6:20", "지금 바로 출발하세요 · 저녁 약속", .critical),
      ])
    let now = instant("2026-12-01T18:21:00+09:00")
    let event = try watcher.acknowledge(appointmentID: 1, now: now, journal: harness.journal)
    let id = AlertPlanner.acknowledgement(of: Self.dinner)
    #expect(event == .acknowledged(id, title: "저녁 약속"))
    #expect(harness.journal.log[id] == .acknowledged)
    var restarted = harness.watcher(clock: clock)
    restarted.repeatSeconds = 300
    let wake = try restarted.tick(now: now, journal: harness.journal).wake
    #expect(wake == now.addingTimeInterval(Watcher.window))
    #expect(harness.all.count == 3)
  }

  /// A notice stays on screen until its appointment starts, when the watch, woken for it,
  /// takes it off; each later alert of the appointment takes its place.
  @Test func theNoticeOnScreenIsWithdrawnAtItsAppointmentsStart() throws {
    let harness = Harness(revisable: true)
    let clock = ScriptedClock(now: instant("2026-12-01T17:00:00+09:00"))
    let events = try harness.run(clock)
    #expect(harness.all == Self.fullSequence)
    #expect(harness.revised.withLock { $0 } == ["오후 6:30 닫음 #2 (test)", "오후 7:00 닫음 #1 (test)"])
    #expect(
      events.filter { if case .withdrawn = $0 { true } else { false } } == [
        .withdrawn(appointmentID: 2, title: "회의", started: true),
        .withdrawn(appointmentID: 1, title: "저녁 약속", started: true),
      ])
    // Woken at each start besides each alert.
    #expect(clock.sleeps.count == Self.fullSequence.count + 2)
  }

  /// An edit words the notice on screen again, as it stands now, in the same place; a
  /// removal takes it off. Neither is shown as a new alert.
  @Test func anEditRewordsTheNoticeOnScreenAndARemovalWithdrawsIt() throws {
    let harness = Harness(revisable: true)
    let clock = ScriptedClock(now: instant("2026-12-01T17:45:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    var moved = Self.dinner
    moved.start = instant("2026-12-01T19:30:00+09:00")
    moved.title = "늦은 저녁"
    harness.journal.put(moved)
    clock.sleep(until: instant("2026-12-01T17:50:00+09:00"))
    var events = try watcher.tick(now: clock.now(), journal: harness.journal).events
    let id = AlertID(
      appointmentID: 1, leadSeconds: 1800, due: instant("2026-12-01T17:45:00+09:00"))
    #expect(
      events == [
        .revised(AlertID(appointmentID: 1, leadSeconds: 1800, due: id.due), .remind, title: "늦은 저녁")
      ])
    // Nothing changed: nothing is worded again.
    #expect(try watcher.tick(now: clock.now(), journal: harness.journal).events.isEmpty)
    harness.journal.remove(id: 1)
    clock.sleep(until: instant("2026-12-01T17:55:00+09:00"))
    events = try watcher.tick(now: clock.now(), journal: harness.journal).events
    #expect(events == [.withdrawn(appointmentID: 1, title: "늦은 저녁", started: false)])
    #expect(
      harness.revised.withLock { $0 } == [
        "오후 5:50 고침 #1 55분 뒤 출발 · 늦은 저녁 — 오후 7:30 강남역 2번 출구 · 오후 6:45 출발 · 이동 35분 [normal] (test)",
        "오후 5:55 닫음 #1 (test)",
      ])
    #expect(harness.all == [Shown("오후 5:45", "30분 뒤 출발 · 저녁 약속")])
    // The buttons of a withdrawn notice act on nothing.
    #expect(try watcher.snooze(appointmentID: 1, now: clock.now(), journal: harness.journal) == nil)
  }

  /// Snoozed, the notice on screen says when it comes back, quietly and without buttons; an
  /// edit meanwhile keeps it so; the alert coming back takes its place. `출발했어요` takes a
  /// late notice off the screen.
  @Test func aSnoozedNoticeSaysWhenItComesBackAndDepartedWithdrawsALateOne() throws {
    let harness = Harness([Self.dinner], revisable: true)
    let clock = ScriptedClock(now: instant("2026-12-01T18:05:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    watcher.repeatSeconds = 300
    var wake = try watcher.tick(now: instant("2026-12-01T17:45:00+09:00"), journal: harness.journal)
      .wake
    wake = try watcher.tick(now: clock.now(), journal: harness.journal).wake
    _ = try watcher.snooze(appointmentID: 1, now: clock.now(), journal: harness.journal)
    var edited = Self.dinner
    edited.place = "강남역 11번 출구"
    harness.journal.put(edited)
    clock.sleep(until: instant("2026-12-01T18:07:00+09:00"))
    wake = try watcher.tick(now: clock.now(), journal: harness.journal).wake
    while let next = wake, next <= instant("2026-12-01T18:20:00+09:00") {
      clock.sleep(until: next)
      wake = try watcher.tick(now: clock.now(), journal: harness.journal).wake
    }
    clock.sleep(until: instant("2026-12-01T18:21:00+09:00"))
    _ = try watcher.acknowledge(appointmentID: 1, now: clock.now(), journal: harness.journal)
    #expect(
      harness.revised.withLock { $0 } == [
        "오후 6:05 고침 #1 오후 6:10에 다시 알림 · 저녁 약속 — 오후 7:00 강남역 2번 출구 · 오후 6:15 출발 · 이동 35분 [low] (test)",
        "오후 6:07 고침 #1 오후 6:10에 다시 알림 · 저녁 약속 — 오후 7:00 강남역 11번 출구 · 오후 6:15 출발 · 이동 35분 [low] (test)",
        "오후 6:21 닫음 #1 (test)",
      ])
    #expect(
      harness.all == [
        Shown("오후 6:05", "30분 뒤 출발 · 저녁 약속"), Shown("오후 6:05", "10분 뒤 출발 · 저녁 약속"),
        Shown("오후 6:10", "5분 뒤 출발 · 저녁 약속"),
        Shown("오후 6:15", "지금 출발하세요 · 저녁 약속", .critical),
        Shown("오후 6:20", "지금 바로 출발하세요 · 저녁 약속", .critical),
      ])
  }

  /// The late notice says how late leaving now arrives, and when; it is critical and offers
  /// `출발했어요` instead of a snooze.
  @Test func aLateNoticeSaysHowLateAndWhenLeavingNowArrives() throws {
    let now = instant("2026-12-01T18:40:00+09:00")
    let step = AlertPlanner.step(
      now: now, lookedUntil: nil, appointments: [Self.dinner], log: [:], lateCapSeconds: 600,
      repeatSeconds: 0)
    let due = try #require(step.deliver.first)
    #expect(due.alert.isLate && due.alert.label == "늦음 알림")
    #expect(step.missed.map(\.alert.leadSeconds) == [1800, 600, 0])
    let notice = AlertNotice.notice(
      for: due, now: now, timeZone: seoul, ownZone: seoul, link: "https://example.com",
      snoozeSeconds: 300)
    #expect(notice.summary == "지금 바로 출발하세요 · 저녁 약속 (15분 늦음)")
    #expect(notice.body == "오후 7:00 강남역 2번 출구 · 오후 6:15 출발 · 이동 35분\n지금 출발하면 오후 7:15 도착")
    #expect(notice.urgency == .critical)
    #expect(notice.actions == [.navigate, .departed])
  }

  @Test func aSnoozeThatWouldComeBackAfterTheStartIsDropped() throws {
    let harness = Harness([Self.meeting])
    let clock = ScriptedClock(now: instant("2026-12-01T18:10:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    clock.sleep(until: instant("2026-12-01T18:20:00+09:00"))
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    #expect(harness.all.last == Shown("오후 6:20", "지금 출발하세요 · 회의", .critical))
    // The meeting starts at 18:30; five minutes from 18:26 is after that.
    let late = instant("2026-12-01T18:26:00+09:00")
    let event = try watcher.snooze(appointmentID: 2, now: late, journal: harness.journal)
    let id = AlertID(appointmentID: 2, leadSeconds: 0, due: instant("2026-12-01T18:20:00+09:00"))
    #expect(event == .snoozeDropped(id, .leave, title: "회의"))
    #expect(harness.journal.log[id] == .delivered(backend: "test"))
  }

  /// With neither travel nor buffer the leave alert falls due at the start itself; woken a
  /// moment after it, the watch still shows it, saying to leave.
  @Test func aKitchenTimersAlertShownAMomentAfterTheStartStillSaysToLeave() throws {
    let timer = Appointment(
      id: 3, title: "라면", start: instant("2026-12-01T17:30:00+09:00"), timeZone: "Asia/Seoul",
      mode: .walk, travelSeconds: 0, bufferSeconds: 0, alertLeads: [0])
    let harness = Harness([timer], revisable: true)
    let clock = ScriptedClock(now: instant("2026-12-01T17:29:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    clock.sleep(until: instant("2026-12-01T17:30:00+09:00").addingTimeInterval(0.2))
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    #expect(harness.all == [Shown("오후 5:30", "지금 출발하세요 · 라면", .critical)])
    // Its notice is of the start itself: it stays on screen, however late the watch looks.
    clock.sleep(until: instant("2026-12-01T17:45:00+09:00"))
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    #expect(harness.revised.withLock { $0 }.isEmpty)
  }

  /// Started a moment after a kitchen timer's alert fell due (at its start), the watch shows
  /// it; started a minute later, it does not, and says nothing of it.
  @Test(arguments: [(0.5, true), (61.0, false)])
  func aWatchStartedJustAfterATimersStartStillShowsIt(after: TimeInterval, shows: Bool) throws {
    let timer = Appointment(
      id: 3, title: "라면", start: instant("2026-12-01T17:30:00+09:00"), timeZone: "Asia/Seoul",
      mode: .walk, travelSeconds: 0, bufferSeconds: 0, alertLeads: [0])
    let harness = Harness([timer])
    let clock = ScriptedClock(now: timer.start.addingTimeInterval(after))
    var watcher = harness.watcher(clock: clock)
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    #expect(harness.all == (shows ? [Shown("오후 5:30", "지금 출발하세요 · 라면", .critical)] : []))
  }

  /// A watch that died between claiming an alert and recording it shows it again when it
  /// comes back: a repeat is better than a missed departure.
  @Test func anAlertClaimedByAWatchThatDiedIsShownOnRestart() throws {
    let harness = Harness([Self.meeting])
    let id = AlertID(appointmentID: 2, leadSeconds: 600, due: instant("2026-12-01T18:10:00+09:00"))
    #expect(harness.journal.claim(id, kind: .remind, at: id.due))
    let clock = ScriptedClock(now: instant("2026-12-01T18:11:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    _ = try watcher.tick(now: clock.now(), journal: harness.journal)
    #expect(harness.all == [Shown("오후 6:11", "9분 뒤 출발 · 회의")])
    #expect(harness.journal.log[id] == .delivered(backend: "test"))
  }

  /// Each step plans a day ahead: an appointment three days away is found by the step a day
  /// later, which then sleeps until its first alert.
  @Test func anAppointmentBeyondTheDayAheadIsFoundByALaterStep() throws {
    var far = Self.dinner
    far.start = instant("2026-12-04T19:00:00+09:00")
    let harness = Harness([far])
    let clock = ScriptedClock(now: instant("2026-12-01T17:00:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    var wake = try watcher.tick(now: clock.now(), journal: harness.journal).wake
    #expect(wake == instant("2026-12-02T17:00:00+09:00"))
    wake = try watcher.tick(now: instant("2026-12-03T17:45:00+09:00"), journal: harness.journal)
      .wake
    #expect(wake == instant("2026-12-04T17:45:00+09:00"))
  }

  @Test func anAlertNoBackendCouldShowIsRecordedMissedWithTheReasons() throws {
    let harness = Harness([Self.meeting])
    harness.failing.withLock { $0 = true }
    let clock = ScriptedClock(now: instant("2026-12-01T18:10:00+09:00"))
    var watcher = harness.watcher(clock: clock)
    let events = try watcher.tick(now: clock.now(), journal: harness.journal).events
    let id = AlertID(appointmentID: 2, leadSeconds: 600, due: instant("2026-12-01T18:10:00+09:00"))
    #expect(events == [.failed(id, .remind, title: "회의", reasons: ["test: 꺼짐"])])
    #expect(harness.journal.log[id] == .missed)
  }
}
