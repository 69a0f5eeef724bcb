import ChulbalSystem
import ChulbalTerminal
import ChulbalTestSupport
import Foundation
import Testing

/// A real pseudo-terminal: tmux on a private socket runs chulbal the way a person would.
struct TmuxSession {
  let socket = "chulbal-test-\(UUID().uuidString.prefix(8))"
  let name = "countdown"

  /// Runs tmux on this session's socket and returns what it printed.
  ///
  /// Through `ChildProcess`, not `Foundation.Process`, whose `waitUntilExit` would wait for the
  /// tmux server that `new-session` leaves running.
  @discardableResult
  func tmux(_ arguments: String...) throws -> String {
    let path = NSTemporaryDirectory() + "\(socket)-\(UUID().uuidString).out"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let child = try ChildProcess(
      ["tmux", "-L", socket] + arguments, environment: ProcessInfo.processInfo.environment,
      standardOutput: path)
    _ = child.wait()
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  /// Starts `command` in a detached window (70×16 unless told) with colour allowed (the test
  /// runner may set NO_COLOR); the shell prints its exit status after.
  ///
  /// - Parameter terminal: what `env` sets or unsets for the terminal's type.
  ///   - status: how the shell shows the exit status; `printf` leaves the cursor on the
  ///     status's line, as a prompt would.
  func start(
    _ command: String, terminal: String = "TERM=xterm-256color COLORTERM=truecolor",
    columns: Int = 70, rows: Int = 16, status: String = "echo EXIT=$?"
  ) throws {
    // The shell shares the terminal's foreground group with chulbal, so it must outlive a
    // Ctrl-\ to report the status; a trap with a command is not inherited, an ignore would be.
    try tmux(
      "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
      "trap : QUIT; env -u NO_COLOR \(terminal) \(command); \(status); sleep 60")
  }

  /// The process id of the shell's only child, the program it runs.
  func child() throws -> Int32? {
    let pid = try tmux("list-panes", "-t", name, "-F", "#{pane_pid}")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
      .split(separator: " ").first.flatMap { Int32($0) }
  }

  func screen() throws -> String { try tmux("capture-pane", "-p", "-t", name) }

  /// The screen with lines the terminal wrapped joined again.
  func joinedScreen() throws -> String { try tmux("capture-pane", "-p", "-J", "-t", name) }

  /// `1` when the cursor is visible, and `1` when the alternate screen is on.
  func cursorAndAlternateScreen() throws -> String {
    try tmux("display-message", "-p", "-t", name, "#{cursor_flag} #{alternate_on}")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the screen until it contains `text`, at most `hangGuard`.
  func waitFor(_ text: String) throws -> String {
    var screen = ""
    try eventually {
      screen = try self.screen()
      return screen.contains(text)
    }
    return screen
  }

  func close() { _ = try? tmux("kill-server") }
}

@Suite(.tags(.process, .realTime), .serialized) struct TerminalSessionTests {
  /// `nav --qr` for a route across Seoul in a real 80×24 terminal: the link's two lines, the
  /// code and the shell's next line all on one screen, the code read back by zbarimg; in 80×23
  /// the link alone and the rows it needs.
  @Test func navQRInARealEightyByTwentyFourTerminalFitsAndDecodes() throws {
    let link =
      "https://m.map.kakao.com/scheme/route?sp=37.5665,126.9780&ep=37.4979,127.0276&by=publictransit"
    let command =
      "\(ChulbalProcess.executable.path) nav --to 강남역 --coord 37.4979,127.0276"
      + " --from 37.5665,126.9780 --mode transit --qr --db /nonexistent/chulbal.db"
    let session = TmuxSession()
    defer { session.close() }
    // The status in place of the prompt: on the line after the code, with nothing after it.
    try session.start(command, columns: 80, rows: 24, status: "printf EXIT=$?")
    _ = try session.waitFor("EXIT=")
    let rows = try session.screen().split(separator: "\n", omittingEmptySubsequences: false)
    // Nothing scrolled away: the first row is the link's start.
    #expect(rows.first.map { link.hasPrefix($0) && $0.count == 80 } == true, "\(rows)")
    let lines = try session.joinedScreen().split(separator: "\n").map(String.init)
    #expect(lines.first == link)
    let code = lines.dropFirst().prefix { !$0.hasPrefix("EXIT=") }
    #expect(code.count == 21)
    #expect(lines.dropFirst(1 + code.count).first == "EXIT=0")
    #expect(
      try QRImage.decode(code.joined(separator: "\n"), folder: NSTemporaryDirectory()) == link)

    let small = TmuxSession()
    defer { small.close() }
    try small.start(command, columns: 80, rows: 23, status: "printf EXIT=$?")
    _ = try small.waitFor("EXIT=")
    let refused = try small.joinedScreen()
    #expect(
      refused.contains(
        "chulbal: 터미널이 작아 QR 코드를 그리지 않았습니다: 24줄이 필요한데 지금 23줄입니다 (창을 키우거나 글꼴을 줄이세요)\n"),
      "\(refused)")
    #expect(refused.hasPrefix(link + "\n") && refused.contains("EXIT=1"), "\(refused)")
    #expect(!refused.contains("▀"))
  }

  @Test func countdownInARealPseudoTerminalRedrawsAndRestoresTheCursorAfterCtrlC() throws {
    let session = TmuxSession()
    defer { session.close() }
    // Five minutes away it ticks every second, and cannot end while a slow machine looks.
    try session.start("\(ChulbalProcess.executable.path) countdown --at +5m")
    let screen = try session.waitFor("남은 시간")
    #expect(screen.contains("남은 시간 "), "\(screen)")
    #expect(screen.contains("약속 ") && screen.contains("출발 "))
    #expect(screen.contains("█") || screen.contains("░"))
    #expect(try session.cursorAndAlternateScreen() == "0 1")
    // The value changes in place: the same screen comes to show a smaller number.
    func countdownLine() throws -> String? {
      try session.screen().components(separatedBy: "\n").first { $0.contains("남은 시간") }
    }
    let first = screen.components(separatedBy: "\n").first { $0.contains("남은 시간") } ?? ""
    #expect(try eventually { try countdownLine().map { $0 != first } ?? false })
    try session.tmux("send-keys", "-t", session.name, "C-c")
    let after = try session.waitFor("EXIT=")
    #expect(after.contains("EXIT=130"), "\(after)")
    #expect(try session.cursorAndAlternateScreen() == "1 0")
  }

  @Test func countdownReachesZeroThenExitsZero() throws {
    let session = TmuxSession()
    defer { session.close() }
    try session.start("\(ChulbalProcess.executable.path) countdown --at +2s")
    let after = try session.waitFor("EXIT=")
    #expect(after.contains("지금 출발하세요!"), "\(after)")
    #expect(after.contains("EXIT=0"))
    #expect(try session.cursorAndAlternateScreen() == "1 0")
  }

  @Test func aWindowResizeRedrawsAtTheNewWidthAtOnce() throws {
    let session = TmuxSession()
    defer { session.close() }
    // Forty minutes away the display ticks once a minute, so only the resize can redraw it.
    try session.start("\(ChulbalProcess.executable.path) countdown --at +40m")
    func barWidth() throws -> Int {
      let line = try session.screen().components(separatedBy: "\n").first { $0.contains("░") }
      return line?.filter { $0 == "░" || $0 == "█" }.count ?? 0
    }
    _ = try session.waitFor("░")
    #expect(try barWidth() == 60)
    try session.tmux("resize-window", "-t", session.name, "-x", "30")
    #expect(try eventually { try barWidth() == 28 })
    try session.tmux("send-keys", "-t", session.name, "C-c")
    #expect(try session.waitFor("EXIT=").contains("EXIT=130"))
  }

  @Test func bigDigitsFillTheWindowAndGiveWayWhenItIsTooSmall() throws {
    let session = TmuxSession()
    defer { session.close() }
    try session.start("\(ChulbalProcess.executable.path) countdown --at +40m --big")
    // 70 × 16 holds the digits at their smallest: "40:00" is 34 columns, centred.
    let digits = try #require(BlockDigits.lines("40:00"))
    let screen = try session.waitFor(digits[0])
    let rows = screen.components(separatedBy: "\n")
    #expect(rows.contains(String(repeating: " ", count: 18) + digits[0]), "\(screen)")
    #expect(rows.contains(String(repeating: " ", count: 18) + digits[4]), "\(screen)")
    #expect(rows.contains { $0.hasSuffix("남은 시간 40분") })
    try session.tmux("resize-window", "-t", session.name, "-x", "30")
    // The digits give way to the one line; the minute may have turned by then.
    var small = ""
    let gaveWay = try eventually {
      small = try session.screen()
      return small.contains(" 남은 시간 ") && !small.contains("██████")
    }
    #expect(gaveWay, "\(small)")
    try session.tmux("send-keys", "-t", session.name, "C-c")
    #expect(try session.waitFor("EXIT=").contains("EXIT=130"))
  }

  @Test func sigtermRestoresTheTerminalAndExits143() throws {
    let session = TmuxSession()
    defer { session.close() }
    try session.start("\(ChulbalProcess.executable.path) countdown --at +40m & wait $!")
    _ = try session.waitFor("░")
    let countdown = try #require(try session.child())
    kill(countdown, SIGTERM)
    #expect(try session.waitFor("EXIT=").contains("EXIT=143"))
    #expect(try session.cursorAndAlternateScreen() == "1 0")
  }

  @Test func sighupRestoresTheTerminalAndExits129() throws {
    let session = TmuxSession()
    defer { session.close() }
    try session.start("\(ChulbalProcess.executable.path) countdown --at +40m & wait $!")
    _ = try session.waitFor("░")
    let countdown = try #require(try session.child())
    kill(countdown, SIGHUP)
    #expect(try session.waitFor("EXIT=").contains("EXIT=129"))
    // The default action would end it with the same status but the screen left as it was.
    #expect(try session.cursorAndAlternateScreen() == "1 0")
  }

  @Test(arguments: [
    ["countdown", "--at", "+40m"], ["countdown", "--at", "+40m", "--plain"],
    ["status", "--follow"],
  ])
  func ctrlBackslashEndsWith131AndNoCrashReport(_ arguments: [String]) throws {
    let session = TmuxSession()
    defer { session.close() }
    let folder = NSTemporaryDirectory() + "chulbal-quit-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Something upcoming, so `status` draws a line too: something drawn means chulbal is past
    // its start-up, where the crash reporter is turned off.
    let added = try ChulbalProcess.run(
      ["add", "약속", "--at", "+40m", "--travel", "5m"], environment: ["CHULBAL_DB": folder + "/c.db"]
    )
    #expect(added.status == 0, "\(added.standardError)")
    try session.start(
      "CHULBAL_DB=\(folder)/c.db \(ChulbalProcess.executable.path) "
        + arguments.joined(separator: " "))
    // The countdown's 남은 시간 40분 or the status line's 출발까지 24:59: something drawn.
    let drawn = arguments[0] == "status" ? "출발까지" : "남은 시간"
    #expect(try session.waitFor(drawn).contains(drawn))
    try session.tmux("send-keys", "-t", session.name, "C-\\")
    // The Swift runtime's crash reporter would print a backtrace and wait 30 seconds for a
    // key on a terminal.
    let after = try session.waitFor("EXIT=")
    #expect(after.contains("EXIT=131"), "\(after)")
    #expect(!after.contains("crashed") && !after.contains("Backtrace"), "\(after)")
    #expect(try session.cursorAndAlternateScreen() == "1 0")
  }

  @Test(arguments: ["-u TERM", "TERM=dumb", "TERM="])
  func aTerminalWithoutACapableTERMGetsPlainLinesAndNoEscapes(_ terminal: String) throws {
    let session = TmuxSession()
    defer { session.close() }
    try session.start(
      "\(ChulbalProcess.executable.path) countdown --at +40m", terminal: terminal)
    let screen = try session.waitFor("남은 시간")
    #expect(screen.hasPrefix("남은 시간 40분\n"), "\(screen)")
    // Neither the alternate screen nor a hidden cursor while it runs.
    #expect(try session.cursorAndAlternateScreen() == "1 0")
    // Ctrl-\ rather than Ctrl-C: a plain display dies of SIGINT, which takes the shell with
    // it before it can report.
    try session.tmux("send-keys", "-t", session.name, "C-\\")
    #expect(try session.waitFor("EXIT=").contains("EXIT=131"))
  }

  @Test func plainOutputIsOneLinePerSecondWithNoValueSkippedOrRepeated() throws {
    let process = Process()
    process.executableURL = ChulbalProcess.executable
    process.arguments = ["countdown", "--at", "+2s", "--plain"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(
      String(decoding: data, as: UTF8.self) == """
        남은 시간 2초
        남은 시간 1초
        지금 출발하세요!

        """)
  }
}
