import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// The manual page `chulbal __manpage` prints, checked by the two roff implementations man
/// pages meet: groff (man-db's `man`) and mandoc.
@Suite(.tags(.process)) struct ManPageProcessTests {
  /// The page written by the built binary into a temporary folder.
  static let page: (folder: TemporaryFolder, file: String) = {
    let folder = TemporaryFolder(prefix: "chulbal-man")
    let file = folder.path + "/chulbal.1"
    let text = (try? ChulbalProcess.run(["__manpage"]).standardOutput) ?? ""
    FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
    return (folder, file)
  }()

  /// Runs a program on the page; its status, and what it wrote to standard output and error.
  static func run(_ arguments: [String]) throws -> (status: Int32?, output: String, error: String) {
    let output = page.folder.path + "/\(UUID().uuidString).out"
    let error = page.folder.path + "/\(UUID().uuidString).err"
    let child = try ChildProcess(
      arguments, environment: ProcessInfo.processInfo.environment, standardOutput: output,
      standardError: error)
    let status = child.wait(timeout: hangGuard)
    return (
      status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
      (try? String(contentsOfFile: error, encoding: .utf8)) ?? ""
    )
  }

  // The page is UTF-8, as its first line tells preconv (-k); the default device, PostScript,
  // has no Hangul, so it is checked on the device `man` uses in a UTF-8 terminal.
  /// Not justified: stretched to the margin, Korean lines read as gaps between words. Only
  /// roff's wider space after a sentence's end may be wider than one.
  @Test func descriptionLinesKeepTheirSpaces() throws {
    let result = try Self.run(["groff", "-k", "-Tutf8", "-mandoc", "-P-cbou", Self.page.file])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    let description = lines.drop { $0 != "DESCRIPTION" }.dropFirst()
      .prefix { $0.isEmpty || $0.first == " " }
    #expect(description.count > 3)
    let stretched = description.filter { line in
      line.drop { $0 == " " }.replacingOccurrences(of: ".  ", with: ". ").contains("  ")
    }
    #expect(stretched.isEmpty, "\(stretched)")
  }

  @Test func groffReadsItWithoutAWarning() throws {
    let result = try Self.run(["groff", "-k", "-Tutf8", "-ww", "-mandoc", "-z", Self.page.file])
    #expect(result.status == 0)
    #expect(result.error.isEmpty, "\(result.error)")
  }

  // Style notes are left out: mandoc measures a line in bytes of its escapes (8 a syllable),
  // so every line of Korean longer than ten syllables is one.
  @Test func mandocLintsItWithoutAWarning() throws {
    let result = try Self.run(["mandoc", "-T", "lint", "-W", "warning", Self.page.file])
    #expect(result.status == 0)
    #expect(result.output.isEmpty && result.error.isEmpty, "\(result.output)\(result.error)")
  }

  @Test func everyCommandAndEveryOptionIsDescribed() throws {
    let result = try Self.run(["mandoc", "-T", "utf8", "-O", "width=200", Self.page.file])
    // Bold and underlined text is drawn by overstriking: a character, a backspace, another.
    let text = result.output.replacingOccurrences(
      of: ".\u{8}", with: "", options: .regularExpression)
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    // An entry is a line of its own, or starts one when its text fits beside it.
    func hasEntry(_ entry: String) -> Bool {
      lines.contains { $0 == entry || $0.hasPrefix(entry + " ") }
    }
    for command in CLI.commands {
      #expect(hasEntry(command.name), "\(command.name)")
      for spec in command.options {
        let entry =
          (spec.short.map { "\($0), " } ?? "") + spec.name + (spec.value.map { " \($0)" } ?? "")
        #expect(hasEntry(entry), "\(command.name) \(entry)")
      }
    }
    for section in ["NAME", "SYNOPSIS", "COMMANDS", "TIME FORMAT", "FILES", "ENVIRONMENT"]
      + ["EXIT STATUS", "EXAMPLES"]
    {
      #expect(hasEntry(section), "\(section)")
    }
    for word in ["chulbal.db.lock", "chulbal-watch.service", "CHULBAL_DB", "TZ", "NO_COLOR"]
      + ["XDG_DATA_HOME, HOME", "내일", "1h20m"]
    {
      #expect(text.contains(word), "\(word)")
    }
  }
}
