import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// Runs the program of `notify.command` for each notice, as Remind's `-k` does, but with an
/// argument vector and no shell: what the notice says goes in its environment, never on a
/// command line a shell would read.
///
/// The program gets `CHULBAL_TITLE`, `CHULBAL_BODY`, `CHULBAL_URGENCY` (`low`, `normal`,
/// `critical`), `CHULBAL_START` and `CHULBAL_DEPARTURE` (ISO 8601 in UTC) and `CHULBAL_LINK`
/// (empty without one). It counts as delivered when it exits 0 within the timeout; one still
/// running then is killed with everything it started. Its standard output and error are read
/// through pipes, only their first few kilobytes kept (``ChildOutput``).
public struct CommandNotifier: Notifier {
  public let name = NotifyBackend.command.rawValue
  public let arguments: [String]
  let variables: [String: String]
  let timeout: TimeInterval

  public init(arguments: [String], variables: [String: String], timeout: TimeInterval = 5) {
    self.arguments = arguments
    self.variables = variables
    self.timeout = timeout
  }

  /// The variables the program is given for `notice`, beside the watch's own.
  public static func variables(for notice: Notice) -> [String: String] {
    /// `2026-12-01T10:00:00Z`: the instant in UTC, to the second.
    func format(_ date: Date) -> String { "\(WallTime(date, in: .gmt))Z" }
    return [
      "CHULBAL_TITLE": TextCleaning.plain(notice.summary),
      "CHULBAL_BODY": TextCleaning.plain(notice.body),
      "CHULBAL_URGENCY": notice.urgency.rawValue,
      "CHULBAL_START": notice.start.map(format) ?? "",
      "CHULBAL_DEPARTURE": notice.departure.map(format) ?? "",
      "CHULBAL_LINK": notice.link ?? "",
    ]
  }

  public func deliver(_ notice: Notice) throws(NotifyFailure) {
    if let failure = deliver(all: [notice])[0] { throw failure }
  }

  /// Runs the program once for each notice, all at once: notices due together are shown
  /// within one timeout, not one timeout after another.
  public func deliver(all notices: [Notice]) -> [NotifyFailure?] {
    let programs = notices.map { notice in
      ChildOutput.Program(
        arguments, environment: variables.merging(Self.variables(for: notice)) { $1 })
    }
    return ChildOutput.run(all: programs, timeout: timeout).map(failure)
  }

  /// Why a run of the program did not deliver its notice, or nil when it did.
  private func failure(_ run: Result<ChildOutput, SpawnError>) -> NotifyFailure? {
    let program = arguments.first ?? ""
    let result: ChildOutput
    switch run {
    case .success(let output):
      result = output
    case .failure(let error):
      return NotifyFailure(
        backend: name,
        reason: error.isNoSuchProgram
          ? "'\(program)' 프로그램이 없습니다"
          : "'\(program)'\(Korean.objectParticle(after: program)) 실행하지 못했습니다 (\(error.call.rawValue): \(error.reason))"
      )
    }
    guard let status = result.status else {
      return NotifyFailure(
        backend: name,
        reason:
          "'\(program)'\(Korean.subjectParticle(after: program)) \(Int(timeout))초 안에 끝나지 않아 멈췄습니다")
    }
    guard status == 0 else {
      let said = result.errorLine
      return NotifyFailure(
        backend: name,
        reason: "'\(program)'\(Korean.subjectParticle(after: program)) 상태 \(status)"
          + "\(Korean.directionParticle(after: String(status))) 끝났습니다"
          + (said.isEmpty ? "" : ": \(said)"))
    }
    return nil
  }
}
