import ChulbalCore
import ChulbalStore
import ChulbalSystem
import ChulbalTerminal
import FoundationEssentials

/// `chulbal countdown`: a live countdown to departure that redraws in place.
enum CountdownCommand: Command {
  static let name = "countdown"
  static let summary = "출발까지 남은 시간을 실시간으로 보여 줍니다"
  static let operands: [WordKind] = [.appointment]
  static let usage = [
    "chulbal countdown [번호|제목] [--until depart|start] [--big|--plain]",
    "chulbal countdown --at 시각 [--travel 시간] [--buffer 시간] [--tz 시간대]",
  ]
  static let about = """
    다음 출발(또는 고른 약속, 또는 --at 시각)까지 남은 시간을 화면에 띄웁니다.
    준비 시간이 있으면 먼저 준비 시작까지 ('준비 시작까지 12분'), 그다음 출발까지 셉니다.
    30분 넘게 남으면 1분마다, 그 안에는 1초마다 바뀝니다. 막대는 마지막 30분 동안 찹니다.
    약속의 알림 시각마다 벨을 울리고 창 제목 앞에 종 표시(🔔)를 붙입니다. 출발 시각이 되면
    '지금 출발하세요!'를 보여 준 뒤, 약속 시각까지 출발 시각이 지난 시간을 셉니다.
    --travel과 --buffer가 없는 --at은 그 시각 자체까지 초 단위로 셉니다 (타이머).
    """
  /// Where the countdown ends.
  enum Until: String, CaseIterable {
    case depart, start
  }
  static let until = OptionSpec(
    "--until", value: "depart|start", kind: .choice(of: Until.self),
    help: "depart: 출발 시각에 끝냅니다. start(기본): 약속 시각까지 셉니다")
  static let plain = OptionSpec(
    "--plain", help: "화면을 다시 그리지 않고 한 줄씩 씁니다 (파이프, NO_COLOR, TERM이 없거나 dumb일 때도)")
  static let big = OptionSpec(
    "--big", help: "남은 시간을 큰 숫자로 화면 가운데에 그립니다 (터미널이 작으면 보통 화면)")
  static let options = CountdownTarget.specs + [until, big, plain]
  static let epilogue = """
    Ctrl-C는 터미널을 되돌리고 상태 130으로 끝냅니다 (Ctrl-\\는 131, SIGTERM은 143,
    SIGHUP은 129).
    표준 출력을 읽는 쪽이 닫으면 (countdown | head -1) 바로 조용히 끝냅니다.

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    if options.has(big) && options.has(plain) { throw ValidationError.bigWithPlain }
    let untilDeparture = try options.choice(until, Until.self) == .depart
    let choice = try CountdownTarget.choice(options, environment: environment)
    let clock = environment.clock
    guard
      let target = try CountdownTarget.select(
        choice, store: { try options.store(environment, access: .reading) }, now: clock.now(),
        environment: environment)
    else {
      throw RuntimeFailure.nothingUpcoming(command: name)
    }
    let plan = target.plan
    // Departure never comes after the start: travel and buffer are never negative.
    let end = untilDeparture ? plan.departure : plan.start
    let console = environment.console
    // A terminal that does not say what it is (no TERM) or says it can do nothing (dumb)
    // gets no escapes at all: no alternate screen, no hidden cursor, no window title.
    let term = environment.variables["TERM"] ?? ""
    let isPlain =
      options.has(plain) || !console.isTerminal || environment.variables["NO_COLOR"] != nil
      || term.isEmpty || term == "dumb"
    let countdownStart = clock.now()
    var drawer = CountdownDrawer(
      plan: plan, plain: isPlain, big: options.has(big), countdownStart: countdownStart,
      console: console,
      screen: CountdownScreen(
        title: target.title, place: target.place, timesLine: target.timesLine(now: countdownStart),
        colors: ColorMode.detect(environment.variables, isTerminal: console.isTerminal)))
    var readerLeft = false
    do {
      if !isPlain {
        console.catchSignals(restoreOnExit: CountdownScreen.leave)
        readerLeft = try !console.show(CountdownScreen.enter)
      }
      if !readerLeft {
        try Ticker.run(clock: clock) { now throws(RuntimeFailure) -> Date? in
          // A wake may be the reader leaving, which a plain display that has nothing new to
          // write would not otherwise notice until its next change.
          guard !console.isReaderGone(), try drawer.draw(at: now) else {
            readerLeft = true
            return nil
          }
          guard now < end else { return nil }
          return min(drawer.nextWake(after: now), end)
        }
      }
    } catch {
      if !isPlain { try? console.write(CountdownScreen.leave) }
      throw error
    }
    if !isPlain { try? console.write(CountdownScreen.leave) }
    guard !readerLeft, !isPlain, let last = drawer.lastReading else { return .success("") }
    let title = TextCleaning.visible(target.title)
    // Run to a start after the departure, it ends saying it is time for the appointment.
    if !untilDeparture && plan.start > plan.departure {
      return .success("\(last.text) — \(title)\n")
    }
    let departure = target.times.reader.time(plan.departure)
    return .success("\(last.text) — \(title) (출발 \(departure))\n")
  }
}

/// Draws each tick: a full frame on a terminal, or one line per changed value; rings the bell
/// at each alert time.
struct CountdownDrawer {
  let plan: DeparturePlan
  let plain: Bool
  let big: Bool
  let console: any Console
  let screen: CountdownScreen
  private(set) var lastReading: CountdownReading?
  /// The instants still to ring at: each alert of the plan that comes during the countdown,
  /// and the departure, which rings even when the countdown started after it.
  private var bells: [Date]
  /// Whether the last frame rang, so its window title still says so.
  private var rangLast = false

  init(
    plan: DeparturePlan, plain: Bool, big: Bool, countdownStart: Date, console: any Console,
    screen: CountdownScreen
  ) {
    self.plan = plan
    self.plain = plain
    self.big = big
    self.console = console
    self.screen = screen
    bells = Set(plan.alerts.map(\.at).filter { $0 >= countdownStart } + [plan.departure])
      .sorted()
  }

  /// The next instant to draw at: when the display changes or an alert comes, and a second
  /// after a bell, when the window title stops saying so.
  func nextWake(after now: Date) -> Date {
    let target = lastReading?.target ?? plan.departure
    var wake = TickPolicy.nextTick(after: now, target: target)
    if let bell = bells.first(where: { $0 > now }) { wake = min(wake, bell) }
    return rangLast ? min(wake, now.addingTimeInterval(1)) : wake
  }

  /// Draws the display for `now`.
  ///
  /// - Returns: false when the reader has gone, so the countdown stops.
  /// - Throws: `RuntimeFailure.unwritableOutput` when standard output cannot be written.
  mutating func draw(at now: Date) throws(RuntimeFailure) -> Bool {
    let reading = CountdownReading(plan: plan, now: now)
    let bell = bells.first.map { $0 <= now } ?? false
    bells.removeAll { $0 <= now }
    rangLast = bell
    defer { lastReading = reading }
    if plain {
      // The bell only on a terminal: in a pipe or a file it is a stray control byte.
      let ring = bell && console.isTerminal ? CountdownScreen.bell : ""
      // A wake that changes nothing (a resize, an early return) prints nothing but its bell.
      guard reading.text != lastReading?.text else {
        return ring.isEmpty ? true : try console.show(ring)
      }
      return try console.show(ring + reading.text + "\n")
    }
    _ = console.takeResize()
    let frame = screen.frame(
      reading, width: console.width(), height: console.height(), big: big, alerting: bell)
    return try console.show(frame + (bell ? CountdownScreen.bell : ""))
  }
}
