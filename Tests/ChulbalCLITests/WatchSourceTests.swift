import ChulbalTestSupport
import Foundation
import Testing

/// `chulbal watch` re-reading calendar sources (`source add`) when their files change, as a
/// real process over a real folder and SQLite file: a vdir folder, a single file replaced
/// by rename, a file broken mid-write, and a burst of files read once they settle.
@Suite(.tags(.process, .realTime)) struct WatchSourceTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  /// An iCalendar file of one event per title, each in 2030 so all are upcoming.
  static func calendar(_ events: [(uid: String, title: String)]) -> String {
    let body = events.enumerated().map { index, event in
      """
      BEGIN:VEVENT\r
      UID:\(event.uid)\r
      DTSTAMP:20261201T000000Z\r
      DTSTART:20300105T\(String(format: "%02d", 1 + index % 20))0000Z\r
      SUMMARY:\(event.title)\r
      END:VEVENT\r

      """
    }
    return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + body.joined()
      + "END:VCALENDAR\r\n"
  }

  /// Writes `text` as vdirsyncer and editors do: to a hidden file, then renamed into place.
  func replace(_ path: String, with text: String) throws {
    let url = URL(fileURLWithPath: path)
    let hidden = url.deletingLastPathComponent().appendingPathComponent(
      "." + url.lastPathComponent + ".tmp")
    try text.write(to: hidden, atomically: false, encoding: .utf8)
    #expect(rename(hidden.path, path) == 0)
  }

  /// Adds the source at `path` and starts the watch, waiting until it has started.
  func watching(_ path: String) throws -> WatchProcess {
    let added = try chulbal(["source", "add", path, "--name", "cal"], database: database)
    try #require(added.status == 0, "\(added.standardError)")
    let imported = try chulbal(["import", "--sources"], database: database)
    try #require(imported.status == 0, "\(imported.standardError)")
    let watch = try WatchProcess(database: database, in: folder.path)
    try #require(watch.waitFor("시작: "), "\(watch.standardError)")
    return watch
  }

  /// The source's `source list --json` entry.
  func source() throws -> [String: Any] {
    let list = try chulbal(["source", "list", "--json"], database: database)
    let sources = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8))
    return try #require((sources as? [[String: Any]])?.first)
  }

  /// Waits until the source gives `count` appointments, at most `hangGuard`.
  func waitForEvents(_ count: Int) throws -> Bool {
    try eventually { try source()["event_count"] as? Int == count }
  }

  func titles() throws -> String {
    try chulbal(["list"], database: database).standardOutput
  }

  @Test func anEventDroppedIntoAVdirFolderIsImportedWithoutACommand() throws {
    let vdir = folder.path + "/work"
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    try replace(vdir + "/a.ics", with: Self.calendar([("a", "첫 일정")]))
    let watch = try watching(vdir)
    try replace(vdir + "/b.ics", with: Self.calendar([("b", "동기화된 일정")]))
    #expect(watch.waitFor("캘린더 'cal'을 다시 읽었습니다: 새로 1"), "\(watch.standardError)")
    #expect(try waitForEvents(2))
    #expect(try titles().contains("동기화된 일정"))
    // A file that is not a calendar wakes nothing.
    try replace(vdir + "/notes.txt", with: "x")
    try FileManager.default.removeItem(atPath: vdir + "/b.ics")
    #expect(watch.waitFor("지움 1"), "\(watch.standardError)")
    #expect(watch.standardError.components(separatedBy: "다시 읽었습니다").count - 1 == 2)
    #expect(watch.stop() == 0)
  }

  @Test func aFileSourceReplacedByRenameIsReadAgain() throws {
    let file = folder.path + "/personal.ics"
    try replace(file, with: Self.calendar([("a", "첫 일정")]))
    let watch = try watching(file)
    try replace(file, with: Self.calendar([("a", "첫 일정"), ("b", "새 일정")]))
    #expect(watch.waitFor("다시 읽었습니다"), "\(watch.standardError)")
    #expect(try waitForEvents(2))
    #expect(try titles().contains("새 일정"))
    #expect(watch.stop() == 0)
  }

  /// A file caught mid-write is recorded as the source's error and logged; the appointments
  /// read before stay, and the watch goes on to read the file once it is whole.
  @Test func aBrokenFileKeepsTheAppointmentsAndRecordsTheError() throws {
    let file = folder.path + "/personal.ics"
    try replace(file, with: Self.calendar([("a", "첫 일정")]))
    let watch = try watching(file)
    try replace(file, with: "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n")
    #expect(
      watch.waitFor("캘린더 'cal'을 읽지 못해 전에 가져온 약속을 그대로 둡니다: \(file):"),
      "\(watch.standardError)")
    #expect(try source()["last_error"] is String)
    #expect(try source()["event_count"] as? Int == 1)
    #expect(try titles().contains("첫 일정"))
    try replace(file, with: Self.calendar([("a", "첫 일정"), ("b", "고친 일정")]))
    #expect(try waitForEvents(2), "\(watch.standardError)")
    #expect(try source()["last_error"] is NSNull)
    #expect(watch.stop() == 0)
  }

  /// A source added while the watch runs is watched from then on, and an event synced into it
  /// gets its alert with no command run.
  @Test func aSourceAddedWhileWatchingIsWatchedAndItsSyncedEventGetsItsAlert() throws {
    for (key, value) in [("buffer", "0"), ("alerts", "0"), ("travel", "0")] {
      #expect(try chulbal(["config", "set", key, value], database: database).status == 0)
    }
    let vdir = folder.path + "/work"
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    let watch = try WatchProcess(database: database, in: folder.path)
    try #require(watch.waitFor("시작: "), "\(watch.standardError)")
    let added = try chulbal(["source", "add", vdir, "--name", "cal"], database: database)
    try #require(added.status == 0, "\(added.standardError)")
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = .gmt
    format.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let start = format.string(from: Date().addingTimeInterval(3))
    let text = Self.calendar([("soon", "동기화된 약속")])
      .replacingOccurrences(of: "DTSTART:20300105T010000Z", with: "DTSTART:" + start)
    try replace(vdir + "/soon.ics", with: text)
    #expect(watch.waitFor("[알림] 지금 출발하세요 · 동기화된 약속"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
  }

  @Test func aBurstOfTwentyFilesIsReadOnceOrAFewTimes() throws {
    let vdir = folder.path + "/work"
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    try replace(vdir + "/a.ics", with: Self.calendar([("a", "첫 일정")]))
    let watch = try watching(vdir)
    for number in 1...20 {
      try replace(vdir + "/\(number).ics", with: Self.calendar([("\(number)", "일정 \(number)")]))
    }
    #expect(try waitForEvents(21), "\(watch.standardError)")
    let reads = watch.standardError.components(separatedBy: "다시 읽었습니다").count - 1
    #expect((1...3).contains(reads), "\(watch.standardError)")
    #expect(watch.stop() == 0)
  }
}
