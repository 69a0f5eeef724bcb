import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// The built binary against hostile database files and paths: nothing crashes, a refused file
/// gets one Korean line and exit status 1, and nothing is written to it by any command.
@Suite(.tags(.process), .serialized) struct StoreFileProcessTests {
  static let now = "2026-12-01T12:00+09:00"

  /// Runs the binary in `folder` (so relative paths resolve there), with `TZ` fixed and the
  /// default database in the folder.
  static func run(
    _ arguments: [String], in folder: String, environment: [String: String] = [:],
    shell prefix: String? = nil
  ) throws -> ChulbalProcess.Result {
    try ChulbalProcess.run(
      arguments,
      environment: ["TZ": "Asia/Seoul", "XDG_DATA_HOME": folder + "/xdg"].merging(environment) {
        $1
      }, removing: ["CHULBAL_DB"], in: folder,
      shell: prefix.map { "\($0) \"$0\" \"$@\"" })
  }

  /// Every command that reads and every one that writes, for a store with `#1` and `집`.
  static let everyCommand: [[String]] = [
    ["list", "--now", now], ["list", "--all"], ["next", "--now", now], ["show", "1"],
    ["nav", "1"], ["status", "--now", now], ["countdown", "1"], ["config", "get", "buffer"],
    ["place", "list"], ["config", "set", "buffer", "5m"],
    ["place", "add", "학교", "--coord", "37.5,127"], ["place", "remove", "집"],
    ["place", "edit", "집", "--coord", "37.6,127.1"],
    ["plan", "--at", "19:00", "--from", "집", "--to", "37.5,127", "--now", now],
    ["add", "새 약속", "--at", "19:00", "--travel", "5m", "--now", now],
    ["edit", "1", "--travel", "5m"], ["remove", "1", "--yes"], ["sync", "--now", now],
    ["trip", "list"], ["trip", "forget", "1"], ["trip", "check", "--now", now],
  ]

  /// A store made by the binary: `#1 회의` tomorrow and the default place `집`.
  static func seed(_ path: String, in folder: String) throws {
    for line in [
      ["place", "add", "집", "--coord", "37.5547,126.9707", "--default"],
      ["add", "회의", "--at", "2026-12-02 19:00", "--coord", "37.4979,127.0276", "--now", now],
    ] {
      let result = try run(line + ["--db", path], in: folder)
      #expect(result.status == 0, "\(result.standardError)")
    }
  }

  /// Expects exit 1, exactly `message` as the one line on standard error, nothing on
  /// standard output.
  static func expectRefused(
    _ result: ChulbalProcess.Result, _ message: String, _ line: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 1, "\(line)", sourceLocation: sourceLocation)
    #expect(
      result.standardError == "chulbal: \(message)\n", "\(line)", sourceLocation: sourceLocation)
    #expect(result.standardOutput.isEmpty, "\(line)", sourceLocation: sourceLocation)
  }

  // MARK: - Finding 2: one-character relative paths

  @Test(arguments: ["a", "-", " "])
  func aOneCharacterRelativeDatabaseIsAFileInTheCurrentFolder(_ name: String) throws {
    let folder = TemporaryFolder()
    let set = try Self.run(["config", "set", "buffer", "5m", "--db", name], in: folder.path)
    #expect(set.status == 0, "\(set.standardError)")
    #expect(set.standardError.isEmpty)
    let get = try Self.run(["config", "get", "buffer", "--db", name], in: folder.path)
    #expect(get.standardOutput == "5m\n")
    let mode =
      try FileManager.default.attributesOfItem(atPath: folder.path + "/" + name)[
        .posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func aOneCharacterChulbalDBIsAFileInTheCurrentFolder() throws {
    let folder = TemporaryFolder()
    let set = try Self.run(
      ["config", "set", "buffer", "5m"], in: folder.path, environment: ["CHULBAL_DB": "z"])
    #expect(set.status == 0, "\(set.standardError)")
    #expect(FileManager.default.fileExists(atPath: folder.path + "/z"))
  }

  // MARK: - Findings 3 and 6: files that are not whole chulbal databases

  struct Broken: Sendable, CustomTestStringConvertible {
    let name: String
    /// SQL run on the seeded file.
    let sql: String
    let reason: String
    var testDescription: String { name }
  }

  static let broken = [
    Broken(
      name: "user_version -1", sql: "PRAGMA user_version=-1",
      reason: "chulbal의 파일이라고 적혀 있지만 스키마 버전이 -1입니다"),
    Broken(
      name: "user_version -2147483648", sql: "PRAGMA user_version=-2147483648",
      reason: "chulbal의 파일이라고 적혀 있지만 스키마 버전이 -2147483648입니다"),
    Broken(
      name: "user_version 0", sql: "PRAGMA user_version=0",
      reason: "chulbal의 파일이라고 적혀 있지만 스키마 버전이 0입니다"),
    Broken(name: "no place table", sql: "DROP TABLE place", reason: "'place' 테이블이 없습니다"),
    Broken(
      name: "a dropped column", sql: "ALTER TABLE appointment DROP COLUMN note",
      reason: "'appointment' 테이블에 열이 빠졌습니다: note"),
    Broken(
      name: "an extra column", sql: "ALTER TABLE place ADD COLUMN colour TEXT",
      reason: "'place' 테이블에 알 수 없는 열이 있습니다: colour"),
  ]

  @Test(arguments: broken)
  func aBrokenSchemaIsRefusedByEveryCommandAndLeftByteForByte(_ broken: Broken) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    try Self.seed(path, in: folder.path)
    try Database(path: path).execute(broken.sql)
    let before = try #require(folder.bytes("c.db"))
    let message = "데이터베이스 '\(path)' 파일이 손상되었습니다 (\(broken.reason)). 파일은 바꾸지 않았습니다"
    for line in Self.everyCommand {
      let result = try Self.run(line + ["--db", path], in: folder.path)
      Self.expectRefused(result, message, line)
    }
    #expect(folder.bytes("c.db") == before)
  }

  @Test func chulbalsIdWithNoTablesIsRefusedByEveryCommand() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    try Database(path: path, create: true).execute(
      "PRAGMA application_id=\(Store.applicationID); PRAGMA user_version=1")
    let before = try #require(folder.bytes("c.db"))
    let message = "데이터베이스 '\(path)' 파일이 손상되었습니다 ('alert_log' 테이블이 없습니다). 파일은 바꾸지 않았습니다"
    for line in Self.everyCommand {
      let result = try Self.run(line + ["--db", path], in: folder.path)
      Self.expectRefused(result, message, line)
    }
    #expect(folder.bytes("c.db") == before)
  }

  /// 600 random bytes over the pages from 12288 on, after the log has been checkpointed.
  @Test func damagedPagesAreRefusedByEveryCommandThatWritesAndNothingIsWritten() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    try Self.seed(path, in: folder.path)
    for index in 0..<30 {
      let result = try Self.run(
        [
          "add", "약속 \(index)", "--at", "+\(index + 1)h", "--travel", "5m",
          "--db", path, "--now", Self.now,
        ], in: folder.path)
      #expect(result.status == 0)
    }
    // Each command copied its log into the file when it closed, and left the log empty.
    #expect(folder.bytes("c.db-wal") == Data())
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    try handle.seek(toOffset: 12288)
    // The same bytes every run, so the damage is the same.
    try handle.write(contentsOf: (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
    try handle.close()
    let before = try #require(folder.bytes("c.db"))
    // Not countdown: when the pages it reads are intact it would count down to the appointment.
    for line in Self.everyCommand where line[0] != "countdown" {
      let result = try Self.run(line + ["--db", path], in: folder.path)
      let writes = [
        "config set", "place add", "place remove", "place edit", "add", "edit", "remove",
        "trip forget",
      ].contains {
        line.joined(separator: " ").hasPrefix($0)
      }
      if writes {
        #expect(result.status == 1, "\(line): \(result.standardOutput)")
        #expect(result.standardError.hasPrefix("chulbal: 데이터베이스 '\(path)' 파일이 손상되었습니다 ("))
        #expect(result.standardError.hasSuffix("). 파일은 바꾸지 않았습니다\n"), "\(result.standardError)")
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
        #expect(!result.standardError.contains("\\x0A"), "\(result.standardError)")
      }
      // A command that reads only intact pages may show them, but no command writes.
      #expect(result.status < 128, "\(line)")
      #expect(folder.bytes("c.db") == before, "\(line)")
    }
  }

  // MARK: - Finding 4: values out of the schema's range

  struct OutOfRange: Sendable, CustomTestStringConvertible {
    let sql: String
    let reason: String
    /// Whether the row still counts as upcoming, so `next` and `status` read it.
    var upcoming = true
    var testDescription: String { sql }
  }

  static let outOfRange = [
    OutOfRange(
      sql: "UPDATE appointment SET travel_seconds = 9223372036854775807",
      reason: "약속 #1, travel_seconds: 범위 밖의 값 '9223372036854775807' (0~604800초)"),
    OutOfRange(
      sql: "UPDATE appointment SET start_at = 9223372036854775807",
      reason: "약속 #1, start_at: 범위 밖의 값 '9223372036854775807' (1900~2200년)"),
    OutOfRange(
      sql: "UPDATE appointment SET start_at = -9223372036854775808",
      reason: "약속 #1, start_at: 범위 밖의 값 '-9223372036854775808' (1900~2200년)", upcoming: false),
    OutOfRange(
      sql: "UPDATE appointment SET start_at = 'abc'", reason: "약속 #1, start_at: 정수가 아닙니다"),
    OutOfRange(
      sql: "UPDATE appointment SET start_at = 1.5e300", reason: "약속 #1, start_at: 정수가 아닙니다"),
    OutOfRange(
      sql: "UPDATE appointment SET time_zone = 'Mars/Olympus'",
      reason: "약속 #1, time_zone: 알 수 없는 시간대 'Mars/Olympus'"),
    OutOfRange(
      sql: "UPDATE appointment SET lat = 999", reason: "약속 #1, lat: 범위 밖의 값 '999.0' (-90~90)"),
  ]

  @Test(arguments: outOfRange)
  func anOutOfRangeValueIsDamageNamingRowAndColumnForEveryReader(_ value: OutOfRange) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    try Self.seed(path, in: folder.path)
    // Past the CHECK constraints, as a hand-edited file would be.
    try Database(path: path).execute("PRAGMA ignore_check_constraints=ON; " + value.sql)
    let message = "데이터베이스 '\(path)' 파일이 손상되었습니다 (\(value.reason)). 파일은 바꾸지 않았습니다"
    let early = "1900-01-01T00:00Z"
    var lines = [
      ["list", "--all"], ["show", "1"], ["nav", "1"], ["edit", "1", "--travel", "5m"],
    ]
    if value.upcoming {
      lines += [["list", "--now", early], ["next", "--now", early], ["status", "--now", early]]
    }
    for line in lines {
      let result = try Self.run(line + ["--db", path], in: folder.path)
      Self.expectRefused(result, message, line)
    }
  }

  // MARK: - Findings 7 and 20: what the path names

  struct BadPath: Sendable, CustomTestStringConvertible {
    /// The `--db` value, relative to the test's folder.
    let path: String
    /// 을 or 를, as the path is read (널 but 제로, 댕글링 but 루프).
    let particle: String
    let reason: String
    var testDescription: String { path }
  }

  static let badPaths = [
    BadPath(path: "/dev/null", particle: "을", reason: "일반 파일이 아니라 장치 파일입니다. 파일은 바꾸지 않았습니다"),
    BadPath(path: "/dev/zero", particle: "를", reason: "일반 파일이 아니라 장치 파일입니다. 파일은 바꾸지 않았습니다"),
    BadPath(path: "/dev/full", particle: "을", reason: "일반 파일이 아니라 장치 파일입니다. 파일은 바꾸지 않았습니다"),
    BadPath(path: "fifo", particle: "를", reason: "일반 파일이 아니라 이름 있는 파이프(FIFO)입니다. 파일은 바꾸지 않았습니다"),
    BadPath(path: "folder", particle: "를", reason: "폴더입니다. 데이터베이스 파일의 경로를 주세요"),
    BadPath(path: "folder/", particle: "를", reason: "폴더입니다. 데이터베이스 파일의 경로를 주세요"),
    BadPath(path: "missing/", particle: "을", reason: "경로가 '/'로 끝납니다. 파일 이름까지 주세요"),
    BadPath(path: "loop", particle: "를", reason: "심볼릭 링크가 끝없이 돌고 있습니다"),
    BadPath(path: "dangling", particle: "을", reason: "심볼릭 링크가 가리키는 파일이 없습니다"),
    BadPath(path: "file/c.db", particle: "를", reason: "경로 중간에 폴더가 아닌 파일이 있습니다"),
  ]

  @Test(arguments: badPaths)
  func aPathThatNamesNoUsableFileIsRefusedByEveryCommandAndNothingIsMade(_ bad: BadPath) throws {
    let folder = TemporaryFolder()
    let manager = FileManager.default
    #expect(mkfifo(folder.path + "/fifo", 0o600) == 0)
    try manager.createDirectory(atPath: folder.path + "/folder", withIntermediateDirectories: true)
    try manager.createSymbolicLink(atPath: folder.path + "/loop", withDestinationPath: "loop2")
    try manager.createSymbolicLink(atPath: folder.path + "/loop2", withDestinationPath: "loop")
    try manager.createSymbolicLink(atPath: folder.path + "/dangling", withDestinationPath: "no")
    #expect(manager.createFile(atPath: folder.path + "/file", contents: Data("x".utf8)))
    let before = try manager.contentsOfDirectory(atPath: folder.path).sorted()
    let journalBefore = manager.fileExists(atPath: bad.path + "-journal")
    let message = "데이터베이스 '\(bad.path)'\(bad.particle) 열 수 없습니다: \(bad.reason)"
    for line in Self.everyCommand {
      let result = try Self.run(line + ["--db", bad.path], in: folder.path)
      Self.expectRefused(result, message, line)
    }
    #expect(try manager.contentsOfDirectory(atPath: folder.path).sorted() == before)
    // /dev is shared with every other process on the machine, so only a new journal counts.
    #expect(!manager.fileExists(atPath: bad.path + "-journal") || journalBefore)
  }

  @Test func anEmptyDatabaseOptionIsBadInput() throws {
    let folder = TemporaryFolder()
    for line in Self.everyCommand {
      let result = try Self.run(line + ["--db", ""], in: folder.path)
      #expect(result.status == 2, "\(line)")
      #expect(result.standardError == "chulbal: '--db' 옵션에 값이 없습니다\n", "\(line)")
    }
  }

  /// A file of 0 bytes, and an SQLite file another program made with nothing in it yet.
  @Test(arguments: [false, true])
  func readingCommandsLeaveAnEmptyFileAsItIsAndWritersGiveItTheSchema(_ sqlite: Bool) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    if sqlite {
      try Database(path: path, create: true).execute("PRAGMA page_size=4096; VACUUM")
    } else {
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
    }
    let before = try #require(folder.bytes("c.db"))
    let readers = [
      ["list", "--now", Self.now], ["next", "--now", Self.now], ["status", "--now", Self.now],
      ["config", "get", "buffer"], ["place", "list"],
    ]
    for line in readers {
      let result = try Self.run(line + ["--db", path], in: folder.path)
      #expect(result.status == (line[0] == "next" ? 1 : 0), "\(line): \(result.standardError)")
      #expect(folder.bytes("c.db") == before, "\(line)")
    }
    let set = try Self.run(["config", "set", "buffer", "5m", "--db", path], in: folder.path)
    #expect(set.status == 0, "\(set.standardError)")
    let get = try Self.run(["config", "get", "buffer", "--db", path], in: folder.path)
    #expect(get.standardOutput == "5m\n")
  }

  // MARK: - Finding 8: the first use, raced

  @Test func eightWritersRacingToMakeTheDatabaseAllSucceed() throws {
    let folder = TemporaryFolder()
    let script = """
      for round in $(seq 20); do
        rm -f r.db r.db-wal r.db-shm
        for i in 1 2 3 4 5 6 7 8; do
          ("$B" config set buffer ${i}m --db r.db >/dev/null 2>>errors || echo "exit $?" >>errors) &
        done
        wait
      done
      """
    let process = try StoreProcessTests.shell(
      script, ["B": ChulbalProcess.executable.path, "TZ": "Asia/Seoul"])
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    try process.run()
    process.waitUntilExit()
    let errors = (try? String(contentsOfFile: folder.path + "/errors", encoding: .utf8)) ?? ""
    #expect(errors.isEmpty, "\(errors.prefix(600))")
    // No temporary file is left behind by the processes that lost: only the database and the
    // log files its connections keep beside it.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(
      left.filter { $0.hasPrefix("r.db") || $0.hasPrefix(".chulbal-") }.sorted() == [
        "r.db", "r.db-shm", "r.db-wal",
      ])
  }

  // MARK: - Finding 9: read-only places, the umask, a full disk

  @Test func underUmask777TheFileIs0600AndTheFolder0700() throws {
    let folder = TemporaryFolder()
    let result = try Self.run(
      ["config", "set", "buffer", "5m", "--db", "new/c.db"], in: folder.path, shell: "umask 777;")
    #expect(result.status == 0, "\(result.standardError)")
    let manager = FileManager.default
    let file = try manager.attributesOfItem(atPath: folder.path + "/new/c.db")
    let folderAttributes = try manager.attributesOfItem(atPath: folder.path + "/new")
    #expect(file[.posixPermissions] as? Int == 0o600)
    #expect(folderAttributes[.posixPermissions] as? Int == 0o700)
    let get = try Self.run(
      ["config", "get", "buffer", "--db", "new/c.db"], in: folder.path, shell: "umask 777;")
    #expect(get.standardOutput == "5m\n")
  }

  static let isRoot = geteuid() == 0

  /// Root ignores file modes, so a read-only folder or file is tried as `nobody`.
  @Test(.enabled(if: isRoot, "needs root to act as nobody"))
  func aReadOnlyFolderOrFileServesReadersAndRefusesWritersInOneLine() throws {
    let folder = TemporaryFolder(reachableByOthers: true)
    let path = folder.path + "/c.db"
    try Self.seed(path, in: folder.path)
    let nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups"
    #expect(chown(folder.path, 65534, 65534) == 0 && chown(path, 65534, 65534) == 0)
    #expect(chmod(folder.path, 0o555) == 0)
    defer { chmod(folder.path, 0o755) }
    let list = try Self.run(["list", "--db", path, "--now", Self.now], in: "/", shell: nobody)
    #expect(list.status == 0, "\(list.standardError)")
    #expect(list.standardOutput.contains("회의"))
    let add = try Self.run(
      ["add", "x", "--at", "19:00", "--travel", "5m", "--db", path], in: "/", shell: nobody)
    Self.expectRefused(
      // The folder's name ends in a random character; the particle rule has its own table.
      add,
      "폴더 '\(folder.path)'\(Korean.subjectParticle(after: folder.path)) 읽기 전용이라 데이터베이스 '\(path)'에 쓸 수 없습니다 (읽기만 하는 명령은 됩니다)",
      ["add"])
    #expect(chmod(folder.path, 0o755) == 0 && chmod(path, 0o444) == 0)
    let set = try Self.run(
      ["config", "set", "buffer", "5m", "--db", path], in: "/", shell: nobody)
    Self.expectRefused(
      set, "데이터베이스 '\(path)'가 읽기 전용 파일이라 쓸 수 없습니다 (읽기만 하는 명령은 됩니다)", ["config", "set"])
  }

  /// Runs `script` in a fresh tmpfs of `size`, in a private mount namespace (root only), so
  /// nothing it mounts outlives the test; returns what it printed.
  static func inPrivateMount(size: String, _ script: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = [
      "-m", "/bin/bash", "-c",
      """
      set -e
      M=$(mktemp -d)
      trap 'cd /; umount "$M" 2>/dev/null; rmdir "$M"' EXIT
      mount -t tmpfs -o size=\(size) tmpfs "$M"
      cd "$M"
      \(script)
      """,
    ]
    var variables = ProcessInfo.processInfo.environment
    variables["B"] = ChulbalProcess.executable.path
    variables["TZ"] = "Asia/Seoul"
    process.environment = variables
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(.enabled(if: isRoot, "needs root to mount a file system"))
  func aReadOnlyMountServesReadersAndRefusesWriters() throws {
    let output = try Self.inPrivateMount(
      size: "1m",
      """
      "$B" add 회의 --at "2026-12-02 19:00" --travel 30m --db c.db --now \(Self.now) >/dev/null
      mount -o remount,ro "$M"
      "$B" list --db c.db --now \(Self.now) 2>&1 | head -1 || true
      "$B" add x --at 19:00 --travel 5m --db c.db 2>&1 && echo wrote || true
      """)
    let lines = output.split(separator: "\n")
    #expect(lines.count == 2, "\(output)")
    #expect(lines.first?.hasPrefix("번호") == true, "\(output)")
    #expect(lines.last?.hasPrefix("chulbal: 폴더 '") == true, "\(output)")
    #expect(lines.last?.hasSuffix("'에 쓸 수 없습니다 (읽기만 하는 명령은 됩니다)") == true, "\(output)")
  }

  @Test(.enabled(if: isRoot, "needs root to mount a file system"))
  func aFullDiskIsSaidInOneLineAndLeavesNoStub() throws {
    let output = try Self.inPrivateMount(
      size: "256k",
      """
      "$B" add 회의 --at "2026-12-02 19:00" --travel 30m --db c.db --now \(Self.now) >/dev/null
      dd if=/dev/zero of=fill bs=4k 2>/dev/null || true
      "$B" list --db c.db --now \(Self.now) 2>&1 || true
      "$B" add x --at 19:00 --travel 5m --db c.db 2>&1 || true
      "$B" config set buffer 5m --db new.db 2>&1 || true
      ls
      """)
    let lines = output.split(separator: "\n").map(String.init)
    let full = lines.filter { $0.hasPrefix("chulbal: 디스크가 가득 차서 데이터베이스 '") }
    // The two writes are refused. The reader finds the -wal and -shm files the first command
    // left, and the blocks it gives back and takes again in the -shm file are its own, so it
    // still reads.
    #expect(full.count == 2, "\(output)")
    #expect(lines.contains { $0.hasPrefix("번호") }, "\(output)")
    #expect(full.last?.contains("'new.db'") == true)
    // The failed creation left nothing for a later command to find half made.
    #expect(!lines.contains { $0.hasPrefix("new.db") }, "\(output)")
  }

  // MARK: - Finding 12: paths reach standard error with their controls made visible

  @Test func aPathWithControlCharactersNeverReachesTheTerminalRaw() throws {
    let folder = TemporaryFolder()
    let hostile = folder.path + "/\u{1B}]0;PWNED\u{07}"
    #expect(mkfifo(hostile, 0o600) == 0)
    let lines: [([String], [String: String])] = [
      (["list", "--db", hostile], [:]),
      (["config", "set", "buffer", "5m", "--db", hostile + "/x.db"], [:]),
      (["list"], ["CHULBAL_DB": hostile]),
      (["config", "set", "buffer", "5m"], ["XDG_DATA_HOME": hostile]),
    ]
    for (line, environment) in lines {
      let result = try Self.run(line, in: folder.path, environment: environment)
      #expect(result.status == 1, "\(line)")
      #expect(result.standardError.contains("\\x1B]0;PWNED\\x07"), "\(result.standardError)")
      #expect(!result.standardError.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
    }
  }
}
