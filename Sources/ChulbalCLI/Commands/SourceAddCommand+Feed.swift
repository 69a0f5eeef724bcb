import ChulbalCalDAV
import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// `source add https://…/basic.ics`, `webcal://…`, or an address CalDAV discovery found no
/// account at that answers a GET with iCalendar: a read-only feed, kept as a source with one
/// calendar (the feed's URL) of one cached resource (the feed as fetched), so that `sync`
/// brings it up to date as it does a CalDAV calendar.
extension SourceAddCommand {
  /// Keeps the feed whose first GET gave `answer`, with the appointments made of it.
  ///
  /// - Parameters:
  ///   - source: the source as `source add` made it from the URL and options.
  ///   - named: the `--name` given; without one, the feed's own name (`X-WR-CALNAME`), else
  ///     the host.
  ///   - found: what to say first, when discovery was tried before the GET.
  static func addFeed(
    _ answer: FeedAnswer, source given: CalendarSource, named: String?, existing: Store?,
    options: ParsedOptions, environment: Environment, zone: Zone, now: Date, found: String?
  ) throws -> Outcome {
    guard case .calendar(let data, _) = answer, let url = URL(string: given.path) else {
      // Asked with no validators, a 304 is a server that does not follow HTTP.
      throw DAVError.status(304, method: "GET", url: TextCleaning.visible(given.path))
    }
    let properties = FeedProperties(reading: data)
    var source = given
    source.kind = .feed
    if named == nil, let name = properties.name, problem(withSourceName: name) == nil {
      source.name = name
    }
    let pull = CalendarPull.feed(url, answer: answer, known: FeedVersion())
    var update = ServerSync.update(SourceCalendar(url: source.path), pull)
    update.calendar.displayName = properties.name
    let context = try ImportCommand.Context(store: existing, zone: zone, zones: environment.zones)
    let made = try ServerSync.batch(source: source.path, resources: update.stored, context: context)
    let store = try options.writableStore(environment, existing: existing)
    guard
      let counts = try store.addServerSource(
        source, updates: [update], batch: made.batch, now: now)
    else { throw SourceError.duplicateSource(source.name) }
    var report = ImportCommand.Report(
      dryRun: false, travel: context.settings.defaultTravelSeconds, zone: zone)
    report.add(made.plan)
    report.counts = counts
    let shown = TextCleaning.visible(source.name)
    return .success(
      (found ?? "") + "피드 '\(shown)'\(Korean.objectParticle(after: shown)) 등록했습니다 "
        + "(\(TextCleaning.visible(source.path))). 다시 가져오려면: chulbal sync\n" + report.text)
  }
}
