import Foundation
import Testing

/// Hostile calendars and hostile notify commands through the built binary, each case in a
/// fresh folder (issue 34, round 3). An import keeps the contract every run keeps, ends in
/// time, leaves out only the event it cannot keep, and leaves a store every later command
/// reads; a notify command that floods or hangs is stopped in time with its whole group.
@Suite struct HostileCalendarTests {
  @Test(arguments: HostileCalendarCampaign.zoneCases)
  func hostileTimeZoneDefinitions(_ example: HostileCalendarCase) async throws {
    try await HostileCalendarCheck.run(example)
  }

  @Test(arguments: HostileCalendarCampaign.propertyCases)
  func eventsWithVeryManyProperties(_ example: HostileCalendarCase) async throws {
    try await HostileCalendarCheck.run(example)
  }

  @Test(arguments: HostileCalendarCampaign.rangeCases)
  func eventsOutsideTheYearsKept(_ example: HostileCalendarCase) async throws {
    try await HostileCalendarCheck.run(example)
  }

  @Test(arguments: HostileNotifierCase.all)
  func floodingAndHangingNotifyCommands(_ example: HostileNotifierCase) async throws {
    try await HostileNotifierCase.check(example)
  }

  /// A thousand unnamed VTIMEZONEs, each used, are read in time: zones of the same rules are
  /// compared with the IANA zones once, and at most 50 a calendar.
  @Test func manyUnnamedTimeZonesAreReadInTime() async throws {
    try await HostileCalendarCheck.run(
      HostileCalendarCase(
        family: "zone", name: "1,000 unnamed zones, each used",
        components: {
          (0..<1000).map { index in
            HostileCalendarCampaign.zone(
              "Z\(index)", [("STANDARD", "+0330", "DTSTART:19700101T000000\r\n")])
          }.joined()
            + (0..<1000).map { index in
              HostileCalendarCampaign.event(
                uid: "hostile-\(index)", start: "DTSTART;TZID=Z\(index):20990105T190000")
            }.joined()
        }, expectation: .read), limit: .seconds(4))
  }

  /// Properties with an empty value are no values: never given to libical, which removed each
  /// by searching the event's list (quadratic), and the event is read.
  @Test func manyEmptyPropertiesAreReadInTime() async throws {
    try await HostileCalendarCheck.run(
      HostileCalendarCase(
        family: "properties", name: "30,000 empty properties",
        components: {
          HostileCalendarCampaign.event(
            uid: "hostile", start: "DTSTART:20990105T100000Z",
            HostileCalendarCampaign.lines(30_000) { _ in "X-P:" })
        }, expectation: .read), limit: .seconds(4))
  }

  /// Thousands of time values libical cannot read are left out by the scan, the event named
  /// unreadable, without libical removing each (quadratic).
  @Test func manyUnreadableTimeValuesAreReadInTime() async throws {
    try await HostileCalendarCheck.run(
      HostileCalendarCase(
        family: "properties", name: "9,000 unreadable EXDATEs",
        components: {
          HostileCalendarCampaign.event(
            uid: "hostile", start: "DTSTART:20990105T100000Z",
            "RRULE:FREQ=DAILY\r\n" + HostileCalendarCampaign.lines(9_000) { _ in "EXDATE:x" })
        }, expectation: .leftOut("EXDATE를 읽을 수 없습니다")), limit: .seconds(4))
  }
}

/// What an import of a hostile calendar must keep.
enum HostileCalendarCheck {
  static func run(_ example: HostileCalendarCase, limit: Duration = .seconds(10)) async throws {
    let folder = TemporaryCaseFolder()
    let file = folder.path + "/calendar.ics"
    try Data(example.calendar.utf8).write(to: URL(fileURLWithPath: file))
    let environment = HostileCheck.environment(
      HostileCase(family: example.family, arguments: []), folder: folder)
    func run(_ arguments: [String], limit: Duration = .seconds(10)) async throws
      -> HostileRun.Result
    {
      try await HostileRun(
        arguments: arguments, environment: environment, folder: folder.path, limit: limit
      ).run()
    }
    let before = folder.snapshot()
    let line = ["import", file, "--json"]
    let result = try await run(line, limit: limit)
    var problems = HostileCheck.check(
      HostileCase(family: example.family, arguments: line), result,
      unchanged: folder.snapshot() == before)
    if result.timedOut { problems.append("import still running at \(limit)") }
    if problems.isEmpty && result.status != 0 {
      problems.append("a calendar file with one hostile event refused whole")
    }
    if problems.isEmpty {
      problems += judge(example, import: result)
      problems += try await later(example, run)
    }
    #expect(
      problems.isEmpty, "\(problems.joined(separator: "; "))\n\(HostileCheck.describe(result))")
  }

  /// The import's own report: what it left out and why.
  static func judge(_ example: HostileCalendarCase, import result: HostileRun.Result) -> [String] {
    guard
      let report = try? JSONSerialization.jsonObject(with: result.standardOutput)
        as? [String: Any],
      let unreadable = report["unreadable"] as? [[String: Any]]
    else { return ["import --json did not print its report"] }
    let reasons = unreadable.compactMap { $0["reason"] as? String }
    switch example.expectation {
    case .read:
      if !reasons.isEmpty { return ["an event left out: \(reasons.prefix(3))"] }
    case .leftOut(let text):
      if !reasons.contains(where: { $0.contains(text) }) {
        return ["the hostile event not left out for '\(text)': \(reasons.prefix(3))"]
      }
    case .readOrLeftOut: break
    }
    return []
  }

  /// The store after the import: every reading command reads it (none calls it damaged), the
  /// sibling is there, a left-out event is not, and nothing written is dated outside the
  /// years 1900–2200 (the store's own range reaches 14 hours past either end).
  static func later(
    _ example: HostileCalendarCase,
    _ run: ([String], Duration) async throws -> HostileRun.Result
  ) async throws -> [String] {
    var problems: [String] = []
    var listed = ""
    for line in [["list", "--all"], ["agenda", "--days", "3"], ["next"], ["export"]] {
      let result = try await run(line, .seconds(10))
      let problemsOfLine = HostileCheck.check(
        HostileCase(family: example.family, arguments: line), result, unchanged: true)
      if result.status != 0 || !problemsOfLine.isEmpty {
        problems.append(
          "\(line.joined(separator: " ")) after the import: \(problemsOfLine) "
            + HostileCheck.describe(result))
        continue
      }
      let output = String(decoding: result.standardOutput, as: UTF8.self)
      if line == ["list", "--all"] { listed = output }
      if line == ["export"] {
        for match in output.matches(
          of: /\n(?:DTSTART|DTEND|EXDATE|RDATE|RECURRENCE-ID)[^:\n]*:(\d{4})/)
        {
          if let year = Int(match.1), !(1899...2201).contains(year) {
            problems.append("export wrote a date in \(year)")
          }
        }
      }
    }
    if problems.isEmpty {
      if !listed.contains("sibling") { problems.append("the plain event beside it not imported") }
      if case .leftOut = example.expectation, listed.contains("hostile") {
        problems.append("an event named unreadable was kept")
      }
    }
    return problems
  }
}

/// A notify command that floods its outputs, hangs, or leaves children: `notify --test` ends
/// with exit 1 and one line within its 5 seconds (and a little), and the command's process
/// group is gone.
struct HostileNotifierCase: Sendable, CustomTestStringConvertible {
  let name: String
  /// The shell text the command runs after writing its process id to `@DIR/pid`.
  let script: String

  var testDescription: String { name }

  static let all: [HostileNotifierCase] = [
    HostileNotifierCase(name: "floods standard output with lines", script: "exec yes"),
    HostileNotifierCase(name: "floods standard output with NULs", script: "exec cat /dev/zero"),
    HostileNotifierCase(name: "floods standard error", script: "exec yes >&2"),
    HostileNotifierCase(name: "hangs", script: "exec sleep 60"),
    HostileNotifierCase(
      name: "ignores TERM and hangs in a child", script: "trap '' TERM HUP INT; sleep 60; sleep 60"),
    HostileNotifierCase(
      name: "leaves children holding its outputs", script: "sleep 60 & sleep 60 & wait"),
    HostileNotifierCase(
      name: "closes its outputs and hangs", script: "exec >&- 2>&-; exec sleep 60"),
    HostileNotifierCase(name: "stops itself", script: "kill -STOP $$"),
  ]

  static func check(_ example: HostileNotifierCase) async throws {
    let folder = TemporaryCaseFolder()
    let environment = HostileCheck.environment(
      HostileCase(family: "notify", arguments: []), folder: folder)
    let command = "sh -c 'echo $$ > \(folder.path)/pid; \(example.script)'"
    for line in [
      ["config", "set", "notify.backends", "command"],
      ["config", "set", "notify.command", command],
    ] {
      let setup = try await HostileRun(
        arguments: line, environment: environment, folder: folder.path
      ).run()
      try #require(setup.status == 0, "\(line): \(HostileCheck.describe(setup))")
    }
    let line = ["notify", "--test"]
    // The command is stopped at 5 s; the run is killed (and judged) at 8.
    let result = try await HostileRun(
      arguments: line, environment: environment, folder: folder.path, limit: .seconds(8)
    ).run()
    var problems = HostileCheck.check(
      HostileCase(family: "notify", arguments: line), result, unchanged: true)
    if result.timedOut || result.status != 1 {
      problems.append("a notify command that never succeeds did not end notify --test with 1")
    }
    let text = String(decoding: result.standardError, as: UTF8.self)
    if text.hasSuffix(": \n") || text.hasSuffix(":\n") {
      problems.append("the line gives no reason")
    }
    if let written = try? String(contentsOfFile: folder.path + "/pid", encoding: .utf8),
      let pid = pid_t(written.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      // The group the command led: a member still running (not a zombie) was not stopped.
      try await Task.sleep(for: .milliseconds(200))
      if let survivor = survivors(ofGroup: pid).first {
        problems.append("process \(survivor) of the command's group still running")
        _ = kill(-pid, SIGKILL)
      }
    } else {
      problems.append("the command never ran")
    }
    #expect(
      problems.isEmpty, "\(problems.joined(separator: "; "))\n\(HostileCheck.describe(result))")
  }

  /// The processes of group `group` that are not zombies.
  static func survivors(ofGroup group: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { name -> pid_t? in
      guard let pid = pid_t(name),
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
      guard fields.count > 2, fields[0] != "Z", fields[0] != "X", pid_t(fields[2]) == group else {
        return nil
      }
      return pid
    }
  }
}
