import ChulbalCore
import ChulbalStore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// `chulbal status`: one short line about the next departure, for status bars.
enum StatusCommand: Command {
  static let name = "status"
  static let summary = "상태 표시줄용 한 줄 (waybar, i3blocks, tmux)"
  static let usage = ["chulbal status [--format text|json|waybar|i3blocks|tmux] [--follow]"]
  static let about = """
    다음 출발을 상태 표시줄에 맞게 한 줄로 씁니다: '출발까지 42분 · 저녁 약속',
    30분 안에서는 폭이 바뀌지 않게 '출발까지 09:37 · 저녁 약속', 출발 뒤에는 '출발 3분 지남 · …'.
    약속이 없으면 빈 줄입니다 (종료 상태 0). 디스크가 가득 찼거나 표준 출력이 닫혀 있어 출력을
    쓸 수 없으면 상태 1로 끝나고, 읽는 쪽이 파이프를 닫으면 조용히 상태 0으로 끝납니다.
    """
  static let format = OptionSpec(
    "--format", value: "형식", kind: .choice(of: StatusLine.Format.self),
    help: "text(기본), json, waybar(JSON: text, tooltip, class, percentage), "
      + "i3blocks(full_text, short_text, color), tmux(#[fg=…,bg=…] 색 포함)")
  static let follow = OptionSpec(
    "--follow",
    help: "끝내지 않고 바뀔 때마다 한 줄씩 씁니다: 30분 넘게 남으면 1분마다, 그 안에는 1초마다, "
      + "출발 뒤에는 1분마다, 다른 chulbal 명령이 약속을 바꾸면 1초 안에 "
      + "(waybar의 exec, i3blocks의 persist용)")
  static let options: [OptionSpec] = [
    format, follow, OptionSpec.timeZone.help("약속이 없을 때와 --now의 시간대 (기본: 시스템 시간대)"),
    OptionSpec.now.help("현재 시각 대신 이 ISO 8601 시각을 씁니다 (--follow 없이)"), .database,
  ]
  static let epilogue = """
    class: far(30분 넘게) · soon(30분 이내) · now(출발 시각) · late(출발 지남)
    percentage: 출발 전 마지막 한 시간 동안 0에서 100으로 찹니다.
    색: countdown과 같이 30분 전 보라(#8B7CF6)에서 5분 전 분홍(#FF3E8A)으로
    바뀝니다. tmux 형식은 어두운 배경(#1E1B2E)을 함께 써서 어느 상태 줄에서도
    읽힙니다.
    예시 설정: contrib/statusbar/

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    let barFormat = try options.choice(format, StatusLine.Format.self) ?? .text
    let zone = try environment.timeZone(option: options[.timeZone])
    let follows = options.has(follow)
    if follows && options[.now] != nil { throw ValidationError.followWithNow }
    let clock = try options.clock(environment, timeZone: zone)
    var store = try options.store(environment, access: .reading)
    /// The line for `now`, and the departure it counts down to.
    func update(at now: Date) throws -> (line: String, next: Date?) {
      // A database created while following is picked up at the next wake.
      if store == nil { store = try options.store(environment, access: .reading) }
      let next = try store?.next(after: now)
      let shownZone = next.map { environment.timeZone(stored: $0.timeZone) } ?? zone
      let status = StatusLine(
        appointment: next, now: now, timeZone: shownZone,
        readerZone: environment.readerZone(else: shownZone))
      return (status.render(barFormat, follow: follows), status.nextChange)
    }
    guard follows else { return .success(try update(at: clock.now()).line) }
    let console = environment.console
    // The database's folder is watched, so an appointment another process adds shows at
    // once, not at the next tick up to a minute later. Only the real clock waits on the real
    // files; a test's scripted clock jumps to each deadline. Before the folder exists (a
    // first run) the nearest folder above it is watched for the way to it being made.
    var loop: EventLoop?
    var watchesDatabase = false
    let path = try options.databasePath(environment)
    func watch() {
      guard clock is SystemWallClock, let made = try? EventLoop.watchingDatabaseOrItsWay(at: path)
      else { return }
      made.loop.setSources([HangUpSource(STDOUT_FILENO)])
      (loop, watchesDatabase) = (made.loop, made.watchesDatabase)
    }
    watch()
    var shown: String?
    while true {
      // The bar went away (the wake may have been that): stop quietly.
      guard !console.isReaderGone() else { break }
      // The next appointment is read afresh each wake: it may have changed since.
      let now = clock.now()
      let (line, next) = try update(at: now)
      // A write to the database that changes nothing shown (an alert logged) prints nothing.
      if line != shown {
        guard try console.show(line) else { break }
        shown = line
      }
      guard let loop else {
        clock.sleep(until: next ?? now.addingTimeInterval(60))
        continue
      }
      // With nothing upcoming only a change to the database can change the line.
      let wakes = loop.wait(until: next)
      for case .signal(let number) in wakes {
        return Outcome(exitCode: 128 + number)
      }
      if !watchesDatabase && wakes.contains(.filesChanged) { watch() }
    }
    return .success("")
  }
}
