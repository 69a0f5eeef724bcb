import ChulbalCalDAV
import ChulbalCore
import ChulbalRoutes
import ChulbalStore
import FoundationEssentials
import Synchronization

/// Asks the route providers for the trips a command's write of appointments needs, before
/// the write and outside its transaction, so that no write waits on a network and no reader
/// ever does.
///
/// A rehearsal of the write (``Store/routeQueries(asking:rehearsing:)``) says which trips
/// would fall back to the estimate; those are asked, at most ``parallelRequests`` at a time
/// and at most `route.limit` requests in one command, cached, and handed to the store
/// (``Store/knownRoutes``), whose origin rule then uses them in the write itself.
final class RouteAsker {
  /// Requests in flight at once: enough to bring a calendar's trips in a few seconds, few
  /// enough not to look like a flood to a free service's rate limit.
  static let parallelRequests = 4

  private let store: Store
  private let settings: RouteSettings
  private let chains: [TravelMode: RouteChain]
  private let now: Date
  /// Requests this command may still send.
  private var budget: Int
  /// Trips left to the estimate because the budget was spent.
  private(set) var unasked = 0
  /// One line for each provider and reason passed over, in the order first met.
  private(set) var passedOver: [String] = []

  /// Nil when there is no store, or no chain names a provider: then nothing is ever asked,
  /// and every command works as without live routes.
  init?(store: Store?, environment: Environment, now: Date) throws {
    guard let store else { return nil }
    let settings = try store.settings().routes
    guard settings.asksProviders else { return nil }
    self.store = store
    self.settings = settings
    self.now = now
    budget = settings.limit
    let key = RouteKeyCommand.key(environment.variables)
    var chains: [TravelMode: RouteChain] = [:]
    for mode in TravelMode.allCases where !(settings.chains[mode] ?? []).isEmpty {
      chains[mode] = RouteProviders.chain(
        for: mode, settings: settings, key: key, environment: environment.variables, now: now)
    }
    self.chains = chains
  }

  /// Asks for the trips `write` will leave to the estimate, caches the answers and hands
  /// them to the store; `write` itself is only rehearsed here, and the caller runs it next.
  func prepare(_ write: () throws -> Void) throws {
    store.knownRoutes = try store.cachedRoutes(now: now, settings: settings)
    let queries = try store.routeQueries(
      asking: { chains[$0] != nil }, rehearsing: write)
    guard !queries.isEmpty else { return }
    let answered = ask(queries)
    try store.cacheRoutes(answered, now: now, keepSeconds: settings.cacheSeconds)
    store.knownRoutes.routes += answered
  }

  /// Asks the route providers for the trips `write` will plan again, when any chain names
  /// one (a change of the default place plans every trip ahead again); `write` is only
  /// rehearsed here, and the caller runs it next.
  ///
  /// - Returns: the lines to say on standard error: each provider passed over, once.
  static func asking(
    _ store: Store, environment: Environment, now: Date, write: () throws -> Void
  ) throws -> [String] {
    guard let routes = try RouteAsker(store: store, environment: environment, now: now) else {
      return []
    }
    try routes.prepare(write)
    return routes.diagnostics
  }

  /// `길찾기 요청 한도(200)에 닿아 37개는 추정값을 씁니다`, when the budget left trips unasked.
  var limitLine: String? {
    guard unasked > 0 else { return nil }
    return "길찾기 요청 한도(\(settings.limit))에 닿아 \(unasked)개는 추정값을 씁니다"
  }

  /// The lines to say on standard error: each failure once, then the limit.
  var diagnostics: [String] { passedOver + (limitLine.map { [$0] } ?? []) }

  /// The answers to `queries` that came from a provider, asked side by side.
  private func ask(_ queries: [RouteQuery]) -> [KnownRoute] {
    let shared = Shared(budget: budget)
    let chains = chains
    WorkerThreads.run(min(Self.parallelRequests, queries.count)) {
      while let index = shared.state.withLock({ $0.take(below: queries.count) }) {
        let query = queries[index]
        guard let chain = chains[query.mode] else { continue }
        let answer = try? chain.ask(
          query,
          passedOver: { source, failure, next in
            let line = RouteChain.passedOverMessage(source, failure, next: next)
            shared.state.withLock { state in
              if !state.lines.contains(line) { state.lines.append(line) }
            }
          },
          asking: { _ in shared.state.withLock { $0.spend(for: index) } })
        if let answer, answer.source != .estimate {
          shared.state.withLock { $0.answers.append((index, KnownRoute(query, answer))) }
        }
      }
    }
    return shared.state.withLock { state in
      budget = state.budget
      unasked += state.refused.count
      for line in state.lines where !passedOver.contains(line) { passedOver.append(line) }
      return state.answers.sorted { $0.index < $1.index }.map(\.route)
    }
  }

  /// What the workers share.
  private final class Shared: Sendable {
    let state: Mutex<State>

    init(budget: Int) {
      state = Mutex(State(budget: budget))
    }
  }

  private struct State {
    var budget: Int
    var next = 0
    var answers: [(index: Int, route: KnownRoute)] = []
    var lines: [String] = []
    /// The queries a provider was not asked for, the budget being spent.
    var refused: Set<Int> = []

    /// The next query to ask, nil when none is left.
    mutating func take(below count: Int) -> Int? {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }

    /// Spends one request on query `index`, or records that the budget is spent.
    mutating func spend(for index: Int) -> Bool {
      guard budget > 0 else {
        refused.insert(index)
        return false
      }
      budget -= 1
      return true
    }
  }
}
