import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// One generated hostile case: a command line, the world it runs in, and what it must keep.
struct HostileCase: Sendable, CustomTestStringConvertible {
  enum Expectation: Sendable, Equatable {
    /// Only the contract every run keeps.
    case contract
    /// A file chulbal must refuse: exit 1, one line, the folder exactly as it was.
    case refusedFile
    /// A reading command: the folder exactly as it was, whatever the exit status.
    case writesNothing
    /// Standard output closed or full: exit 1 (or 2 for bad input), in time.
    case unwritableStream
    /// The program ends with 128 + the signal, by its own exit or by dying of it.
    case endsOnSignal(Int32)
    /// User data in every output is escaped for the output's reader.
    case cleanOutput
    /// A file damaged where the command may not look: refused with exit 1, or else exactly
    /// the output of the same command on the undamaged file; the folder unchanged either way.
    case refusedOrAsIntact
    /// `__complete`: exit 0 in time, a kind line (`words` or `files`) first, nothing on
    /// standard error, the folder exactly as it was, whatever the line or the database.
    case completesQuietly
  }

  let family: String
  let arguments: [String]
  var fixture: HostileFixture = .standard
  /// Replaces the base environment's variables; a nil value removes one. `@DIR` in a value
  /// (or an argument) is the case's folder.
  var environment: [String: String?] = [:]
  var redirection: String?
  var signal: Int32?
  var expectation: Expectation = .contract
  /// Whether the command may rightly still be running at the limit (a countdown to 2099).
  var mayKeepRunning = false

  var testDescription: String {
    var parts = [family, arguments.map { $0.debugDescription }.joined(separator: " ")]
    if fixture != .standard { parts.append("[\(fixture)]") }
    if !environment.isEmpty {
      parts.append(
        environment.keys.sorted().map { "\($0)=\(String(describing: environment[$0]!))" }.joined(
          separator: " "))
    }
    if let redirection { parts.append(redirection) }
    if let signal { parts.append("signal \(signal)") }
    return parts.joined(separator: " ")
  }
}

/// The generated campaign: hostile strings in every option of every command, hostile
/// environments, broken database files, hostile stored text in every output format, closed and
/// full streams, and signals.
enum HostileCampaign {
  /// Texts no command should trip over; each is valid Unicode (a process argument cannot hold
  /// a NUL or invalid UTF-8, which the argument tests cover).
  static let values: [String] = [
    "", " ", "-", "--", "-x", "--at", "0", "-1", "+0", "+-1h", "99999999999999999999999",
    "1e309", "nan", "inf", "0x1F", "١٩:٠٠", "１９：００", "19:00\u{1B}[2J",
    "\u{1B}]0;PWNED\u{07}", "\u{1B}[31m빨강", "\u{9B}31m", "x\u{85}y", "\u{202E}gnp.exe",
    "\u{2066}숨김\u{2069}", "제목\u{200B}", "R&D <span size=\"xx-large\">회의</span>",
    "\"따옴표\" 'single' \\역슬래시", "%s%n%x", "$(touch pwned)", "#(touch pwned)#[fg=red]",
    "`id`", "; rm -rf x", String(repeating: "가", count: 3000),
    String(repeating: "a", count: 10000), "👩‍👩‍👧‍👦", "e\u{301}\u{301}\u{301}", "cafe\u{301}",
    "\r\n", "\t", "2200-12-31T23:59Z", "1899-12-31T23:59Z", "+14:59", "GMT+14:59", "UTC+9",
    "Mars/Olympus", "37.5,127", "91,0", "0,0", "-0,-0", "1e2,1e2", "37.5,,127",
    " 37.5 , 127 ", "NaN,NaN", "내일 오후 25시", "정오 7시", "7:30:15.5", "12345678901234m",
  ]

  /// A valid command line for each command, to which one hostile value is given.
  static let bases: [String: [String]] = [
    "plan": ["plan", "--at", "2099-06-01T19:00+09:00", "--travel", "35m"],
    "add": ["add", "약속", "--at", "2099-06-01T19:00+09:00", "--travel", "35m"],
    "list": ["list"], "next": ["next"], "show": ["show", "1"], "agenda": ["agenda"],
    "today": ["today"], "week": ["week"],
    "countdown": ["countdown", "--at", "+1s", "--plain"], "status": ["status"],
    "nav": ["nav", "1"], "edit": ["edit", "1"], "remove": ["remove", "2", "--yes"],
    "undo": ["undo"],
    "place add": ["place", "add", "학교", "--coord", "37.5,127"],
    // No place.search is set in the fixture: the line ends before any network.
    "place search": ["place", "search", "강남역"],
    "place list": ["place", "list"], "place remove": ["place", "remove", "집"],
    "place edit": ["place", "edit", "집", "--coord", "37.6,127.1"],
    "trip list": ["trip", "list"], "trip forget": ["trip", "forget", "1"],
    "trip check": ["trip", "check"],
    "config get": ["config", "get"], "config set": ["config", "set", "buffer", "10m"],
    "config unset": ["config", "unset", "buffer"],
    "watch": ["watch", "--once"], "notify": ["notify", "--test"], "log": ["log"],
    "doctor": ["doctor"], "completions": ["completions", "bash"],
    "import": ["import", calendarFixture, "--dry-run"],
    "export": ["export", "1"],
    "source add": ["source", "add", calendarFixture, "--name", "구글"],
    "source list": ["source", "list"], "source remove": ["source", "remove", "구글", "--yes"],
    "source edit": ["source", "edit", "구글", "--from", "집"],
    "sync": ["sync"],
  ]

  /// A calendar that imports: the ChulbalCalendar tests' Google-style export.
  static let calendarFixture =
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "ChulbalCalendarTests/Fixtures/good/google.ics"
    ).path

  /// Every command's name and options, straight from the commands.
  static let commands: [(name: String, options: [OptionSpec])] = CLI.commands.map {
    ($0.name, $0.options)
  }

  /// Commands that run until an appointment unless stopped.
  static func mayKeepRunning(_ arguments: [String]) -> Bool {
    arguments.first == "countdown" || arguments.contains("--follow")
  }

  /// `arguments` with `option`'s value replaced by `value`, or the option added; every other
  /// time as one word `--option=value`.
  static func giving(_ arguments: [String], _ option: String, _ value: String, joined: Bool)
    -> [String]
  {
    var words = arguments
    if let index = words.firstIndex(of: option), index + 1 < words.count {
      words.removeSubrange(index...(index + 1))
    }
    return words + (joined ? ["\(option)=\(value)"] : [option, value])
  }

  // MARK: Families

  /// Hostile values in every value-taking option of every command (`--db` is the database
  /// family's), a flag alone on each command, and hostile positional words.
  static let optionCases: [HostileCase] = {
    var random = SeededRandom(seed: 9)
    var cases: [HostileCase] = []
    let always = ["\u{1B}]0;PWNED\u{07}", "\u{202E}gnp.exe", "\u{9B}31m"]
    for (name, options) in commands {
      guard let base = bases[name] else { continue }
      for option in options where option.name != "--db" {
        if option.takesValue {
          var picked = always
          while picked.count < 7 {
            let value = values[Int.random(in: 0..<values.count, using: &random)]
            if !picked.contains(value) { picked.append(value) }
          }
          for (index, value) in picked.enumerated() {
            let line = giving(base, option.name, value, joined: index % 2 == 1)
            cases.append(
              HostileCase(
                family: "option", arguments: line, mayKeepRunning: mayKeepRunning(line)))
          }
        } else {
          let line = base + [option.name]
          cases.append(
            HostileCase(family: "flag", arguments: line, mayKeepRunning: mayKeepRunning(line)))
        }
      }
    }
    let positional: [(sample: Int, line: (String) -> [String])] = [
      (values.count, { ["add", $0, "--at", "2099-06-01T19:00+09:00", "--travel", "35m"] }),
      (8, { ["show", $0] }), (8, { ["edit", $0, "--travel", "5m"] }),
      (8, { ["remove", $0, "--yes"] }), (8, { ["nav", $0] }),
      (8, { ["place", "add", $0, "--coord", "37.5,127"] }), (8, { ["place", "remove", $0] }),
      (8, { ["place", "edit", $0, "--default"] }),
      (8, { ["trip", "forget", $0] }), (8, { ["undo", $0] }),
      (8, { ["config", "get", $0] }), (8, { ["config", "set", "buffer", $0] }),
      (8, { ["config", "set", $0, "10m"] }), (4, { ["countdown", $0, "--plain"] }),
      (8, { [$0] }), (4, { ["help", $0] }), (8, { ["import", $0] }), (8, { ["export", $0] }),
      (8, { ["source", "add", $0] }),
      (8, { ["source", "remove", $0, "--yes"] }),
    ]
    for (sample, line) in positional {
      var order = values
      order.shuffle(using: &random)
      for value in (always + order.filter { !always.contains($0) }).prefix(sample) {
        cases.append(
          HostileCase(
            family: "positional", arguments: line(value),
            mayKeepRunning: mayKeepRunning(line(value))))
      }
    }
    return cases
  }()

  /// Hostile `TZ`, `CHULBAL_DB`, `XDG_DATA_HOME`, `HOME`, `TERM` and locale values.
  static let environmentCases: [HostileCase] = {
    var cases: [HostileCase] = []
    let zones = [
      "UTC+9", ":/etc/localtime", "/usr/share/zoneinfo/America/New_York",
      "EST5EDT,M3.2.0,M11.1.0", "<+09>-9", "Mars/Olympus", "", " ", "../../etc/passwd",
      "\u{1B}]0;PWNED\u{07}", String(repeating: "A", count: 5000), "Asia/Seoul\u{202E}",
      "GMT+14:59",
    ]
    let zoneLines = [
      bases["plan"]!, ["plan", "--at", "19:00", "--travel", "5m"], ["list"], ["next"],
      ["status"], bases["add"]!,
    ]
    for zone in zones {
      for line in zoneLines {
        cases.append(HostileCase(family: "TZ", arguments: line, environment: ["TZ": zone]))
      }
    }
    let databases = [
      "", " ", "a", "-", "z", "@DIR/\u{1B}]0;PWNED\u{07}/x.db", "@DIR/", "@DIR/deep/er/x.db",
      "@DIR/" + String(repeating: "a", count: 300) + ".db", "@DIR/\u{202E}bd.x",
      "@DIR/\u{9B}31m.db", "/proc/chulbal-no-such/x.db",
    ]
    for path in databases {
      for line in [["list"], ["next"], bases["add"]!, ["config", "set", "buffer", "5m"]] {
        cases.append(
          HostileCase(
            family: "CHULBAL_DB", arguments: line, fixture: .empty,
            environment: ["CHULBAL_DB": path]))
      }
      if !path.isEmpty {
        cases.append(
          HostileCase(
            family: "--db", arguments: ["--db", path, "list"], fixture: .empty,
            environment: ["CHULBAL_DB": nil]))
        cases.append(
          HostileCase(
            family: "--db", arguments: bases["add"]! + ["--db", path], fixture: .empty,
            environment: ["CHULBAL_DB": nil]))
      }
    }
    for home in ["", "relative", "@DIR/\u{1B}[31m", "@DIR/x\u{9B}y", "/proc/chulbal-no-such"] {
      for line in [["list"], bases["add"]!] {
        cases.append(
          HostileCase(
            family: "XDG_DATA_HOME", arguments: line, fixture: .empty,
            environment: ["CHULBAL_DB": nil, "XDG_DATA_HOME": home, "HOME": "@DIR"]))
      }
    }
    cases.append(
      HostileCase(
        family: "HOME", arguments: ["list"], fixture: .empty,
        environment: ["CHULBAL_DB": nil, "XDG_DATA_HOME": nil, "HOME": nil]))
    for term in ["dumb", "", "\u{1B}]0;x\u{07}", "xterm-256color"] {
      for line in [["status"], ["list"], ["countdown", "--at", "+1s"]] {
        cases.append(HostileCase(family: "TERM", arguments: line, environment: ["TERM": term]))
      }
    }
    for locale in ["C", "POSIX", "ko_KR.UTF-8", "xx_YY.bogus"] {
      for line in [["list"], bases["plan"]!] {
        cases.append(
          HostileCase(
            family: "locale", arguments: line, environment: ["LANG": locale, "LC_ALL": locale]))
      }
    }
    return cases
  }()

  static let readingLines: [[String]] = [
    ["list"], ["list", "--json"], ["next"], ["show", "1"], ["status"],
    ["status", "--format", "waybar"], ["config", "get"], ["place", "list"], ["nav", "1", "--all"],
  ]
  static let writingLines: [[String]] = [
    bases["add"]!, ["edit", "1", "--travel", "5m"], ["remove", "2", "--yes"],
    ["config", "set", "buffer", "5m"], ["place", "add", "학교", "--coord", "37.5,127"],
    ["place", "remove", "집"],
  ]
  /// The lines that read appointment #1.
  static let rowReaders: Set<[String]> = [
    ["list"], ["list", "--json"], ["show", "1"], ["edit", "1", "--travel", "5m"],
    ["nav", "1", "--all"],
  ]
  static let settingsReaders: Set<[String]> = [["config", "get"], bases["add"]!]

  /// Every broken database with every reading and writing command.
  static let databaseCases: [HostileCase] = DatabaseMutation.allCases.flatMap { mutation in
    (readingLines + writingLines).map { line in
      let expectation: HostileCase.Expectation
      switch mutation.expected {
      case .refusedByEveryCommand: expectation = .refusedFile
      case .refusedByWritersAndByReadersThatSeeIt:
        expectation = writingLines.contains(line) ? .refusedFile : .refusedOrAsIntact
      case .refusedWhenRowIsRead:
        // A start at the 64-bit minimum is long past: `list` asks SQLite for upcoming rows
        // only, so it never reads that one.
        let reads =
          rowReaders.contains(line) && !(mutation == .startAtInt64Min && line[0] == "list")
        expectation = reads ? .refusedFile : .contract
      case .refusedWhenSettingsAreRead:
        expectation = settingsReaders.contains(line) ? .refusedFile : .contract
      case .untouchedByReaders:
        expectation = readingLines.contains(line) ? .writesNothing : .contract
      }
      return HostileCase(
        family: "database", arguments: line, fixture: .mutated(mutation), expectation: expectation)
    }
  }

  /// Stored text that would restyle, retitle, reorder or break each output's reader.
  static let storedTexts: [String] = [
    "\u{1B}]0;PWNED\u{07}제목", "\u{1B}[2J지움", "\u{9B}31m빨강", "x\u{85}y\u{9D}z",
    "\u{202E}gnp.exe", "a\u{2067}b\u{2069}c\u{200F}", "R&D <span size=\"xx-large\">회의</span>",
    "<b>굵게</b> &amp; &", "#(touch pwned)#[fg=red]#{pane_id}", "\"따옴표\" \\ '홑'",
    "줄\n바꿈\r\t탭", "%s%n", String(repeating: "긴 제목 ", count: 400),
  ]
  static let outputLines: [[String]] = [
    ["list"], ["list", "--all"], ["list", "--json"], ["show", "1"], ["show", "1", "--json"],
    ["next"], ["next", "--json"], ["status"], ["status", "--format", "json"],
    ["status", "--format", "waybar"], ["status", "--format", "tmux"],
    ["status", "--format", "i3blocks"], ["place", "list"], ["place", "list", "--json"],
    ["nav", "1"], ["nav", "1", "--all"], ["nav", "1", "--all", "--json"], ["config", "get"],
  ]

  static let outputCases: [HostileCase] = storedTexts.flatMap { text in
    outputLines.map {
      HostileCase(
        family: "output", arguments: $0, fixture: .content(text), expectation: .cleanOutput)
    }
  }

  /// Closed and full standard output and error, for commands that print.
  static let streamCases: [HostileCase] = {
    let lines: [[String]] = [
      ["--version"], ["--help"], ["help", "add"], ["list"], ["list", "--json"], ["next"],
      ["show", "1"], ["status"], ["status", "--format", "waybar"], bases["plan"]!, bases["add"]!,
      ["place", "list"], ["config", "get"], ["nav", "1", "--all"], ["countdown", "1", "--plain"],
      ["status", "--follow"], ["list", "--colour"],
    ]
    let redirections = [">&-", "2>&-", ">/dev/full", "2>/dev/full", ">&- 2>&-", ">/dev/full 2>&-"]
    return lines.flatMap { line in
      redirections.map { redirection in
        // With only standard error unwritable, a countdown rightly goes on counting.
        let outputBroken = redirection.hasPrefix(">")
        return HostileCase(
          family: "stream", arguments: line, redirection: redirection,
          expectation: outputBroken ? .unwritableStream : .contract,
          mayKeepRunning: !outputBroken && mayKeepRunning(line))
      }
    }
  }()

  /// The signals a long-running command is documented to end on.
  static let signalCases: [HostileCase] = [["status", "--follow"], ["countdown", "1", "--plain"]]
    .flatMap { line in
      [SIGINT, SIGTERM, SIGHUP, SIGQUIT].map {
        HostileCase(family: "signal", arguments: line, signal: $0, expectation: .endsOnSignal($0))
      }
    }

  /// Completion of hostile words, over every broken database and every hostile stored text:
  /// what a shell runs on every Tab must never print an error into the line or touch a file.
  static let completionCases: [HostileCase] = {
    let lines: [[String]] = [
      ["__complete", "show", ""], ["__complete", "place", "remove", ""],
      ["__complete", "plan", "--from", ""], ["__complete", "nav", "--", ""],
    ]
    var cases: [HostileCase] = []
    for mutation in DatabaseMutation.allCases {
      for line in lines.prefix(2) {
        cases.append(
          HostileCase(
            family: "complete", arguments: line, fixture: .mutated(mutation),
            expectation: .completesQuietly))
      }
    }
    for text in storedTexts {
      for line in lines {
        cases.append(
          HostileCase(
            family: "complete", arguments: line, fixture: .content(text),
            expectation: .completesQuietly))
      }
    }
    let typed: [(String) -> [String]] = [
      { ["__complete", $0] }, { ["__complete", "show", $0] },
      { ["__complete", "plan", "--tz", $0] },
      { ["__complete", "nav", "--provider=" + $0] }, { ["__complete", $0, ""] },
      { ["__complete", "--db", $0, "show", ""] }, { ["__complete", "place", "edit", $0, ""] },
    ]
    for value in values {
      for line in typed {
        cases.append(
          HostileCase(family: "complete", arguments: line(value), expectation: .completesQuietly))
      }
    }
    for path in ["@DIR", "/dev/null", "/proc/self/mem", "@DIR/nowhere/x.db"] {
      cases.append(
        HostileCase(
          family: "complete", arguments: ["__complete", "show", ""],
          environment: ["CHULBAL_DB": path], expectation: .completesQuietly))
    }
    return cases
  }()

  static var all: [HostileCase] {
    optionCases + environmentCases + databaseCases + outputCases + streamCases + signalCases
      + completionCases
  }
}
