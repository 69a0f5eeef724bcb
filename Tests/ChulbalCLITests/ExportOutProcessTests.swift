import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

/// `export --out` through the built binary, onto each kind of thing a path can name: a character
/// device or a FIFO gets the calendar written into it and stays what it was; a socket or a
/// block device is refused in one line and left alone (a folder: `ExportCommandTests`). Device
/// nodes are made with `mknod` in the test's own folder, never the system's.
@Suite(.tags(.process)) struct ExportOutProcessTests {
  static let now = ["--now", "2026-11-30T14:00+09:00"]
  static let isRoot = geteuid() == 0
  /// What `setpriv` runs the binary as, to see what a user without root is told.
  static let nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups"

  /// Reachable by others: one test reads the database as nobody.
  let folder = TemporaryFolder(reachableByOthers: true)
  var database: String { folder.path + "/c.db" }

  init() throws {
    let added = try chulbal(
      ["add", "저녁 약속", "--at", "2026-12-01T19:00+09:00", "--travel", "35m"] + Self.now,
      database: database)
    #expect(added.status == 0, "\(added.standardError)")
  }

  /// The kind of what `path` names itself (`S_IFIFO`, `S_IFCHR`, …), and its device number.
  static func kind(_ path: String) -> (type: mode_t, device: UInt)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (info.st_mode & S_IFMT, UInt(info.st_rdev))
  }

  /// `mknod PATH TYPE MAJOR MINOR`, for a node in the test's folder.
  static func makeNode(_ path: String, _ type: String, _ major: Int, _ minor: Int) throws {
    try ProgramOutput.read(["mknod", "-m", "666", path, type, "\(major)", "\(minor)"])
  }

  @Test func aFIFOGetsTheCalendarAndStaysAFIFO() throws {
    let fifo = folder.path + "/pipe"
    #expect(mkfifo(fifo, 0o600) == 0)
    // Open for reading first, without waiting, so that the export's open finds a reader.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let result = try chulbal(["export", "--out", fifo] + Self.now, database: database)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == "약속 1개를 '\(fifo)'에 내보냈습니다\n")
    #expect(Self.kind(fifo)?.type == S_IFIFO)
    var bytes = [UInt8](repeating: 0, count: 65536)
    let count = read(reader, &bytes, bytes.count)
    let text = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"), "\(text)")
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    #expect(text.contains("SUMMARY:저녁 약속\r\n"))
  }

  @Test(.enabled(if: isRoot, "mknod needs root"))
  func aCharacterDeviceIsWrittenIntoAndStaysTheSameDevice() throws {
    let device = folder.path + "/null"
    try Self.makeNode(device, "c", 1, 3)
    let before = try #require(Self.kind(device))
    let result = try chulbal(["export", "--out", device] + Self.now, database: database)
    #expect(result.status == 0, "\(result.standardError)")
    let after = try #require(Self.kind(device))
    #expect(after.type == S_IFCHR)
    #expect(after.device == before.device)
  }

  /// A user who may write to a device but not to its folder (as anyone may write /dev/null but
  /// not /dev) gets the export written to the device; a new name in that folder is refused
  /// with the reason that is true: the folder takes no new file from them.
  @Test(.enabled(if: isRoot, "needs root to make a device and to act as nobody"))
  func withoutWritePermissionOnTheFolderADeviceIsWrittenAndANewFileIsRefusedTruly() throws {
    let devices = folder.path + "/dev"
    #expect(mkdir(devices, 0o755) == 0)
    let device = devices + "/null"
    try Self.makeNode(device, "c", 1, 3)
    // The database, its journal files and its folder are nobody's, so it can read them; `dev`
    // stays root's.
    for name in ["", "c.db", "c.db-wal", "c.db-shm"] {
      #expect(chown(folder.path + "/" + name, 65534, 65534) == 0, "\(name)")
    }
    let written = try ChulbalProcess.run(
      ["export", "--out", device] + Self.now, environment: ["CHULBAL_DB": database], in: "/",
      shell: Self.nobody + " \"$0\" \"$@\"")
    #expect(written.status == 0, "\(written.standardError)")
    #expect(Self.kind(device)?.type == S_IFCHR)
    let new = devices + "/new.ics"
    let refused = try ChulbalProcess.run(
      ["export", "--out", new] + Self.now, environment: ["CHULBAL_DB": database], in: "/",
      shell: Self.nobody + " \"$0\" \"$@\"")
    #expect(refused.status == 1)
    #expect(
      refused.standardError
        == "chulbal: '\(new)'에 쓸 수 없습니다: 폴더 '\(devices)'에 새 파일을 만들 권한이 없습니다\n")
    #expect(Self.kind(new) == nil)
  }

  @Test func aSocketIsRefusedInOneLineAndLeftAlone() throws {
    let target = folder.path + "/socket"
    try ProgramOutput.read([
      "python3", "-c", "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])",
      target,
    ])
    try #require(Self.kind(target)?.type == S_IFSOCK)
    let result = try chulbal(["export", "--out", target] + Self.now, database: database)
    #expect(result.status == 1)
    #expect(result.standardError == "chulbal: '\(target)'에 쓸 수 없습니다: 파일이 아니라 소켓입니다\n")
    #expect(Self.kind(target)?.type == S_IFSOCK)
  }

  @Test(.enabled(if: isRoot, "mknod needs root"))
  func aBlockDeviceIsRefusedInOneLineAndLeftAlone() throws {
    let target = folder.path + "/loop"
    try Self.makeNode(target, "b", 7, 0)
    let before = try #require(Self.kind(target))
    let result = try chulbal(["export", "--out", target] + Self.now, database: database)
    #expect(result.status == 1)
    #expect(
      result.standardError == "chulbal: '\(target)'에 쓸 수 없습니다: 파일이 아니라 블록 장치입니다\n")
    let after = try #require(Self.kind(target))
    #expect(after.type == S_IFBLK && after.device == before.device)
  }

  /// RFC 5545 §3.3.11 allows no control character in TEXT but the escaped line end; a note
  /// with a terminal's escape sequence, a bell and a right-to-left override is written
  /// without them, its line break as `\n`, and the file imports again.
  @Test func aNoteIsWrittenWithoutControlOrBidiCharactersAndImportsAgain() throws {
    let added = try chulbal(
      [
        "add", "메모", "--at", "2026-12-02T19:00+09:00", "--travel", "5m", "--note",
        "a\u{1B}]0;X\u{07}b\u{202E}c\u{2066}d\n둘째 줄",
      ] + Self.now, database: database)
    #expect(added.status == 0, "\(added.standardError)")
    let file = folder.path + "/out.ics"
    let exported = try chulbal(["export", "--out", file] + Self.now, database: database)
    #expect(exported.status == 0, "\(exported.standardError)")
    let bytes = try #require(folder.bytes("out.ics"))
    #expect(!bytes.contains { ($0 < 0x20 && $0 != 0x0D && $0 != 0x0A) || $0 == 0x7F })
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.unicodeScalars.contains(where: TextCleaning.isBidiControl))
    let lines = text.replacingOccurrences(of: "\r\n ", with: "").split(separator: "\r\n")
    #expect(lines.contains("DESCRIPTION:a]0\\;Xbcd\\n둘째 줄"), "\(lines)")
    let imported = try chulbal(["import", file] + Self.now, database: folder.path + "/fresh.db")
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.hasPrefix("새로 2 · "), "\(imported.standardOutput)")
  }
}
