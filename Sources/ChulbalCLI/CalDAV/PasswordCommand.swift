import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// The command that prints a CalDAV account's password (`--password-command`, as
/// vdirsyncer's `fetch = ["command", …]`): run with `/bin/sh -c` each time the password is
/// needed, its first line taken; chulbal never keeps the password, nor says it.
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

    var message: String {
      switch self {
      case .cannotStart(let command, let reason):
        return "비밀번호 명령을 실행할 수 없습니다 ('\(command)'): \(reason)"
      case .failed(let command, let status, let said):
        return "비밀번호 명령이 상태 \(status)로 끝났습니다 ('\(command)')"
          + (said.map { ": \($0)" } ?? "")
      case .printedNothing(let command):
        return "비밀번호 명령이 아무것도 출력하지 않았습니다 ('\(command)', 상태 0): 첫 줄에 비밀번호를 출력해야 합니다"
      case .timedOut(let command, let seconds):
        return "비밀번호 명령이 \(seconds)초 안에 끝나지 않았습니다 ('\(command)')"
      }
    }
  }

  let command: String
  /// Long enough for a person to answer a pinentry prompt.
  static let timeout: TimeInterval = 120

  /// Runs the command with `variables` as its environment.
  ///
  /// - Returns: the first line of its standard output, without the line ending.
  func password(variables: [String: String]) throws(Failure) -> String {
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&outputPipe) == 0 else {
      throw .cannotStart(command: command, reason: SystemErrorText.reason(errno))
    }
    guard pipe(&errorPipe) == 0 else {
      let code = errno
      close(outputPipe[0])
      close(outputPipe[1])
      throw .cannotStart(command: command, reason: SystemErrorText.reason(code))
    }
    // The child opens the pipes' write ends by name before everything from descriptor 3 on
    // is closed in it (ChildProcess's file actions run in that order), so nothing else of
    // chulbal's goes along.
    let child: ChildProcess
    do {
      child = try ChildProcess(
        ["/bin/sh", "-c", command], environment: variables,
        standardOutput: "/dev/fd/\(outputPipe[1])", standardError: "/dev/fd/\(errorPipe[1])")
    } catch {
      for descriptor in outputPipe + errorPipe { close(descriptor) }
      throw .cannotStart(command: command, reason: "\(error)")
    }
    close(outputPipe[1])
    close(errorPipe[1])
    defer {
      close(outputPipe[0])
      close(errorPipe[0])
    }
    let read = Self.readAll(
      [outputPipe[0], errorPipe[0]], until: Date().addingTimeInterval(Self.timeout))
    guard let read else {
      kill(child.pid, SIGKILL)
      _ = child.wait()
      throw .timedOut(command: command, seconds: Int(Self.timeout))
    }
    let status = child.wait() ?? -1
    guard status == 0 else {
      let said = Self.firstLine(read[1]).map(TextCleaning.visible)
      throw .failed(command: command, status: status, said: said?.isEmpty == true ? nil : said)
    }
    guard let password = Self.firstLine(read[0]), !password.isEmpty else {
      throw .printedNothing(command: command)
    }
    return password
  }

  /// The first line of `data`, without its `\n` or `\r\n`; nil for none.
  static func firstLine(_ data: Data) -> String? {
    guard !data.isEmpty else { return nil }
    let line = data.prefix { $0 != UInt8(ascii: "\n") }
    var text = String(decoding: line, as: UTF8.self)
    if text.hasSuffix("\r") { text.removeLast() }
    return text
  }

  /// Everything written to each descriptor until all are at their end, or nil at `deadline`.
  private static func readAll(_ descriptors: [Int32], until deadline: Date) -> [Data]? {
    var data = descriptors.map { _ in Data() }
    var open = Set(descriptors.indices)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !open.isEmpty {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return nil }
      var polled = open.sorted().map {
        pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0)
      }
      let ready = poll(&polled, nfds_t(polled.count), Int32(min(left, 1) * 1000))
      if ready < 0 && errno != EINTR { return nil }
      for entry in polled where entry.revents != 0 {
        guard let index = descriptors.firstIndex(of: entry.fd) else { continue }
        let count = Glibc.read(entry.fd, &buffer, buffer.count)
        if count > 0 {
          data[index].append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
          open.remove(index)
        }
      }
    }
    return data
  }
}
