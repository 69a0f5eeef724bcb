import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// The command that prints a CalDAV account's password (`--password-command`, as
/// vdirsyncer's `fetch = ["command", …]`): run with `/bin/sh -c` each time the password is
/// needed, its first line taken; chulbal never keeps the password, nor says it. Only the first
/// few kilobytes of what it prints are read (``ChildOutput``).
struct PasswordCommand: Sendable {
  /// Why no password came.
  enum Failure: Error, Equatable, Sendable {
    /// The shell could not be started.
    case cannotStart(command: String, reason: String)
    /// It ended with a status other than 0; `said` is the first line of its standard error.
    case failed(command: String, status: Int32, said: String?)
    /// It ended well but printed nothing on its first line.
    case printedNothing(command: String)
    /// It ran past ``timeout`` (a prompt nobody answers).
    case timedOut(command: String, seconds: Int)
    /// Its first line is longer than the bytes read of its output.
    case lineTooLong(command: String, limit: Int)

    var message: String { message(printing: "비밀번호") }

    /// The message for a command that prints `secret` (`비밀번호`, or `키` for a route
    /// provider's key command, which runs the same way).
    func message(printing secret: String) -> String {
      let noun = "\(secret) 명령"
      switch self {
      case .cannotStart(let command, let reason):
        return "\(noun)을 실행할 수 없습니다 ('\(command)'): \(reason)"
      case .failed(let command, let status, let said):
        let particle = Korean.directionParticle(after: String(status))
        return "\(noun)이 상태 \(status)\(particle) 끝났습니다 ('\(command)')"
          + (said.map { ": \($0)" } ?? "")
      case .printedNothing(let command):
        return
          "\(noun)이 아무것도 출력하지 않았습니다 ('\(command)', 상태 0): 첫 줄에 \(secret)\(Korean.objectParticle(after: secret)) 출력해야 합니다"
      case .timedOut(let command, let seconds):
        return "\(noun)이 \(seconds)초 안에 끝나지 않았습니다 ('\(command)')"
      case .lineTooLong(let command, let limit):
        return "\(noun)이 출력한 첫 줄이 \(limit)바이트보다 깁니다 ('\(command)')"
      }
    }
  }

  let command: String
  /// Long enough for a person to answer a pinentry prompt.
  var timeout: TimeInterval = 120

  /// Runs the command with `variables` as its environment.
  ///
  /// - Returns: the first line of its standard output, without the line ending.
  func password(variables: [String: String]) throws(Failure) -> String {
    let result: ChildOutput
    do throws(SpawnError) {
      result = try ChildOutput.run(
        ["/bin/sh", "-c", command], environment: variables, timeout: timeout)
    } catch {
      throw .cannotStart(command: command, reason: "\(error)")
    }
    guard let status = result.status else {
      throw .timedOut(command: command, seconds: Int(timeout))
    }
    guard status == 0 else {
      let said = result.errorLine
      throw .failed(command: command, status: status, said: said.isEmpty ? nil : said)
    }
    // All that was kept, without a line end: the line goes on past what was read.
    if result.output.count == ChildOutput.limit && !result.output.contains(UInt8(ascii: "\n")) {
      throw .lineTooLong(command: command, limit: ChildOutput.limit)
    }
    guard let password = ChildOutput.firstLine(of: result.output), !password.isEmpty else {
      throw .printedNothing(command: command)
    }
    return password
  }
}
