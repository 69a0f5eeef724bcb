import ChulbalCore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChulbalCLI

/// Records the links a command hands to the desktop, opening none; fails them with `failure`
/// when given.
final class RecordingOpener: LinkOpener {
  private let opened = Mutex<[MapLink]>([])
  let failure: LinkOpenFailure?

  init(failing failure: LinkOpenFailure? = nil) {
    self.failure = failure
  }

  func open(_ link: MapLink, appSchemeRegistered: Bool) throws(LinkOpenFailure) {
    opened.withLock { $0.append(link) }
    if let failure { throw failure }
  }

  var links: [MapLink] { opened.withLock { $0 } }
}

/// An opener for commands that must not open anything: any use is a test failure.
struct UnexpectedOpener: LinkOpener {
  func open(_ link: MapLink, appSchemeRegistered: Bool) throws(LinkOpenFailure) {
    Issue.record("a link was opened, which this test did not expect: \(link.url)")
  }
}

/// A desktop with handlers for exactly these schemes.
struct FixedHandlers: SchemeHandlerLookup {
  let schemes: Set<String>
  func hasHandler(forScheme scheme: String) -> Bool { schemes.contains(scheme) }
}

extension Environment {
  /// An environment of doubles: the clock stopped at `now`, a console and an opener that fail
  /// the test when used, no app handlers, Seoul as the system zone, and a home that does not
  /// exist unless `variables` gives one.
  static func test(
    now: Date = mondayAfternoon, clock: (any WallClock)? = nil,
    console: any Console = UnexpectedConsole(), variables: [String: String] = [:],
    timeZone: Result<Zone, InputError> = .success(seoul),
    opener: any LinkOpener = UnexpectedOpener(),
    handlers: any SchemeHandlerLookup = FixedHandlers(schemes: []), interactive: Bool = false,
    confirm: @escaping @Sendable (String) -> Bool = { _ in
      Issue.record("a question was asked, which this test did not expect")
      return false
    }
  ) -> Environment {
    // Without a HOME the account's own would be used, and a command would read the real
    // user's database: one the test did not make, and that another version may have made.
    let home = ["HOME": "/nonexistent/chulbal-test-home"]
    return Environment(
      clock: clock ?? FixedClock(now), console: console, timeZone: timeZone,
      variables: variables.merging(home) { given, _ in given }, schemeHandlers: handlers,
      opener: opener,
      isInteractive: interactive, confirm: confirm)
  }
}

/// Monday 2026-11-30, 14:00 in Seoul, with the system zone set to Seoul.
let seoulAfternoon = Environment.test()

func run(_ line: [String], _ environment: Environment = seoulAfternoon) -> Outcome {
  CLI.run(line, environment: environment)
}
