import ChulbalTestSupport
import Foundation
import Testing

/// `chulbal watch` while its database file is reached by another name: real processes on a
/// real SQLite file.
@Suite struct WatchDatabaseFileTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  /// Adds to `file` a kitchen-timer appointment whose only alert (leave) falls `seconds` from
  /// now.
  func addSoon(_ title: String, in seconds: Int, to file: String? = nil) throws {
    let result = try chulbal(
      ["add", title, "--at", "+\(seconds)s", "--travel", "0", "--buffer", "0", "--alerts", "0"],
      database: file ?? database)
    try #require(result.status == 0, "\(result.standardError)")
  }

  @Test func aSecondWatchThroughASymbolicLinkIsRefusedNamingTheFirst() throws {
    try addSoon("약속", in: 3600)
    let link = folder.path + "/link.db"
    #expect(symlink(database, link) == 0)
    let first = try WatchProcess(database: database, in: folder.path)
    #expect(first.waitFor("시작: "), "\(first.standardError)")
    let second = try WatchProcess(database: link, in: folder.path)
    #expect(second.end(seconds: 20) == 1)
    #expect(
      second.standardError
        == "chulbal: 다른 watch(PID \(first.child.pid))가 이미 이 데이터베이스를 지켜보고 있습니다 "
        + "(잠금 파일 '\(database).lock')\n")
    #expect(first.stop() == 0)
  }

  @Test func aSecondWatchThroughAHardLinkIsRefusedAndDoctorSeesTheFirst() throws {
    try addSoon("약속", in: 3600)
    let link = folder.path + "/hard.db"
    #expect(Glibc.link(database, link) == 0)
    let first = try WatchProcess(database: database, in: folder.path)
    #expect(first.waitFor("시작: "), "\(first.standardError)")
    let second = try WatchProcess(database: link, in: folder.path)
    #expect(second.end(seconds: 20) == 1)
    #expect(
      second.standardError
        == "chulbal: 다른 watch가 이미 이 데이터베이스 파일을 다른 이름(하드 링크)으로 지켜보고 있습니다 ('\(link)')\n")
    let doctor = try chulbal(["doctor", "--json"], database: link)
    #expect(doctor.standardOutput.contains("\"running\": true"), "\(doctor.standardOutput)")
    #expect(first.stop() == 0)
  }
}
