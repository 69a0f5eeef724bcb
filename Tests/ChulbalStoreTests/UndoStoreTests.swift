import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// One level of undo in a real SQLite file: rows come back with their alert log, a failed
/// change keeps the last record, and another connection's writes are not recorded.
@Suite struct UndoStoreTests {
  private struct Refused: Error {}

  @Test func aRemovalComesBackWithItsAlertLogSoNoAlertIsSentTwice() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/u.db", expander: .libical)
    let id = try store.insert(sample("저녁 약속"), createdAt: added).id
    let alert = AlertID(appointmentID: id, leadSeconds: 0, due: added.addingTimeInterval(3600))
    #expect(try store.claim(alert, kind: .leave, at: added))
    try store.record(alert, kind: .leave, .delivered(backend: "command"), at: added)
    let before = (try store.all(), try store.alertLog(since: .distantPast))

    let removed = try store.recordingUndo("remove", now: added) {
      (try store.delete(ids: [id], now: added), "#\(id) 저녁 약속 지움")
    }
    #expect(removed == 1)
    #expect(try store.alertLog(since: .distantPast).isEmpty)
    #expect(try store.lastUndoable()?.summary == "#\(id) 저녁 약속 지움")

    #expect(try store.undo()?.command == "remove")
    #expect(try store.all() == before.0)
    #expect(try store.alertLog(since: .distantPast) == before.1)
    #expect(try !store.claim(alert, kind: .leave, at: added))
    #expect(try store.undo() == nil)
  }

  @Test func aFailedChangeKeepsTheRecordBeforeIt() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/u.db", expander: .libical)
    let first = try store.recordingUndo("edit", now: added) {
      (try store.insert(sample("하나"), createdAt: added), "하나 추가")
    }
    #expect(
      throws: Refused.self,
      performing: {
        try store.recordingUndo("edit", now: added) { () throws -> ((), String) in
          _ = try store.insert(sample("둘"), createdAt: added)
          throw Refused()
        }
      })
    #expect(try store.lastUndoable()?.summary == "하나 추가")
    #expect(try store.undo() != nil)
    // The failed change's own row stays: only the recorded change went back.
    #expect(try store.all().map(\.title) == ["둘"])
    #expect(try store.appointment(id: first.id) == nil)
  }

  @Test func anotherConnectionsWritesAreNotRecorded() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/u.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    let other = try #require(try Store.open(path: path, create: false, expander: .libical))
    let kept = try store.recordingUndo("edit", now: added) {
      _ = try other.insert(sample("watch가 쓴 것"), createdAt: added)
      return (try store.insert(sample("고친 것"), createdAt: added), "고친 것 추가")
    }
    #expect(try store.undo() != nil)
    #expect(try store.all().map(\.title) == ["watch가 쓴 것"])
    #expect(try store.appointment(id: kept.id) == nil)
  }
}
