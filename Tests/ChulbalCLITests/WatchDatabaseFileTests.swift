import ChulbalTestSupport
import Foundation
import Testing

/// `chulbal watch` while its database file is replaced, reached by another name, or made
/// unwritable under it: real processes on a real SQLite file.
@Suite(.tags(.process, .realTime)) struct WatchDatabaseFileTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  /// Adds to `file` a kitchen-timer appointment whose only alert (leave) falls `seconds` from
  /// now.
  /// A symbolic link to the database in a folder of its own (`links/c.db`).
  func linkInAnotherFolder() throws -> String {
    let links = folder.path + "/links"
    try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
    let link = links + "/c.db"
    try #require(symlink(database, link) == 0)
    return link
  }

  func addSoon(_ title: String, in seconds: Int, to file: String? = nil) throws {
    let result = try chulbal(
      ["add", title, "--at", "+\(seconds)s", "--travel", "0", "--buffer", "0", "--alerts", "0"],
      database: file ?? database)
    try #require(result.status == 0, "\(result.standardError)")
  }

  @Test func aDatabaseRemovedAndMadeAgainWhileWatchingIsOpenedAgainAndItsAlertComes() throws {
    try addSoon("지울 파일의 약속", in: 3600)
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(watch.waitFor("시작: "), "\(watch.standardError)")
    for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
    #expect(
      watch.waitFor("데이터베이스 파일이 지워졌습니다: \(database) (같은 이름의 파일이 생기면 그것을 열고, "),
      "\(watch.standardError)")
    try addSoon("새 파일의 약속", in: 2)
    #expect(watch.waitFor("데이터베이스 파일이 바뀌어 다시 열었습니다: \(database), "), "\(watch.standardError)")
    #expect(watch.waitFor("[알림] 지금 출발하세요 · 새 파일의 약속"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
  }

  /// As a restore or a file-sync tool does it: a whole file renamed over the database, while
  /// the old one's write-ahead log still holds pages another command wrote.
  @Test func aDatabaseRenamedIntoPlaceWhileWatchingIsOpenedAgainWithItsOwnAppointments() throws {
    try addSoon("옛 파일의 약속", in: 3600)
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(watch.waitFor("시작: "), "\(watch.standardError)")
    try addSoon("옛 파일의 다른 약속", in: 7200)
    // The watch empties the log once the other command is done with it.
    #expect(
      eventually {
        (try? FileManager.default.attributesOfItem(atPath: database + "-wal"))?[.size] as? Int == 0
      },
      "the log keeps pages another command wrote")
    let restored = folder.path + "/restored.db"
    try addSoon("되살린 약속", in: 3, to: restored)
    #expect(rename(restored, database) == 0)
    #expect(watch.waitFor("데이터베이스 파일이 바뀌어 다시 열었습니다: \(database), "), "\(watch.standardError)")
    #expect(watch.waitFor("[알림] 지금 출발하세요 · 되살린 약속"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
    let list = try chulbal(["list", "--all"], database: database)
    #expect(list.standardOutput.contains("되살린 약속"), "\(list.standardOutput)")
    #expect(!list.standardOutput.contains("옛 파일의"), "\(list.standardOutput)")
  }

  @Test func aWatchThroughASymbolicLinkToAnotherFolderSeesAnAppointmentAddedThroughIt() throws {
    try addSoon("먼저 넣은 약속", in: 3600)
    let link = try linkInAnotherFolder()
    let watch = try WatchProcess(database: link, in: folder.path)
    #expect(watch.waitFor("시작: "), "\(watch.standardError)")
    try addSoon("링크로 넣은 약속", in: 2, to: link)
    #expect(watch.waitFor("[알림] 지금 출발하세요 · 링크로 넣은 약속"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
  }

  @Test func aSecondWatchThroughASymbolicLinkIsRefusedNamingTheFirst() throws {
    try addSoon("약속", in: 3600)
    let link = folder.path + "/link.db"
    #expect(symlink(database, link) == 0)
    let first = try WatchProcess(database: database, in: folder.path)
    #expect(first.waitFor("시작: "), "\(first.standardError)")
    let second = try WatchProcess(database: link, in: folder.path)
    #expect(second.end() == 1)
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
    #expect(second.end() == 1)
    #expect(
      second.standardError
        == "chulbal: 다른 watch가 이미 이 데이터베이스 파일을 다른 이름(하드 링크)으로 지켜보고 있습니다 ('\(link)')\n")
    let doctor = try chulbal(["doctor", "--json"], database: link)
    #expect(doctor.standardOutput.contains("\"running\": true"), "\(doctor.standardOutput)")
    #expect(first.stop() == 0)
  }

  /// `chattr +i` needs root (CAP_LINUX_IMMUTABLE) and a file system that keeps the flag.
  static let canMakeFilesImmutable: Bool = {
    let probe = TemporaryFolder()
    let file = probe.path + "/probe"
    guard FileManager.default.createFile(atPath: file, contents: Data()) else { return false }
    guard (try? ProgramOutput.read(["chattr", "+i", file])) != nil else { return false }
    _ = try? ProgramOutput.read(["chattr", "-i", file])
    return true
  }()

  /// The line the watch logs when it can no longer write the store.
  static let holding = "데이터베이스에 쓸 수 없어 알림 기록은 미뤄 두고 알림은 계속 보냅니다: "

  /// A `-shm` made immutable while the watch sleeps: the alert due still comes, its record is
  /// held, and written once the file can be written again.
  @Test(.enabled(if: canMakeFilesImmutable))
  func aSharedMemoryFileMadeImmutableWhileWatchingHoldsTheLogAndTheAlertComes() throws {
    try addSoon("막힌 약속", in: 3)
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(watch.waitFor("시작: "), "\(watch.standardError)")
    let shm = database + "-shm"
    try ProgramOutput.read(["chattr", "+i", shm])
    defer { _ = try? ProgramOutput.read(["chattr", "-i", shm]) }
    #expect(
      watch.waitFor(
        Self.holding + "데이터베이스에 딸린 파일 '\(shm)'에 쓸 수 없습니다 (권한이나 chattr +i 속성을 확인하세요). "
          + "읽기만 하는 명령은 됩니다\n"),
      "\(watch.standardError)")
    #expect(watch.waitFor("[알림] 지금 출발하세요 · 막힌 약속"), "\(watch.standardError)")
    try ProgramOutput.read(["chattr", "-i", shm])
    #expect(
      watch.waitFor("데이터베이스에 다시 쓸 수 있어 미뤄 둔 알림 기록 1개를 적었습니다"),
      "\(watch.standardError)")
    #expect(watch.stop() == 0)
    let log = try chulbal(["log", "--json"], database: database)
    #expect(log.standardOutput.contains("\"backend\": \"terminal\""), "\(log.standardOutput)")
  }

  /// SQLite keeps the `-shm` beside the file the link leads to, and that is the one checked.
  @Test(.enabled(if: canMakeFilesImmutable))
  func throughASymbolicLinkToAnotherFolderTheImmutableSharedMemoryFileIsTheRealOne() throws {
    try addSoon("막힌 약속", in: 3)
    let link = try linkInAnotherFolder()
    let watch = try WatchProcess(database: link, in: folder.path)
    #expect(watch.waitFor("시작: "), "\(watch.standardError)")
    let shm = database + "-shm"
    try ProgramOutput.read(["chattr", "+i", shm])
    defer { _ = try? ProgramOutput.read(["chattr", "-i", shm]) }
    #expect(
      watch.waitFor(Self.holding + "데이터베이스에 딸린 파일 '\(shm)'에 쓸 수 없습니다 ("),
      "\(watch.standardError)")
    #expect(watch.waitFor("[알림] 지금 출발하세요 · 막힌 약속"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
  }

  /// A full disk when an alert falls due: the alert comes, and its record is written once
  /// there is room again. In a small tmpfs of a private mount namespace (root only).
  @Test(.enabled(if: StoreFileProcessTests.isRoot, "needs root to mount a file system"))
  func aFullDiskDeliversTheAlertDueAndRecordsItOnceThereIsRoom() throws {
    let output = try StoreFileProcessTests.inPrivateMount(
      size: "256k",
      """
      unset DBUS_SESSION_BUS_ADDRESS
      "$B" add 회의 --at +2s --travel 0 --buffer 0 --alerts 0 --db c.db >/dev/null
      dd if=/dev/zero of=fill bs=4k 2>/dev/null || true
      "$B" watch --db c.db 2>&1 & W=$!
      sleep 6
      rm fill
      sleep 14
      kill -TERM $W
      wait $W && echo "status 0" || echo "status $?"
      "$B" log --json --db c.db
      """)
    #expect(output.contains(Self.holding + "디스크가 가득 차서 데이터베이스 'c.db'를 "), "\(output)")
    #expect(output.contains("[알림] 지금 출발하세요 · 회의"), "\(output)")
    #expect(output.contains("데이터베이스에 다시 쓸 수 있어 미뤄 둔 알림 기록 1개를 적었습니다"), "\(output)")
    #expect(output.contains("status 0\n"), "\(output)")
    #expect(output.contains("\"outcome\": \"delivered\""), "\(output)")
    #expect(output.contains("\"backend\": \"terminal\""), "\(output)")
  }

  @Test(.enabled(if: canMakeFilesImmutable))
  func aCommandThatWritesNamesAnImmutableSharedMemoryFile() throws {
    try addSoon("약속", in: 3600)
    // A command that wrote leaves the -shm file beside the database.
    let shm = database + "-shm"
    try #require(FileManager.default.fileExists(atPath: shm))
    try ProgramOutput.read(["chattr", "+i", shm])
    defer { _ = try? ProgramOutput.read(["chattr", "-i", shm]) }
    let result = try chulbal(["remove", "1", "--yes"], database: database)
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "chulbal: 데이터베이스에 딸린 파일 '\(shm)'에 쓸 수 없습니다 (권한이나 chattr +i 속성을 확인하세요). 읽기만 하는 명령은 됩니다\n"
    )
    #expect(try chulbal(["list"], database: database).standardOutput.contains("약속"))
  }

  /// What the kernel sends when a write into the mapped `-shm` fails after the watch's
  /// check, sent here by hand.
  @Test func aSIGBUSEndsTheWatchWithOneLineAndStatusOne() throws {
    try addSoon("약속", in: 3600)
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(watch.waitFor("시작: "), "\(watch.standardError)")
    kill(watch.child.pid, SIGBUS)
    #expect(watch.end() == 1, "\(watch.standardError)")
    #expect(
      watch.standardError.split(separator: "\n").last
        == "chulbal: 데이터베이스에 딸린 파일 '\(database)-shm'에 쓰지 못해 watch를 끝냅니다 (SIGBUS). 권한이나 chattr +i 속성을 확인하세요",
      "\(watch.standardError)")
  }
}
