import ChulbalCalendar
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// What `chulbal __complete` offers for a line being typed, against a database with two
/// appointments and two places.
@Suite struct CompletionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    /// The words after `chulbal`, the last the one being typed.
    let words: [String]
    let values: [String]
    var files = false
    var testDescription: String { words.joined(separator: " ") + "⇥" }
  }

  static let workspace: Workspace = {
    let workspace = Workspace()
    workspace.run(["add", "저녁 약속", "--at", "2026-12-01 19:00", "--travel", "30m"])
    workspace.run(["add", "치과", "--at", "2026-12-02 10:00", "--travel", "20m"])
    workspace.run(["place", "add", "집", "--coord", "37.5665,126.9780", "--default"])
    workspace.run(["place", "add", "강남역 2번 출구", "--coord", "37.4979,127.0276"])
    return workspace
  }()

  static let providers = ["kakao", "naver", "tmap", "google", "apple", "osm"]
  static let places = ["강남역 2번 출구", "집"]

  static let cases: [Case] = [
    // Commands and groups
    Case(words: ["pl"], values: ["plan", "place"]),
    Case(words: ["h"], values: ["help"]),
    Case(words: ["place", ""], values: ["add", "search", "list", "edit", "remove"]),
    Case(words: ["config", "u"], values: ["unset"]),
    Case(words: ["help", "pla"], values: ["plan", "place"]),
    Case(words: ["help", "place", "e"], values: ["edit"]),
    Case(words: ["help", "plan", ""], values: []),
    Case(words: ["plna", ""], values: []),
    Case(words: ["-"], values: ["--help", "--version", "--db"]),
    Case(words: ["--db", "x.db", "pl"], values: ["plan", "place"]),
    // Options, those given already left out
    Case(words: ["show", "1", "-"], values: ["--tz", "--now", "--db", "--json", "--help"]),
    Case(words: ["show", "1", "--json", "--"], values: ["--tz", "--now", "--db", "--help"]),
    Case(words: ["list", "--p"], values: ["--past"]),
    Case(words: ["completions", "bash", ""], values: ["--help"]),
    // Values
    Case(words: ["nav", "--provider", ""], values: providers),
    Case(words: ["nav", "--provider=n"], values: ["--provider=naver"]),
    Case(words: ["plan", "--mode", "w"], values: ["walk"]),
    Case(words: ["add", "x", "--mode", ""], values: ["car", "transit", "walk", "bike"]),
    Case(
      words: ["status", "--format", ""], values: ["text", "json", "waybar", "i3blocks", "tmux"]),
    Case(words: ["countdown", "--until", ""], values: ["depart", "start"]),
    Case(words: ["completions", ""], values: ["bash", "zsh", "fish"]),
    Case(words: ["config", "get", "notify.s"], values: ["notify.snooze"]),
    Case(words: ["config", "set", "mode", ""], values: []),
    Case(words: ["plan", "--tz", "Asia/Seo"], values: ["Asia/Seoul"]),
    Case(
      words: ["list", "--tz", "Etc/GMT-1"],
      values: [
        "Etc/GMT-1", "Etc/GMT-10", "Etc/GMT-11",
        "Etc/GMT-12", "Etc/GMT-13", "Etc/GMT-14",
      ]),
    Case(words: ["plan", "--at", ""], values: []),
    Case(words: ["--db", ""], values: [], files: true),
    Case(words: ["add", "x", "--db", "/tm"], values: [], files: true),
    // Appointments and places from the database
    Case(words: ["show", ""], values: ["1", "2"]),
    Case(words: ["show", "#"], values: ["#1", "#2"]),
    Case(words: ["show", "2"], values: ["2"]),
    Case(words: ["show", "저"], values: []),
    Case(words: ["remove", "1", ""], values: ["1", "2"]),
    Case(words: ["edit", "--at", "19:00", ""], values: ["1", "2"]),
    Case(words: ["nav", "--", ""], values: ["1", "2"]),
    Case(words: ["plan", "--from", ""], values: places),
    Case(words: ["plan", "--from", "집", "--to", "강"], values: ["강남역 2번 출구"]),
    Case(words: ["add", "x", "--coord", ""], values: places),
    Case(words: ["place", "remove", ""], values: places),
    Case(words: ["place", "edit", "집", "--rename", ""], values: []),
    // A path the shell has not expanded yet: '~/' is the home folder, as the command will see,
    // but not after a sign, where shells leave it to the command as a folder named '~'.
    Case(words: ["--db", "~/chulbal.db", "show", ""], values: ["1", "2"]),
    Case(words: ["show", "--db", "~/chulbal.db", ""], values: ["1", "2"]),
    Case(words: ["show", "--db=~/chulbal.db", ""], values: []),
    // Another database, named on the line, has none.
    Case(words: ["--db", "/nonexistent/chulbal.db", "show", ""], values: []),
    Case(words: ["show", "--db=/nonexistent/chulbal.db", ""], values: []),
  ]

  @Test(arguments: cases)
  func offers(_ test: Case) {
    let completion = Completer(environment: Self.workspace.environment()).complete(test.words)
    #expect(completion.candidates.map(\.value) == test.values)
    #expect(completion.files == test.files)
  }

  @Test func appointmentsComeWithTheirTitlesAndPlacesWithTheirCoordinates() {
    let completer = Completer(environment: Self.workspace.environment())
    #expect(
      completer.complete(["show", ""]).candidates == [.init("1", "저녁 약속"), .init("2", "치과")])
    #expect(
      completer.complete(["place", "edit", ""]).candidates == [
        .init("강남역 2번 출구", "37.4979,127.0276"), .init("집", "37.5665,126.978 (기본 출발지)"),
      ])
  }

  /// `sync` offers the CalDAV sources, `source remove` every source, each with its path or
  /// address.
  @Test func sourcesAreOfferedByNameWhereOneIsNamed() throws {
    let workspace = Workspace()
    workspace.run(["source", "add", calendarFixture("good/google.ics"), "--name", "work"])
    let key = "http://127.0.0.1:9/"
    _ = try Store.openOrCreate(path: workspace.database, expander: .libical).addServerSource(
      CalendarSource(
        name: "cloud", path: key, kind: .caldav, addedAt: Date(), user: "alice",
        passwordCommand: "true"),
      updates: [
        CalendarUpdate(
          calendar: SourceCalendar(url: key + "alice/work/"), replacesAll: true, stored: [],
          removed: [])
      ], batch: Store.CalendarBatch(source: key, appointments: [:]), now: Date())
    let completer = Completer(environment: workspace.environment())
    #expect(completer.complete(["sync", ""]).candidates == [.init("cloud", key)])
    #expect(
      completer.complete(["source", "remove", ""]).candidates.map(\.value) == ["cloud", "work"])
    #expect(completer.complete(["source", "remove", "w"]).candidates.map(\.value) == ["work"])
    // One name at most: after it come the options.
    #expect(!completer.complete(["sync", "cloud", ""]).candidates.map(\.value).contains("cloud"))
  }

  @Test func everyOptionOfEveryCommandIsOffered() {
    let completer = Completer(environment: Self.workspace.environment())
    for command in CLI.commands {
      let words = command.name.split(separator: " ").map(String.init) + ["--"]
      let offered = completer.complete(words).candidates.map(\.value)
      #expect(Set(offered) == Set(command.specs.map(\.name)), "\(command.name)")
    }
  }

  @Test func theHiddenEntriesAreNotOffered() {
    let offered = Completer(environment: Self.workspace.environment()).complete([""])
    #expect(!offered.candidates.contains { $0.value.hasPrefix("_") })
    #expect(offered.candidates.contains { $0.value == "completions" })
  }

  @Test func printedAsAKindLineThenOneCandidateALine() {
    let completion = Completion(candidates: [
      .init("1", "저녁 약속"), .init("2"), .init("bad\nvalue", "x"), .init("\u{202E}x", "y"),
      .init("3", "제목\u{1B}[2J"),
    ])
    #expect(completion.rendered == "words\n1\t저녁 약속\n2\n3\t제목\\x1B[2J\n")
    #expect(Completion.fileNames.rendered == "files\n")
  }

  @Test func theEntryAnswersThroughTheCommandLine() {
    let outcome = Self.workspace.run(["__complete", "show", ""])
    #expect(outcome.standardOutput == "words\n1\t저녁 약속\n2\t치과\n")
    #expect(outcome.exitCode == 0)
  }

  @Test func aDatabaseAnotherProgramHoldsLockedIsNotWaitedFor() throws {
    let workspace = Workspace()
    workspace.run(["add", "저녁 약속", "--at", "2026-12-01 19:00", "--travel", "30m"])
    // Held as `sqlite3` would hold it in a long transaction of its own: no reader gets in.
    let holder = try Database(path: workspace.database)
    try holder.execute(
      "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE appointment SET title = title")
    defer { try? holder.execute("ROLLBACK") }
    let clock = ContinuousClock()
    var completion = Completion()
    let elapsed = clock.measure {
      completion = Completer(environment: workspace.environment()).complete(["show", ""])
    }
    #expect(completion == Completion())
    #expect(elapsed < .seconds(1))
  }

  @Test func aGlanceMakesNoFileBesideTheDatabaseEvenWhileOpen() throws {
    let workspace = Workspace()
    workspace.run(["place", "add", "집", "--coord", "37.5665,126.9780"])
    let before = try FileManager.default.contentsOfDirectory(atPath: workspace.folder)
    let store = try #require(
      try Store.open(path: workspace.database, access: .glancing, expander: .libical))
    #expect(try store.places().map(\.name) == ["집"])
    // A shell listing the folder for `--db` meanwhile sees no -wal or -shm file.
    #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.folder) == before)
  }

  @Test(.timeLimit(.minutes(1)))
  func aZoneSummaryThatIsAFIFOOffersNoZonesWithoutWaitingForAWriter() {
    let workspace = Workspace()
    #expect(mkfifo(workspace.folder + "/tzdata.zi", 0o600) == 0)
    let environment = Environment.test(variables: ["TZDIR": workspace.folder])
    #expect(Completer(environment: environment).complete(["plan", "--tz", "A"]) == Completion())
  }

  @Test func aWordThatIsNotUTF8IsCompletedWithNothingAndNoError() {
    let outcome = CLI.run(
      [Array("__complete".utf8), Array("show".utf8), [0xFF, 0xFE]], environment: .test())
    #expect(outcome.standardOutput == "words\n")
    #expect(outcome.standardError.isEmpty)
    #expect(outcome.exitCode == 0)
  }
}
