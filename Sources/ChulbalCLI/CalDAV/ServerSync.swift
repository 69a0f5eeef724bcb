import ChulbalCalDAV
import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// Brings CalDAV sources and feeds up to date: each calendar pulled as ``CalendarPull``
/// decides (a feed is a source with one calendar of one resource, ``CalendarPull/feed(_:from:)``),
/// the source's appointments rebuilt from the whole cache (every resource fetched so far, so
/// an incremental sync fetches only what changed), and the cache, the tokens and the
/// appointments written in one transaction per source. A source that fails keeps its
/// appointments and cache as they were and has the error recorded: a feed that is down, that
/// answers with an error status or with an HTML page removes nothing.
struct ServerSync {
  /// Why a source could not be synced: recorded with it, and said on standard error.
  enum Failure: Error, Equatable {
    case password(PasswordCommand.Failure)
    case server(DAVError)
    /// A resource that is not iCalendar chulbal can read, or events that cannot be kept.
    case calendar(String)

    var message: String {
      switch self {
      case .password(let failure): failure.message
      case .server(let error): error.description
      case .calendar(let message): message
      }
    }
  }

  let store: Store
  let context: ImportCommand.Context
  let environment: Environment
  let now: Date
  /// Asks the route providers before each source's appointments are written; nil without
  /// live routes.
  var routes: RouteAsker?
  /// The first sync fetches the events that end after this: the start of today.
  let start: Date

  init(store: Store, context: ImportCommand.Context, environment: Environment, now: Date) {
    self.store = store
    self.context = context
    self.environment = environment
    self.now = now
    start = DayWindow(startingOnDayOf: now, dayCount: 1, timeZone: context.zone).start
  }

  /// The server of `source`, signed in with what its password command prints.
  static func connect(_ source: CalendarSource, environment: Environment) throws(Failure)
    -> any CalendarServer
  {
    var password: String?
    if let command = source.passwordCommand {
      do throws(PasswordCommand.Failure) {
        password = try PasswordCommand(command: command).password(
          variables: environment.variables)
      } catch {
        throw .password(error)
      }
    }
    guard let url = URL(string: source.path) else {
      throw .server(.invalidURL(source.path))
    }
    let account = DAVAccount(url: url, user: source.user, password: password, caFile: source.caFile)
    do throws(DAVError) {
      return try environment.calendarServer(account)
    } catch {
      throw .server(error)
    }
  }

  /// What one source's sync did.
  enum SyncResult {
    /// Written; the plan is nil when nothing changed and nothing was rebuilt.
    case synced(counts: Store.ImportCounts, plan: CalendarImport?)
    /// Another sync of the source finished first, or it was removed meanwhile: nothing
    /// written.
    case superseded
  }

  /// The longest refresh interval a feed is granted: one that asks for more (by mistake, or
  /// to be left alone) is still fetched weekly.
  static let longestRefresh = 7 * 86_400

  /// When the feed `source` may next be fetched: its refresh interval (`REFRESH-INTERVAL` or
  /// `X-PUBLISHED-TTL` of the copy kept, at most ``longestRefresh``) after the last good
  /// fetch; nil when it may be fetched now, or it is no feed. A failed fetch leaves the
  /// last good one's time, so a feed that failed is asked again once that interval is over.
  ///
  /// Asked before ``sync(_:server:)``, and before connecting, which runs the password
  /// command: a feed that is not due is not signed in to either.
  func nextFetch(of source: CalendarSource) throws -> Date? {
    guard source.kind == .feed else { return nil }
    let calendars = try store.sourceCalendars(source.name)
    guard calendars.count == 1, let fetched = calendars[0].syncedAt,
      let kept = try store.cachedResources(source.name).first,
      let seconds = FeedProperties(reading: kept.data).refreshSeconds
    else { return nil }
    let next = fetched.addingTimeInterval(TimeInterval(min(seconds, Self.longestRefresh)))
    return next > now ? next : nil
  }

  /// One calendar of `source` brought up to date from `server`.
  func pull(
    _ checkpoint: CalendarCheckpoint, of source: CalendarSource, from server: any CalendarServer
  )
    throws(DAVError) -> CalendarPull
  {
    source.kind == .feed
      ? try CalendarPull.feed(checkpoint, from: server)
      : try CalendarPull.pull(checkpoint, from: server, start: start)
  }

  /// Syncs `source` with `server`.
  ///
  /// - Throws: ``Failure`` when the server or what it gave fails (nothing is written: the
  ///   caller records it); `StoreError` when the store does.
  func sync(_ source: CalendarSource, server: any CalendarServer) throws -> SyncResult {
    let calendars = try store.sourceCalendars(source.name)
    // The data is read only when the appointments are rebuilt.
    let known = try store.cachedETags(source.name)
    var pulls: [CalendarPull] = []
    for calendar in calendars {
      let etags = known[calendar.url] ?? [:]
      guard let url = URL(string: calendar.url) else {
        throw Failure.server(.invalidURL(calendar.url))
      }
      let checkpoint = CalendarCheckpoint(
        url: url, syncToken: calendar.syncToken, ctag: calendar.ctag,
        synced: calendar.syncedAt != nil, etags: etags)
      do throws(DAVError) {
        pulls.append(try pull(checkpoint, of: source, from: server))
      } catch {
        throw Failure.server(error)
      }
    }
    let updates = zip(calendars, pulls).map { Self.update($0.0, $0.1) }
    var plan: CalendarImport?
    var batch: Store.CalendarBatch?
    // Rebuilt only when the cache changes: an unchanged calendar needs no reading.
    if pulls.contains(where: \.changesCache) || source.lastError != nil
      || source.lastReadAt == nil
    {
      let resources = Self.applying(
        pulls, of: calendars, to: try store.cachedResources(source.name))
      let made = try Self.batch(source: source.path, resources: resources, context: context)
      plan = made.plan
      batch = made.batch
    }
    // The trips the sync will plan, asked of the route providers before it writes.
    if let batch {
      try routes?.prepare {
        _ = try store.saveSync(
          of: source.name, expecting: calendars, updates: updates, batch: batch, now: now)
      }
    }
    guard
      let counts = try store.saveSync(
        of: source.name, expecting: calendars, updates: updates, batch: batch, now: now)
    else { return .superseded }
    return .synced(counts: counts, plan: plan)
  }

  /// The first sync of a source being added: every calendar's events from `start` on.
  ///
  /// - Returns: the calendars' updates for ``Store/addServerSource(_:updates:batch:now:)``,
  ///   and the appointments made of them.
  func firstSync(_ calendars: [DAVCalendar], key: String, server: any CalendarServer)
    throws -> (updates: [CalendarUpdate], plan: CalendarImport, batch: Store.CalendarBatch)
  {
    var updates: [CalendarUpdate] = []
    for calendar in calendars {
      let checkpoint = CalendarCheckpoint(
        url: calendar.url, syncToken: nil, ctag: nil, synced: false, etags: [:])
      do throws(DAVError) {
        let pull = try CalendarPull.pull(checkpoint, from: server, start: start)
        var update = Self.update(
          SourceCalendar(url: calendar.url.absoluteString, displayName: calendar.displayName),
          pull)
        update.calendar.displayName = update.calendar.displayName ?? calendar.displayName
        updates.append(update)
      } catch {
        throw Failure.server(error)
      }
    }
    let made = try Self.batch(
      source: key, resources: updates.flatMap(\.stored), context: context)
    return (updates, made.plan, made.batch)
  }

  /// What a pull changes of a calendar kept as `calendar`.
  static func update(_ calendar: SourceCalendar, _ pull: CalendarPull) -> CalendarUpdate {
    CalendarUpdate(
      calendar: SourceCalendar(
        url: calendar.url, displayName: pull.calendar.displayName,
        syncToken: pull.calendar.syncToken, ctag: pull.calendar.ctag),
      replacesAll: pull.replacesAll,
      stored: pull.fetched.map {
        CachedResource(calendar: calendar.url, href: $0.href, etag: $0.etag, data: $0.data)
      },
      removed: pull.removed)
  }

  /// The cache after `pulls` of `calendars`, as the store will hold it once their updates
  /// are written: each calendar's resources as its pull leaves them
  /// (``CalendarPull/applied(to:)``).
  static func applying(
    _ pulls: [CalendarPull], of calendars: [SourceCalendar], to cached: [CachedResource]
  ) -> [CachedResource] {
    var resources: [CachedResource] = []
    for (calendar, pull) in zip(calendars, pulls) {
      var before: [String: DAVDocument] = [:]
      for resource in cached where resource.calendar == calendar.url {
        before[resource.href] = DAVDocument(
          href: resource.href, etag: resource.etag, data: resource.data)
      }
      resources += pull.applied(to: before).values.map {
        CachedResource(calendar: calendar.url, href: $0.href, etag: $0.etag, data: $0.data)
      }
    }
    return resources.sorted { ($0.calendar, $0.href) < ($1.calendar, $1.href) }
  }

  /// The appointments every resource of a source gives, as `import` keeps one calendar.
  ///
  /// - Throws: ``Failure/calendar(_:)`` for a resource that cannot be read (named by its
  ///   href) or events that cannot be kept.
  static func batch(
    source key: String, resources: [CachedResource], context: ImportCommand.Context
  ) throws(Failure) -> (plan: CalendarImport, batch: Store.CalendarBatch) {
    var contents = CalendarContents()
    for resource in resources {
      do throws(CalendarError) {
        contents.append(
          try ICalendarFile.read(data: resource.data, name: resource.href, zones: context.zones))
      } catch {
        throw .calendar(error.description)
      }
    }
    let plan = context.plan(contents)
    return (plan, Store.CalendarBatch(source: key, plan: plan))
  }

  /// What pushing a source's departures calendar did.
  enum DeparturesPush {
    /// The source has no departures calendar.
    case none
    case pushed(created: Int, updated: Int, deleted: Int)
    /// The line that says why it failed.
    case failed(String)

    /// How ``line`` starts, by which the watch finds it in what a sync printed.
    static let label = "출발 캘린더:"

    /// `출발 캘린더: 새로 2 · 바뀜 1 · 지움 1`, or nil when it changed nothing.
    var line: String? {
      guard case .pushed(let created, let updated, let deleted) = self,
        created + updated + deleted > 0
      else { return nil }
      return "\(Self.label) 새로 \(created) · 바뀜 \(updated) · 지움 \(deleted)\n"
    }

    var failure: String? {
      if case .failed(let line) = self { return line }
      return nil
    }
  }

  /// After a source with a departures calendar is pulled, brings that calendar up to date.
  /// A failure there does not undo the pull: it is said, and tried again next sync.
  func pushDepartures(_ source: CalendarSource, server: any CalendarServer) -> DeparturesPush {
    guard let text = source.departuresURL, let url = URL(string: text) else { return .none }
    do {
      let counts = try DepartureCalendarSync.push(
        store: store, server: server, source: source.name, calendar: url, now: now)
      return .pushed(created: counts.created, updated: counts.updated, deleted: counts.deleted)
    } catch {
      return .failed("출발 캘린더를 올리지 못했습니다: \(Outcome.message(for: error))")
    }
  }
}
