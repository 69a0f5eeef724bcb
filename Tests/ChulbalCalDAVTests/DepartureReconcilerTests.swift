import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalDAV

/// The reconcile against a server in memory that records each request: what it puts, with
/// which precondition, what it deletes, and that it asks nothing when nothing changed and
/// never touches an event it did not put.
@Suite struct DepartureReconcilerTests {
  static let folder = "/alice/departures/"
  static let calendar = URL(string: "http://127.0.0.1:5232/alice/departures/")!
  static let foreign = "/alice/departures/someone-else.ics"
  typealias Request = MemoryCalendarServer.Request

  /// A server with the departures calendar holding one event the person put there.
  static func server() -> MemoryCalendarServer {
    let server = MemoryCalendarServer()
    server.addCalendar(path: folder, displayName: "출발")
    server.seed("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", at: foreign)
    return server
  }

  static func event(id: Int, start: String, travel: Int = 30 * 60) throws -> DepartureEvent {
    let appointment = Appointment(
      id: id, title: "약속 \(id)", start: instant(start), timeZone: "Asia/Seoul", mode: .walk,
      travelSeconds: travel, bufferSeconds: 0, alertLeads: [10 * 60, 0])
    return try DepartureEvent(
      occurrence: appointment, originalStart: nil, description: "d", stamp: mondayAfternoon)
  }

  static func reconcile(
    _ desired: [DepartureEvent], _ records: [DepartureRecord], _ server: MemoryCalendarServer
  ) -> DepartureReconciliation {
    DepartureReconciler.reconcile(desired, records: records, calendar: calendar, server: server)
  }

  /// The records after `result`, as a store applying it keeps them.
  static func applied(_ result: DepartureReconciliation, to records: [DepartureRecord])
    -> [DepartureRecord]
  {
    var kept = records.filter { !result.removed.contains($0.uid) }
    for record in result.written {
      kept.removeAll { $0.uid == record.uid }
      kept.append(record)
    }
    return kept.sorted { $0.uid < $1.uid }
  }

  @Test func newDeparturesArePutAsNewThenNothingIsAskedUntilOneChanges() throws {
    let server = Self.server()
    let first = try Self.event(id: 1, start: "2026-12-01T09:00:00+09:00")
    let second = try Self.event(id: 2, start: "2026-12-02T19:00:00+09:00")
    let created = Self.reconcile([first, second], [], server)
    #expect(created.failure == nil)
    #expect((created.created, created.updated, created.deleted) == (2, 0, 0))
    #expect(
      server.requests == [
        Request("PUT", Self.folder + "departure-1.ics", "If-None-Match: *"),
        Request("PUT", Self.folder + "departure-2.ics", "If-None-Match: *"),
      ])
    let records = Self.applied(created, to: [])
    #expect(
      records.map(\.href) == [Self.folder + "departure-1.ics", Self.folder + "departure-2.ics"])
    #expect(
      records.map(\.etag)
        == server.resources.filter { $0.key != Self.foreign }
        .sorted { $0.key < $1.key }.map(\.value.etag))
    #expect(
      String(
        decoding: try #require(server.resources[Self.folder + "departure-2.ics"]).data,
        as: UTF8.self)
        == second.text)

    server.clearRequests()
    let unchanged = Self.reconcile([first, second], records, server)
    #expect(server.requests.isEmpty)
    #expect(unchanged == DepartureReconciliation())

    // The second appointment moves: one put, over the version recorded.
    let moved = try Self.event(id: 2, start: "2026-12-02T19:30:00+09:00")
    let updated = Self.reconcile([first, moved], records, server)
    #expect(
      (updated.created, updated.updated, updated.deleted, updated.overwritten) == (0, 1, 0, 0))
    #expect(
      server.requests == [
        Request("PUT", Self.folder + "departure-2.ics", "If-Match: \(records[1].etag ?? "")")
      ])
    #expect(updated.written.map(\.digest) == [moved.digest])
    #expect(server.resources[Self.folder + "departure-2.ics"]?.etag == updated.written.first?.etag)
    #expect(server.resources[Self.foreign] != nil)
  }

  @Test func aDepartureNoLongerWantedIsDeletedAndTheForeignEventIsNeverTouched() throws {
    let server = Self.server()
    let first = try Self.event(id: 1, start: "2026-12-01T09:00:00+09:00")
    let second = try Self.event(id: 2, start: "2026-12-02T19:00:00+09:00")
    let records = Self.applied(Self.reconcile([first, second], [], server), to: [])
    server.clearRequests()
    let result = Self.reconcile([second], records, server)
    #expect((result.created, result.updated, result.deleted) == (0, 0, 1))
    #expect(result.removed == ["departure-1@chulbal"])
    #expect(server.requests == [Request("DELETE", Self.folder + "departure-1.ics")])
    #expect(
      server.resources(inCalendar: Self.folder).keys.sorted()
        == [Self.folder + "departure-2.ics", Self.foreign])
    // Nothing wanted: only what chulbal put goes.
    server.clearRequests()
    let none = Self.reconcile([], Self.applied(result, to: records), server)
    #expect(none.deleted == 1)
    #expect(server.requests.allSatisfy { $0.path != Self.foreign })
    #expect(server.resources(inCalendar: Self.folder).keys.sorted() == [Self.foreign])
  }

  @Test func aDeleteOfWhatIsGoneAlreadyIsDone() throws {
    let server = Self.server()
    let record = DepartureRecord(
      uid: "departure-9@chulbal", href: Self.folder + "departure-9.ics", etag: "\"old\"", digest: 1)
    let result = Self.reconcile([], [record], server)
    #expect(result.failure == nil)
    #expect(result.removed == ["departure-9@chulbal"])
    #expect(result.deleted == 1)
  }

  /// A version chulbal does not know (changed by a calendar program, or put by a push whose
  /// record was lost) is put over: deleted, then put as new.
  @Test func aPreconditionFailureIsPutOver() throws {
    let server = Self.server()
    let event = try Self.event(id: 1, start: "2026-12-01T09:00:00+09:00")
    let records = Self.applied(Self.reconcile([event], [], server), to: [])
    let href = Self.folder + "departure-1.ics"
    server.seed("BEGIN:VCALENDAR\r\nX-CHANGED-ON-THE-PHONE:1\r\nEND:VCALENDAR\r\n", at: href)
    server.clearRequests()
    let moved = try Self.event(id: 1, start: "2026-12-01T09:00:00+09:00", travel: 40 * 60)
    let result = Self.reconcile([moved], records, server)
    #expect(result.failure == nil)
    #expect((result.created, result.updated, result.overwritten) == (0, 1, 1))
    #expect(
      server.requests == [
        Request("PUT", href, "If-Match: \(records[0].etag ?? "")"), Request("DELETE", href),
        Request("PUT", href, "If-None-Match: *"),
      ])
    #expect(
      String(decoding: try #require(server.resources[href]).data, as: UTF8.self) == moved.text)
    #expect(result.written.first?.etag == server.resources[href]?.etag)

    // Put, but its record lost: the new put finds it there.
    server.clearRequests()
    let again = Self.reconcile([moved], [], server)
    #expect((again.created, again.overwritten) == (1, 1))
    #expect(server.requests.map(\.method) == ["PUT", "DELETE", "PUT"])
  }

  @Test func aRecordWithoutAnETagIsPutOverWithoutAPrecondition() throws {
    let server = Self.server()
    server.givesETags = false
    let event = try Self.event(id: 1, start: "2026-12-01T09:00:00+09:00")
    let records = Self.applied(Self.reconcile([event], [], server), to: [])
    #expect(records.first?.etag == nil)
    server.clearRequests()
    let moved = try Self.event(id: 1, start: "2026-12-01T10:00:00+09:00")
    let result = Self.reconcile([moved], records, server)
    #expect((result.updated, result.overwritten) == (1, 0))
    #expect(server.requests.map(\.method) == ["DELETE", "PUT"])
  }

  /// A failure half-way: what came before it is in the result, what it names and what comes
  /// after is not, so records written from it match the server.
  @Test func aFailureHalfWayKeepsWhatWasDone() throws {
    let server = Self.server()
    let events = try (1...3).map {
      try Self.event(id: $0, start: "2026-12-0\($0)T09:00:00+09:00")
    }
    let unreachable = DAVError.unreachable(url: Self.calendar.absoluteString, reason: "refused")
    server.fail("PUT", Self.folder + "departure-2.ics", with: unreachable)
    let result = Self.reconcile(events, [], server)
    #expect(result.failure == unreachable)
    #expect(result.written.map(\.uid) == ["departure-1@chulbal"])
    #expect(result.created == 1)
    #expect(server.resources(inCalendar: Self.folder).count == 2)
    // The next push finishes the work.
    server.clearRequests()
    let next = Self.reconcile(events, Self.applied(result, to: []), server)
    #expect(next.failure == nil)
    #expect(next.created == 2)
    #expect(
      server.requests.map(\.path) == [
        Self.folder + "departure-2.ics", Self.folder + "departure-3.ics",
      ])
  }

  /// One event the server refuses with a status of its own is left for the next push; the
  /// others still go, and the refusal is the failure said.
  @Test func anEventTheServerRefusesDoesNotHoldBackTheOthers() throws {
    let server = Self.server()
    let events = try (1...3).map {
      try Self.event(id: $0, start: "2026-12-0\($0)T09:00:00+09:00")
    }
    let refused = DAVError.status(507, method: "PUT", url: Self.calendar.absoluteString)
    server.fail("PUT", Self.folder + "departure-2.ics", with: refused)
    let result = Self.reconcile(events, [], server)
    #expect(result.failure == refused)
    #expect(result.written.map(\.uid) == ["departure-1@chulbal", "departure-3@chulbal"])
    #expect(result.created == 2)
    #expect(server.requests.count == 3)
  }

  /// A server that puts several at once may finish a later put while an earlier one meets a
  /// failure that stops the work (the connection cut under it): the later put is kept with
  /// the first, and the deletes wait for the next push.
  @Test func putsDoneBesideAFailureThatStopsTheWorkAreKept() throws {
    let server = Self.server()
    let events = try (1...3).map {
      try Self.event(id: $0, start: "2026-12-0\($0)T09:00:00+09:00")
    }
    let stale = DepartureRecord(
      uid: "departure-9@chulbal", href: Self.folder + "departure-9.ics", etag: "\"9\"", digest: 9)
    let cut = DAVError.interrupted(url: Self.calendar.absoluteString, reason: "cut")
    let parallel = OnePutCut(inner: server, index: 1, error: cut)
    let result = DepartureReconciler.reconcile(
      events, records: [stale], calendar: Self.calendar, server: parallel)
    #expect(result.failure == cut)
    #expect(result.written.map(\.uid) == ["departure-1@chulbal", "departure-3@chulbal"])
    #expect(
      result.written.map(\.etag)
        == [1, 3].map { server.resources[Self.folder + "departure-\($0).ics"]?.etag })
    #expect((result.created, result.updated, result.deleted) == (2, 0, 0))
    #expect(result.removed.isEmpty)
    #expect(server.requests.map(\.method) == ["PUT", "PUT"])
  }

  /// Records of another calendar (the source's departures calendar was changed) are deleted
  /// there and their departures put here.
  @Test func recordsInAnotherCalendarMoveHere() throws {
    let server = Self.server()
    server.addCalendar(path: "/alice/old/", displayName: "old")
    let event = try Self.event(id: 1, start: "2026-12-01T09:00:00+09:00")
    let oldHref = "/alice/old/departure-1.ics"
    let etag = server.seed(event.text, at: oldHref)
    let record = DepartureRecord(uid: event.uid, href: oldHref, etag: etag, digest: event.digest)
    let result = Self.reconcile([event], [record], server)
    #expect(
      server.requests == [
        Request("DELETE", oldHref),
        Request("PUT", Self.folder + "departure-1.ics", "If-None-Match: *"),
      ])
    #expect(result.removed.isEmpty)
    #expect(result.written.map(\.href) == [Self.folder + "departure-1.ics"])
    #expect(server.resources[oldHref] == nil)
  }
}

/// The in-memory server with its puts made one at a time, but for the one at `index`, which
/// fails with `error` without reaching it: what a server putting several at once gives when
/// that put's connection is cut while the next is under way.
private struct OnePutCut: ForwardingCalendarServer {
  let inner: MemoryCalendarServer
  let index: Int
  let error: DAVError

  func put(_ writes: [DAVWrite]) -> [Result<String?, DAVError>?] {
    writes.indices.map { position -> Result<String?, DAVError>? in
      guard position != index else { return .failure(error) }
      let write = writes[position]
      return Result { () throws(DAVError) in
        try inner.put(write.data, at: write.href, replacing: write.etag)
      }
    }
  }
}
