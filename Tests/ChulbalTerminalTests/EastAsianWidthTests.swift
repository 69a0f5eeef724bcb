import Foundation
import Testing

@testable import ChulbalTerminal

/// The width table against the EastAsianWidth.txt it was generated from, Debian's unicode-data
/// copy, read here without the generator (contrib/width-table.sh).
@Suite struct EastAsianWidthTests {
  static let path = "/usr/share/unicode/EastAsianWidth.txt"

  /// The file's lines as (first, last, property): "3400..4DBF;W  # …" → (0x3400, 0x4DBF, "W").
  static func entries(_ text: String) -> [(first: UInt32, last: UInt32, property: String)] {
    text.split(separator: "\n").compactMap { line in
      let data = line.prefix { $0 != "#" }
      let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 2 else { return nil }
      let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
      guard let first = bounds.first.flatMap({ UInt32($0, radix: 16) }),
        let last = bounds.last.flatMap({ UInt32($0, radix: 16) })
      else { return nil }
      return (first, last, fields[1])
    }
  }

  static func file() throws -> String {
    try #require(
      FileManager.default.isReadableFile(atPath: path),
      "install Debian's unicode-data (contrib/setup.sh --test) for \(path)")
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func theTableWasMadeFromTheVersionOfTheFileOnThisMachine() throws {
    let firstLine = try Self.file().prefix { $0 != "\n" }
    #expect(
      firstLine == "# EastAsianWidth-\(EastAsianWidth.version).txt",
      "the table is from \(EastAsianWidth.version); run contrib/width-table.sh to remake it")
  }

  /// Every code point the file lists is wide exactly when it is W or F there; those it leaves
  /// out (N by the file's own rule) are not.
  @Test func everyCodePointIsWideExactlyWhenTheFileSaysWOrF() throws {
    var wide = Set<UInt32>()
    let entries = Self.entries(try Self.file())
    try #require(entries.count > 1000, "\(Self.path) holds \(entries.count) entries")
    for entry in entries where entry.property == "W" || entry.property == "F" {
      wide.formUnion(entry.first...entry.last)
    }
    let wrong = (UInt32(0)...0x10FFFF).filter { TerminalText.isWide($0) != wide.contains($0) }
    #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(40).map { String($0, radix: 16) })")
  }

  /// The file's verdicts where a terminal's own tables often differ: ambiguous (A) and
  /// neutral (N) symbols take one column, as do halfwidth forms (H); Unicode 15's new emoji two.
  @Test(arguments: [
    ("\u{3248}", 1), ("\u{4DC0}", 1), ("\u{FF71}", 1), ("\u{1F6DC}", 2), ("\u{1FA75}", 2),
    ("\u{30000}", 2),
  ])
  func widthsFollowTheFile(text: String, columns: Int) {
    #expect(TerminalText.width(text) == columns)
  }
}
