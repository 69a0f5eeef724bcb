import ChulbalCore
import ChulbalStore
import Foundation

/// `chulbal status`: one short line about the next departure, for status bars.
enum StatusCommand: Command {
  static let name = "status"
  static let summary = "상태 표시줄용 한 줄 (waybar, i3blocks, tmux)"
  static let usage = ["chulbal status [--format text|json|waybar|i3blocks|tmux] [--follow]"]
  static let about = """
    다음 출발을 상태 표시줄에 맞게 한 줄로 씁니다: '출발 12분 전 · 저녁 약속'.
    약속이 없으면 빈 줄입니다 (종료 상태 0). 디스크가 가득 찼거나 표준 출력이 닫혀 있어 출력을
    쓸 수 없으면 상태 1로 끝나고, 읽는 쪽이 파이프를 닫으면 조용히 상태 0으로 끝납니다.
    """
  static let format = OptionSpec(
    "--format", value: "형식",
    help: "text(기본), json, waybar(JSON: text, tooltip, class, percentage), "
      + "i3blocks(full_text, short_text, color), tmux(#[fg=…] 색 포함)")
  static let follow = OptionSpec(
    "--follow",
    help: "끝내지 않고 바뀔 때마다 한 줄씩 씁니다: 30분 넘게 남으면 1분마다, 그 안에는 1초마다 "
      + "(waybar의 exec, i3blocks의 persist용)")
  static let options: [OptionSpec] = [
    format, follow, OptionSpec.timeZone.help("약속이 없을 때와 --now의 시간대 (기본: 시스템 시간대)"),
    OptionSpec.now.help("현재 시각 대신 이 ISO 8601 시각을 씁니다 (--follow 없이)"), .database,
  ]
  static let epilogue = """
    class: far(30분 넘게) · soon(30분 이내) · now(출발 시각) · late(늦음)
    percentage: 출발 전 마지막 한 시간 동안 0에서 100으로 찹니다.
    예시 설정: contrib/statusbar/

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    let barFormat = try options.choice(format, StatusLine.Format.self) ?? .text
    let zone = try environment.timeZone(option: options[.timeZone])
    let follows = options.has(follow)
    if follows && options[.now] != nil { throw UsageError.followWithNow }
    let clock = try options.clock(environment, timeZone: zone)
    var store = try options.store(environment, access: .reading)
    /// The line for `now`, and the departure it counts down to.
    func update(at now: Date) throws -> (line: String, departure: Date?) {
      // A database created while following is picked up at the next tick.
      if store == nil { store = try options.store(environment, access: .reading) }
      let next = try store?.next(after: now)
      let shownZone = next.map { environment.timeZone(stored: $0.timeZone) } ?? zone
      let line = StatusLine(appointment: next, now: now, timeZone: shownZone)
        .render(barFormat, follow: follows)
      return (line, next?.plan.departure)
    }
    guard follows else { return .success(try update(at: clock.now()).line) }
    let console = environment.console
    try Ticker.run(clock: clock) { now in
      // The bar went away (the wake may have been that): stop quietly.
      guard !console.isReaderGone() else { return nil }
      // The next appointment is read afresh each tick: it may have changed since.
      let (line, departure) = try update(at: now)
      guard try console.show(line) else { return nil }
      return departure.map { TickPolicy.nextTick(after: now, target: $0) }
        ?? now.addingTimeInterval(60)
    }
    return .success("")
  }
}
