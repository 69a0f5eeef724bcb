import ChulbalCalDAV
import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// `chulbal sync [NAME] [--json] [--quiet]`: brings the CalDAV sources' calendars and the
/// feeds in.
enum SyncCommand: Command {
  static let name = "sync"
  static let summary = "CalDAV 서버의 캘린더와 iCalendar 피드를 가져옵니다"
  static let usage = ["chulbal sync [이름] [--json] [--quiet]"]
  static let about = """
    'chulbal source add https://…'로 등록한 CalDAV 캘린더를 모두 (이름을 주면 그 캘린더만)
    서버에서 가져옵니다. 처음에는 오늘부터의 일정을 모두 받고, 그다음부터는 서버의 동기화
    토큰(RFC 6578)으로 바뀐 일정만 받습니다. 토큰이 없는 서버에서는 ETag를 견주어 바뀐
    일정만 받습니다. 서버에서 지운 일정은 여기서도 지웁니다. 받은 일정은 저장해 두므로
    서버에 닿지 않아도 가져온 약속은 그대로입니다: 오류를 기록하고 (source list에
    보입니다) 상태 1로 끝냅니다. 돌고 있는 watch는 sync.interval(기본 15분)마다, 시작할
    때와 절전에서 깨어났을 때 이 명령을 실행합니다.

    피드(.ics 주소, webcal://)는 통째로 다시 받되, 지난번 ETag와 Last-Modified를 함께 보내
    바뀌지 않았으면 받지 않습니다 (HTTP 304). 피드가 REFRESH-INTERVAL이나
    X-PUBLISHED-TTL로 정한 간격(길어야 7일)이 지나기 전에는 다시 받지 않습니다. 피드가
    닿지 않거나, 오류로 답하거나, 캘린더 대신 웹 페이지를 보내면 지난번에 받은 것을
    그대로 두고 오류를 기록합니다: 가져온 약속은 지우지 않습니다.
    """
  static let quiet = OptionSpec(
    "--quiet", short: "-q", help: "바뀐 것이 없으면 아무것도 출력하지 않습니다 (watch가 씁니다)")
  static let options: [OptionSpec] = [quiet, .now, .database, .json]
  static let operands: [WordKind] = [.source(serverOnly: true)]
  static let epilogue = """
    예:
      chulbal sync
      chulbal sync work

    """

  /// What to say when there is no CalDAV source or feed.
  static let addHint =
    "CalDAV 서버나 피드가 없습니다. 추가하려면: chulbal source add https://cloud.example.org/remote.php/dav/ "
    + "--user 이름 --password-command \"pass show dav\", 또는 chulbal source add webcal://example.org/calendar.ics\n"

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 1)
    try options.checkNow()
    let zone = try environment.timeZone(option: nil)
    let now = try options.clock(environment, timeZone: zone).now()
    let store = try options.store(environment, access: .writing)
    var servers = try store?.sources().filter { $0.kind.isServer } ?? []
    if let wanted = options.positionals.first {
      guard let source = servers.first(where: { $0.name == wanted }) else {
        throw SourceError.unknownServerSource(wanted, names: servers.map(\.name))
      }
      servers = [source]
    }
    guard let store, !servers.isEmpty else { return .success(addHint) }
    let context = try ImportCommand.Context(store: store, zone: zone, zones: environment.zones)
    var report = ImportCommand.Report(
      dryRun: false, travel: context.settings.defaultTravelSeconds, zone: zone)
    try store.advanceSeries(now: now)
    var sync = ServerSync(store: store, context: context, environment: environment, now: now)
    sync.routes = try RouteAsker(store: store, environment: environment, now: now)
    var failed: [String] = []
    var waiting: [String] = []
    var synced = 0
    var pushed = (created: 0, updated: 0, deleted: 0)
    for source in servers {
      if let next = try sync.nextFetch(of: source) {
        let shown = TextCleaning.visible(source.name)
        waiting.append(
          "캘린더 '\(shown)'\(Korean.topicParticle(after: shown)) 피드가 정한 간격이 지나지 않아 "
            + "받지 않았습니다 (다음: \(KoreanDateFormat(timeZone: zone).full(next, seenAt: now)))\n")
        synced += 1
        continue
      }
      do {
        let server = try ServerSync.connect(source, environment: environment)
        if case .synced(let counts, let plan) = try sync.sync(source, server: server) {
          report.counts.added += counts.added
          report.counts.updated += counts.updated
          report.counts.unchanged += counts.unchanged
          report.counts.removed += counts.removed
          if let plan { report.add(plan) }
        }
        synced += 1
        let departures = sync.pushDepartures(source, server: server)
        if let line = departures.failure { failed.append("캘린더 '\(source.name)': \(line)") }
        if case .pushed(let created, let updated, let deleted) = departures {
          pushed.created += created
          pushed.updated += updated
          pushed.deleted += deleted
        }
      } catch let failure as ServerSync.Failure {
        try store.recordSyncFailure(of: source.path, error: failure.message, now: now)
        failed.append("캘린더 '\(source.name)': \(failure.message)")
      }
    }
    report.routeLimit = sync.routes?.limitLine
    let counts = report.counts
    let departures = ServerSync.DeparturesPush.pushed(
      created: pushed.created, updated: pushed.updated, deleted: pushed.deleted)
    let changed = counts.added + counts.updated + counts.removed > 0 || departures.line != nil
    let output =
      if synced == 0 || (options.has(quiet) && !changed) {
        ""
      } else if options.has(.json), case .object(let fields) = report.json {
        JSONValue.object(
          fields + [
            (
              "departures",
              .object([
                ("created", .integer(pushed.created)), ("updated", .integer(pushed.updated)),
                ("deleted", .integer(pushed.deleted)),
              ])
            )
          ]
        ).rendered()
      } else {
        // The watch (--quiet) would log it every interval.
        (options.has(quiet) ? "" : waiting.joined()) + report.text + (departures.line ?? "")
      }
    return Outcome(
      standardOutput: output,
      standardError: Outcome.diagnostics((sync.routes?.passedOver ?? []) + failed),
      exitCode: failed.isEmpty ? 0 : Outcome.failureExitCode)
  }
}
