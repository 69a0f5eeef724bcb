import ChulbalCalendar
import ChulbalCore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChulbalStore

/// The alert log in a real SQLite file, as the watch uses it.
@Suite struct AlertLogTests {
  let folder = TemporaryFolder()
  var path: String { folder.path + "/c.db" }

  func id(_ appointment: Appointment, lead: Int) -> AlertID {
    let alert = appointment.plan.alerts.first { $0.leadSeconds == lead }!
    return AlertID(appointment: appointment, alert: alert)
  }

  @Test func aClaimIsRefusedOnceTheAlertWasDeliveredOrMissedAndAllowedAfterASnooze() throws {
    let store = try Store.openOrCreate(path: path, expander: .libical)
    let stored = try store.insert(sample(), createdAt: added)
    let alert = id(stored, lead: 0)
    let now = alert.due
    #expect(try store.claim(alert, kind: .leave, at: now))
    // A claim that was never finished (the watch died) may be taken again.
    #expect(try store.claim(alert, kind: .leave, at: now))
    try store.record(alert, kind: .leave, .delivered(backend: "libnotify"), at: now)
    #expect(try !store.claim(alert, kind: .leave, at: now))
    let later = now.addingTimeInterval(300)
    try store.record(alert, kind: .leave, .snoozed(until: later), at: now)
    #expect(try !store.claim(alert, kind: .leave, at: now))
    #expect(try store.claim(alert, kind: .leave, at: later))
    try store.record(alert, kind: .leave, .missed, at: later)
    #expect(try !store.claim(alert, kind: .leave, at: later))
    // Another connection, as a restarted watch has, reads what was recorded.
    let reopened = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reopened.outcomes(dueAfter: .distantPast) == [alert: .missed])
    let entries = try reopened.alertLog(since: now)
    #expect(entries.map(\.title) == ["저녁 약속"])
    #expect(entries.map(\.recordedAt) == [later])
  }

  @Test func everyOutcomeReadsBackAsItWasRecorded() throws {
    let store = try Store.openOrCreate(path: path, expander: .libical)
    let stored = try store.insert(sample(), createdAt: added)
    // A late notice ten minutes after the departure, and the 출발했어요 at the start.
    let late = AlertID(
      appointmentID: stored.id, leadSeconds: -600,
      due: stored.plan.departure.addingTimeInterval(600))
    let alerts = [
      id(stored, lead: 0), id(stored, lead: 1800), late, AlertPlanner.acknowledgement(of: stored),
    ]
    let outcomes: [AlertOutcome] = [
      .claimed, .delivered(backend: "command"), .missed,
      .snoozed(until: Date(timeIntervalSince1970: 1_796_117_000)), .acknowledged,
    ]
    for outcome in outcomes {
      for alert in alerts {
        let kind: Alert.Kind =
          switch alert.leadSeconds {
          case ..<0: .late
          case 0: .leave
          default: .remind
          }
        try store.record(alert, kind: kind, outcome, at: added)
      }
      #expect(
        try store.outcomes(dueAfter: .distantPast)
          == Dictionary(uniqueKeysWithValues: alerts.map { ($0, outcome) }))
    }
    #expect(try store.alertLog(since: added).filter { $0.id == late }.map(\.kind) == [.late])
  }

  /// A file of version 10 kept a late notice as a `leave` alert with its lead's magnitude
  /// and `출발했어요` as `delivered` by `acknowledged`: a reader reads them as what they are,
  /// and the first writer converts the rows to the `late` kind and `acknowledged` outcome.
  @Test func aVersion10LogIsReadAsMeantAndConvertedByTheFirstWriter() throws {
    let old = try Database(path: path, create: true)
    for migration in Schema.migrations.prefix(10) { try old.execute(migration) }
    // 19:00 with 35 minutes of travel: leave at 18:25. A late notice 10 minutes after, the
    // 출발했어요 pressed at 18:37 (kept under the start), and the leave alert.
    try old.execute(
      """
      PRAGMA application_id=\(Store.applicationID); PRAGMA user_version=10;
      INSERT INTO appointment (title, start_at, time_zone, mode, travel_seconds,
        travel_estimated, buffer_seconds, prep_seconds, alerts, created_at, departure_at)
      VALUES ('저녁', 1796119200, 'Asia/Seoul', 'walk', 2100, 0, 0, 0, '0', 1, 1796117100);
      INSERT INTO alert_log (appointment_id, lead_seconds, due_at, kind, outcome, backend,
        recorded_at)
      VALUES (1, 0, 1796117100, 'leave', 'delivered', 'libnotify', 1796117100),
        (1, 600, 1796117700, 'leave', 'delivered', 'terminal', 1796117700),
        (1, 2100, 1796119200, 'leave', 'delivered', 'acknowledged', 1796117820);
      """)
    let expected = [
      Store.AlertLogEntry(
        id: AlertID(appointmentID: 1, leadSeconds: -2100, due: at(1_796_119_200)), kind: .late,
        outcome: .acknowledged, recordedAt: at(1_796_117_820), title: "저녁",
        timeZone: "Asia/Seoul"),
      Store.AlertLogEntry(
        id: AlertID(appointmentID: 1, leadSeconds: -600, due: at(1_796_117_700)), kind: .late,
        outcome: .delivered(backend: "terminal"), recordedAt: at(1_796_117_700), title: "저녁",
        timeZone: "Asia/Seoul"),
      Store.AlertLogEntry(
        id: AlertID(appointmentID: 1, leadSeconds: 0, due: at(1_796_117_100)), kind: .leave,
        outcome: .delivered(backend: "libnotify"), recordedAt: at(1_796_117_100), title: "저녁",
        timeZone: "Asia/Seoul"),
    ]
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reader.alertLog(since: .distantPast) == expected)
    #expect(try old.scalar("PRAGMA user_version").int == 10)

    let store = try Store.openOrCreate(path: path, expander: .libical)
    #expect(try old.scalar("PRAGMA user_version").int == Store.schemaVersion)
    #expect(
      try old.rows("SELECT lead_seconds, kind, outcome, backend FROM alert_log ORDER BY due_at")
        == [
          [.integer(0), .text("leave"), .text("delivered"), .text("libnotify")],
          [.integer(-600), .text("late"), .text("delivered"), .text("terminal")],
          [.integer(-2100), .text("late"), .text("acknowledged"), .null],
        ])
    #expect(try store.alertLog(since: .distantPast) == expected)
    // The same entries as the core names them: a restart finds the 출발했어요 where it looks.
    let appointment = try #require(try store.all().first)
    #expect(
      try store.outcomes(dueAfter: .distantPast)[AlertPlanner.acknowledgement(of: appointment)]
        == .acknowledged)
    // Only a late notice has a negative lead, and it always has.
    for (lead, kind) in [(600, "late"), (-600, "leave"), (0, "late")] {
      #expect(throws: (any Error).self) {
        try old.execute(
          """
          INSERT INTO alert_log (appointment_id, lead_seconds, due_at, kind, outcome,
            recorded_at) VALUES (1, \(lead), 1796118000, '\(kind)', 'missed', 1796118000)
          """)
      }
    }
  }

  func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

  /// The watch reads only the appointments that leave before a bound, by their departure,
  /// however long their trip.
  @Test func theWatchReadsTheAppointmentsThatLeaveBeforeTheBound() throws {
    let store = try Store.openOrCreate(path: path, expander: .libical)
    // Departures (start − travel − 600 s buffer) at 1h, 2h and, with a week's trip, 3h, from
    // a whole minute, so that flooring moves none of them.
    let base: TimeInterval = 1_796_000_040
    _ = try store.insert(sample("한 시간", start: base + 3600 + 2700, travel: 2100), createdAt: added)
    _ = try store.insert(sample("두 시간", start: base + 7200 + 2700, travel: 2100), createdAt: added)
    _ = try store.insert(
      sample("일주일", start: base + 10800 + 604_800 + 600, travel: 604_800), createdAt: added)
    func titles(before hours: TimeInterval) throws -> [String] {
      try store.read(
        startingAfter: Date(timeIntervalSince1970: base),
        departingBefore: Date(timeIntervalSince1970: base + hours * 3600),
        outcomesDueAfter: Date(timeIntervalSince1970: base)
      ).appointments.map(\.title)
    }
    #expect(try titles(before: 1) == [])
    #expect(try titles(before: 2) == ["한 시간"])
    #expect(try titles(before: 3) == ["한 시간", "두 시간"])
    #expect(try titles(before: 3.01) == ["한 시간", "두 시간", "일주일"])
  }

  /// An appointment removed between the watch's step and its claim has nothing written for
  /// it, and no error: it is simply no longer due.
  @Test func anAlertOfARemovedAppointmentIsNeitherClaimedNorRecorded() throws {
    let store = try Store.openOrCreate(path: path, expander: .libical)
    let stored = try store.insert(sample(), createdAt: added)
    let alert = id(stored, lead: 0)
    _ = try store.delete(ids: [stored.id], now: added)
    #expect(try !store.claim(alert, kind: .leave, at: alert.due))
    #expect(try !store.record(alert, kind: .leave, .missed, at: alert.due))
    #expect(try store.database.scalar("SELECT count(*) FROM alert_log").int == 0)
  }

  /// The watch's steps over the real file: a restart (a new connection, a new watcher) shows
  /// nothing twice.
  @Test func aWatcherOverTheDatabaseShowsEachAlertOnceAcrossARestart() throws {
    let store = try Store.openOrCreate(path: path, expander: .libical)
    let stored = try store.insert(sample(), createdAt: added)
    let shown = Mutex<[String]>([])
    func watcher() -> Watcher {
      recordingWatcher { summary in shown.withLock { $0.append(summary) } }
    }
    let times = stored.plan.alerts.map(\.at)
    var first = watcher()
    _ = try first.tick(now: times[0], journal: store)
    // Restarted at the first alert's instant: each alert from there on, once.
    var second = watcher()
    let reopened = try Store.openOrCreate(path: path, expander: .libical)
    for time in times { _ = try second.tick(now: time, journal: reopened) }
    var third = watcher()
    _ = try third.tick(
      now: times[2], journal: try Store.openOrCreate(path: path, expander: .libical))
    #expect(
      shown.withLock { $0 } == [
        "30분 뒤 출발 · 저녁 약속", "준비하세요 · 5분 뒤 출발 · 저녁 약속", "지금 출발하세요 · 저녁 약속",
      ])
  }
}

/// A watcher whose every notice is shown at once, its summary handed to `record`.
func recordingWatcher(_ record: @escaping (String) -> Void) -> Watcher {
  Watcher(
    lateCapSeconds: 600, snoozeSeconds: 300, zoneNamed: { Zone(identifier: $0) },
    wording: { due, now in
      AlertNotice.notice(
        for: due, now: now, timeZone: seoul,
        ownZone: Zone(identifier: due.appointment.timeZone), link: nil, snoozeSeconds: 300)
    },
    delivery: { notices in
      notices.map { notice in
        record(notice.summary)
        return ("test", [])
      }
    })
}
