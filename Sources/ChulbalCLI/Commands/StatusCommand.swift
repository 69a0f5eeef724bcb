import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import Foundation

/// `chulbal status`: one short line about the next departure, for status bars.
enum StatusCommand: Command {
  static let name = "status"
  static let summary = "상태 표시줄용 한 줄 (waybar, i3blocks, tmux)"
  static let specs: [CommandOptions.Spec] = [
    .init(name: "--format"), .init(name: "--follow", takesValue: false), .init(name: "--tz"), .now,
    .database, .help,
  ]

  static let help = """
    사용법: chulbal status [--format text|json|waybar|i3blocks|tmux] [--follow]

    다음 출발을 상태 표시줄에 맞게 한 줄로 씁니다: '출발 12분 전 · 저녁 약속'.
    약속이 없으면 빈 줄입니다 (종료 상태는 늘 0).

    옵션:
      --format 형식   text(기본), json, waybar(JSON: text, tooltip, class, percentage),
                      i3blocks(full_text, short_text, color), tmux(#[fg=…] 색 포함)
      --follow        끝내지 않고 바뀔 때마다 한 줄씩 씁니다: 30분 넘게 남으면 1분마다,
                      그 안에는 1초마다 (waybar의 exec, i3blocks의 persist용)
      --now 시각      지금을 이 ISO 8601 시각으로 칩니다 (--follow 없이)
      --db 파일       데이터베이스 파일
      -h, --help      이 도움말

    class: far(30분 넘게) · soon(30분 이내) · now(출발 시각) · late(늦음)
    percentage: 출발 전 마지막 한 시간 동안 0에서 100으로 찹니다.
    예시 설정: contrib/statusbar/

    """

  static func run(_ options: CommandOptions, _ environment: Environment) throws -> Outcome {
    try options.expectNoPositionals()
    let formatName = options["--format"] ?? StatusLine.Format.text.rawValue
    guard let format = StatusLine.Format(rawValue: formatName) else {
      throw UsageError.conflict(
        "알 수 없는 형식 '\(formatName)' (\(StatusLine.Format.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    let zone = try environment.timeZone(option: options["--tz"])
    let follow = options.has("--follow")
    if follow && options["--now"] != nil {
      throw UsageError.conflict("'--follow'는 실제 시계를 따르므로 '--now'와 함께 쓸 수 없습니다")
    }
    var store = try options.store(environment, create: false)
    /// The line for `now`, and the departure it counts down to.
    func update(at now: Date) throws -> (line: String, departure: Date?) {
      if store == nil { store = try options.store(environment, create: false) }
      let next = try store?.next(after: now)
      let shownZone = next.map { environment.timeZone(stored: $0.timeZone) } ?? zone
      let line = StatusLine(appointment: next, now: now, timeZone: shownZone)
        .render(format, follow: follow)
      return (line, next?.plan.departure)
    }
    guard follow else {
      return .success(try update(at: options.now(environment, timeZone: zone)).line)
    }
    var failure: (any Error)?
    environment.console.ignoreClosedPipe()
    Ticker.run(clock: environment.clock) { now in
      do {
        // The next appointment is read afresh each tick: it may have changed since.
        let (line, departure) = try update(at: now)
        // The bar went away: stop quietly.
        guard environment.console.write(line) else { return nil }
        return departure.map { TickPolicy.nextTick(after: now, target: $0) }
          ?? now.addingTimeInterval(60)
      } catch {
        failure = error
        return nil
      }
    }
    if let failure { throw failure }
    return .success("")
  }
}
