import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

/// `export` through the built binary: what the file holds.
@Suite struct ExportOutProcessTests {
  static let now = ["--now", "2026-11-30T14:00+09:00"]

  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  init() throws {
    let added = try chulbal(
      ["add", "저녁 약속", "--at", "2026-12-01T19:00+09:00", "--travel", "35m"] + Self.now,
      database: database)
    #expect(added.status == 0, "\(added.standardError)")
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
    #expect(imported.standardOutput.hasPrefix("가져옴 2 · "), "\(imported.standardOutput)")
  }
}
