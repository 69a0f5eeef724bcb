import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// What reaches a terminal, a status bar or a JSON reader from text a person, a calendar or
/// another program put in the database.
@Suite struct HostileOutputTests {
  /// A C1 CSI (U+009B) and a right-to-left override (U+202E), which a person reading a
  /// terminal must never receive raw.
  static let title = "회의\u{9B}31m \u{202E}txt.exe"
  static let place = "강남\u{2066}역\u{2069}\u{200F}"

  /// A workspace whose database holds what no command line could type: one appointment and
  /// one saved place with control and bidi characters.
  static func seeded() throws -> Workspace {
    let workspace = Workspace()
    let store = try Store.openOrCreate(path: workspace.database, expander: .libical)
    _ = try store.insert(
      Appointment(
        title: title, start: instant("2026-11-30T19:00:00+09:00"), timeZone: "Asia/Seoul",
        place: place, mode: .transit, travelSeconds: 2100, bufferSeconds: 600,
        alertLeads: [10], note: "메모\u{202D}"),
      createdAt: mondayAfternoon)
    _ = try store.addPlace(
      SavedPlace(name: "집\u{9B}\u{202E}", coordinate: Coordinate(latitude: 37.5, longitude: 127)),
      now: mondayAfternoon)
    return workspace
  }

  /// C0 but the newline, DEL, C1 and the bidi controls: the campaign's own list, not the
  /// product's rule, so a character the rule forgot is caught.
  static func isRaw(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || HostileCheck.isForbidden(scalar)
  }

  @Test(arguments: [
    ["list", "--json"], ["list", "--all", "--json"], ["show", "1", "--json"], ["next", "--json"],
    ["status", "--format", "json"], ["status", "--format", "waybar"], ["place", "list", "--json"],
  ])
  func jsonEscapesC1AndBidiCharactersAsUnicodeEscapes(_ arguments: [String]) throws {
    let workspace = try Self.seeded()
    let output = workspace.run(arguments).standardOutput
    let raw = output.unicodeScalars.filter(Self.isRaw)
    #expect(raw.isEmpty, "\(raw.map { String($0.value, radix: 16) })")
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
    // The data survives: a JSON reader gets the exact text back (status's text fields are
    // display text, shown escaped; its `json` title is data).
    if arguments[0] == "place" {
      let places = try #require(object as? [[String: Any]])
      #expect(places.first?["name"] as? String == "집\u{9B}\u{202E}")
    } else if arguments != ["status", "--format", "waybar"] {
      #expect(output.contains("\\u009b31m \\u202etxt.exe"), "\(output)")
    }
  }

  @Test func jsonStringsEscapeEveryControlAndBidiCharacter() {
    let text =
      "\u{0}\u{1F}\u{7F}\u{80}\u{9B}\u{9F}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}\u{61C}"
    let expected =
      "\"\\u0000\\u001f\\u007f\\u0080\\u009b\\u009f\\u200e\\u200f\\u202a\\u202e\\u2066\\u2069"
      + "\\u061c\""
    #expect(JSONValue.string(text).compact() == expected)
    // Characters that only look unusual stay as they are.
    #expect(JSONValue.string("\u{A0}é한\u{200B}").compact() == "\"\u{A0}é한\u{200B}\"")
  }

  @Test(arguments: [
    ["list"], ["list", "--all"], ["show", "1"], ["next"], ["status"],
    ["status", "--format", "tmux"], ["status", "--format", "i3blocks"], ["place", "list"],
  ])
  func textOutputShowsBidiCharactersEscaped(_ arguments: [String]) throws {
    let workspace = try Self.seeded()
    let output = workspace.run(arguments).standardOutput
    let raw = output.unicodeScalars.filter(Self.isRaw)
    #expect(raw.isEmpty, "\(raw.map { String($0.value, radix: 16) })")
    let shown = arguments[0] == "place" ? "집\\x9B\\u{202E}" : "\\u{202E}txt.exe"
    #expect(output.contains(shown), "\(output)")
  }

  @Test func messagesShowBidiCharactersEscaped() throws {
    let workspace = try Self.seeded()
    let outcome = workspace.run(["show", "\u{202E}exe.txt"])
    #expect(outcome.exitCode == 2)
    #expect(
      outcome.standardError
        == "chulbal: 약속 '\\u{202E}exe.txt'가 없습니다 (목록: chulbal list --all)\n")
  }

  // MARK: Status bars

  /// The next appointment titled with markup and format syntax, 12:34 before departure.
  static func markupWorkspace() -> Workspace {
    let workspace = Workspace()
    workspace.run([
      "add", "R&D <span size=\"xx-large\">회의</span> #[fg=red]#(reboot) 'x'", "--at",
      "2026-11-30T19:00+09:00", "--travel", "35m", "--place", "<b>강남</b>",
    ])
    return workspace
  }

  static let now = ["--now", "2026-11-30T18:02:26+09:00"]

  @Test func waybarTextAndTooltipAreEscapedForPangoMarkup() throws {
    let waybar = Self.markupWorkspace().run(["status", "--format", "waybar"] + Self.now)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(waybar.standardOutput.utf8)) as? [String: Any])
    #expect(
      object["text"] as? String
        == "출발까지 12:34 · R&amp;D &lt;span size=&quot;xx-large&quot;&gt;회의&lt;/span&gt; "
        + "#[fg=red]#(reboot) &#39;x&#39;")
    let tooltip = try #require(object["tooltip"] as? String)
    #expect(tooltip.hasPrefix("R&amp;D &lt;span size=&quot;xx-large&quot;&gt;회의"), "\(tooltip)")
    #expect(tooltip.contains("\n&lt;b&gt;강남&lt;/b&gt;\n"), "\(tooltip)")
    #expect(!tooltip.contains("<") && !tooltip.contains(">"))
  }

  @Test func tmuxDoublesEveryHashSoNoTitleStartsAFormatOrACommand() {
    let tmux = Self.markupWorkspace().run(["status", "--format", "tmux"] + Self.now)
    #expect(
      tmux.standardOutput
        == "#[fg=#dc51ab,bg=#1e1b2e]출발까지 12:34 · R&D <span size=\"xx-large\">회의</span> "
        + "##[fg=red]##(reboot) 'x'#[default]\n")
  }

  @Test func i3blocksGetsPlainTextLinesAndOurConfigurationNeverTurnsOnPangoMarkup() throws {
    let i3blocks = Self.markupWorkspace().run(["status", "--format", "i3blocks"] + Self.now)
    let title = "R&D <span size=\"xx-large\">회의</span> #[fg=red]#(reboot) 'x'"
    #expect(
      i3blocks.standardOutput == "출발까지 12:34 · \(title)\n출발까지 12:34\n#DC51AB\n")
    // i3blocks reads full_text as markup only with `markup=pango`; the example does not ask.
    let configuration = try String(
      contentsOfFile: Self.repository + "/contrib/statusbar/i3blocks.conf", encoding: .utf8)
    #expect(!configuration.contains("markup"))
  }

  @Test(arguments: [("text", 1), ("tmux", 1), ("i3blocks", 3), ("waybar", 1), ("json", 1)])
  func aNewlineInAStoredTitleNeverAddsALineToABar(format: String, lines: Int) throws {
    // i3blocks would read a second line as short_text, waybar as a second document.
    let workspace = Workspace()
    _ = try Store.openOrCreate(path: workspace.database, expander: .libical).insert(
      Appointment(
        title: "첫 줄\n#[fg=red]둘째 줄\r", start: instant("2026-11-30T19:00:00+09:00"),
        timeZone: "Asia/Seoul", mode: .transit, travelSeconds: 2100, bufferSeconds: 600,
        alertLeads: []),
      createdAt: mondayAfternoon)
    let output = workspace.run(["status", "--format", format]).standardOutput
    #expect(output.split(separator: "\n", omittingEmptySubsequences: false).count == lines + 1)
    #expect(!output.contains("\r"))
  }

  @Test func theWaybarExampleLeavesEscapingToChulbal() throws {
    // With "escape": true waybar escapes the text again, and 'R&D' would show as 'R&amp;D'.
    let configuration = try String(
      contentsOfFile: Self.repository + "/contrib/statusbar/waybar.jsonc", encoding: .utf8)
    #expect(!configuration.contains("\"escape\": true"))
  }

  /// The repository's root, found from this file's path.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  // MARK: Typed titles and place names

  @Test(arguments: [
    (["add", "회의\u{9B}31m", "--at", "19:00", "--travel", "5m"], "제목: 잘못된 제목 '회의\\x9B31m'"),
    (["add", "회의\u{1B}[2J", "--at", "19:00", "--travel", "5m"], "제목: 잘못된 제목 '회의\\x1B[2J'"),
    (["add", "줄\n바꿈", "--at", "19:00", "--travel", "5m"], "제목: 잘못된 제목 '줄\\x0A바꿈'"),
    (["place", "add", "집\u{85}", "--coord", "37.5,127"], "이름: 잘못된 장소 이름 '집\\x85'"),
    (["place", "add", "집\u{9B}", "--coord", "37.5,127"], "이름: 잘못된 장소 이름 '집\\x9B'"),
  ])
  func controlCharactersC0AndC1AreRefusedInTitlesAndPlaceNames(
    _ arguments: [String], message: String
  ) throws {
    let workspace = Workspace()
    let outcome = workspace.run(arguments)
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardError == "chulbal: \(message): 제어 문자는 쓸 수 없습니다\n")
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
  }

  @Test func editRefusesAC1TitleAndKeepsTheOldOne() {
    let workspace = Workspace()
    workspace.run(["add", "회의", "--at", "19:00", "--travel", "5m"])
    let edit = workspace.run(["edit", "1", "--title", "회의\u{9B}"])
    #expect(edit.exitCode == 2)
    #expect(workspace.run(["show", "1"]).standardOutput.contains("#1 회의\n"))
  }

  @Test func aTrailingZeroWidthSpaceStaysInTheTitle() throws {
    let workspace = Workspace()
    workspace.run(["add", "회의\u{200B}", "--at", "19:00", "--travel", "5m"])
    workspace.run(["add", "\u{200B}", "--at", "20:00", "--travel", "5m"])
    let store = try #require(
      try Store.open(path: workspace.database, create: false, expander: .libical))
    #expect(try store.all().map(\.title) == ["회의\u{200B}", "\u{200B}"])
  }
}
