import ChulbalCore
import ChulbalStore
import ChulbalSystem
import ChulbalTerminal
import FoundationEssentials

/// A command that ran but could not do its job (exit status 1).
enum RuntimeFailure: Error, Equatable {
  /// Nothing is upcoming for a command that needs an appointment; what to do instead depends
  /// on the command.
  case nothingUpcoming(command: String)
  /// The person answered no when asked to confirm a deletion.
  case notRemoved
  /// The person answered no when asked whether to add an appointment a second time.
  case notAdded
  /// `undo` with no change recorded.
  case nothingToUndo
  /// libqrencode, loaded for `nav --qr` alone, cannot be loaded; dlerror's words.
  case qrLibraryMissing(String)
  /// A link longer than the largest QR code holds.
  case linkTooLongForQRCode(bytes: Int)
  /// The terminal is smaller than the QR code with its link above it.
  case qrCodeDoesNotFit(rows: Int, columns: Int, terminalRows: Int, terminalColumns: Int)
  /// Standard output was closed when chulbal started, so nothing was done: an `add` whose
  /// confirmation nobody sees would only be retried and kept twice.
  case outputClosed
  /// Standard output could not be written; `afterRunning` when the command had done its work
  /// (a row kept, a setting changed) before its result could not be shown.
  case unwritableOutput(WriteError, afterRunning: Bool)
  /// Another watch serves the database, or its lock cannot be taken.
  case watchLocked(WatchLock.Failure)
  /// The watch cannot make what it waits on (a timer, the store's folder watch).
  case watchCannotWait(SystemCallError)
  /// SIGBUS ended the watch: a write into the database's `-shm` file, which SQLite maps into
  /// memory, failed (the file was made immutable or read-only under it).
  case watchBusError(sharedMemoryFile: String)
  /// No backend delivered a test notice.
  case notDelivered([String])
  /// `remove --on-server`: the appointment's event is in none of the resources kept from its
  /// calendar (the server's copy changed since the last sync).
  case notOnServer(String)
  /// `export --out` could not write its file; nothing was left in its place.
  case unwritableExport(path: String, reason: String)

  var message: String {
    switch self {
    case .notOnServer(let what):
      return "\(what)의 일정을 서버 캘린더에서 찾지 못했습니다. chulbal sync 뒤에 다시 해 보세요"
    case .unwritableExport(let path, let reason):
      return "'\(path)'에 쓸 수 없습니다: \(reason)"
    case .nothingUpcoming(let command):
      let next: String =
        switch command {
        case CountdownCommand.name: "'chulbal countdown --at +25m'처럼 시각을 주거나 chulbal add로 약속을 추가하세요"
        case NavCommand.name: "약속 번호를 주거나 '--to 이름 --coord 위도,경도'로 목적지를 주세요"
        default: Self.addHint()
        }
      return "다가오는 약속이 없습니다. \(next)"
    case .notRemoved: return "지우지 않았습니다"
    case .notAdded: return "추가하지 않았습니다"
    case .nothingToUndo:
      return "되돌릴 변경이 없습니다 (remove, edit, import, place로 바꾼 마지막 하나를 되돌립니다)"
    case .qrLibraryMissing(let reason):
      return "QR 코드를 그릴 libqrencode를 불러올 수 없습니다 (\(reason)): libqrencode4 패키지를 설치하세요"
    case .linkTooLongForQRCode(let bytes):
      return "링크가 \(bytes)바이트라 QR 코드로 만들 수 없습니다 (QR 코드에는 \(QRCode.capacity)바이트까지 담깁니다)"
    case .qrCodeDoesNotFit(let rows, let columns, let terminalRows, let terminalColumns):
      let need =
        columns > terminalColumns
        ? "\(rows)줄 \(columns)칸이 필요한데 지금 \(terminalRows)줄 \(terminalColumns)칸입니다"
        : "\(rows)줄이 필요한데 지금 \(terminalRows)줄입니다"
      return "터미널이 작아 QR 코드를 그리지 않았습니다: \(need) (창을 키우거나 글꼴을 줄이세요)"
    case .outputClosed: return "표준 출력이 닫혀 있어 명령을 실행하지 않았습니다"
    case .unwritableOutput(let error, let afterRunning):
      let what = afterRunning ? "명령은 실행했지만 결과를 표준 출력에 쓰지 못했습니다" : "표준 출력에 쓰지 못했습니다"
      return "\(what): \(SystemErrorText.reason(error.code))"
    case .watchLocked(.held(let path, let pid)):
      let holder = pid.map { "다른 watch(PID \($0))" } ?? "다른 watch"
      return "\(holder)가 이미 이 데이터베이스를 지켜보고 있습니다 (잠금 파일 '\(path)')"
    case .watchLocked(.heldThroughAnotherName(let database)):
      return "다른 watch가 이미 이 데이터베이스 파일을 다른 이름(하드 링크)으로 지켜보고 있습니다 ('\(database)')"
    case .watchLocked(.cannotOpen(let path, let error)):
      return "잠금 파일 '\(path)'\(Korean.objectParticle(after: path)) 열 수 없습니다: \(error.message)"
    case .watchCannotWait(let error):
      return "알림을 기다릴 준비를 하지 못했습니다: \(error.message)"
    case .watchBusError(let file):
      return "데이터베이스에 딸린 파일 '\(file)'에 쓰지 못해 watch를 끝냅니다 (SIGBUS). 권한이나 chattr +i 속성을 확인하세요"
    case .notDelivered(let reasons):
      // No backend was left to try: each one named was refused before (and said why).
      guard !reasons.isEmpty else {
        return "알림을 보내지 못했습니다: 쓸 수 있는 알림 방식이 없습니다 "
          + "(chulbal config get notify.backends, notify.command를 확인하세요)"
      }
      return "알림을 보내지 못했습니다: \(reasons.joined(separator: "; "))"
    }
  }

  /// How to add the first appointment, for empty states; `day` is the day the example says.
  static func addHint(day: String = "내일") -> String {
    "추가하려면: chulbal add \"저녁 약속\" --at \"\(day) 오후 7시\" --travel 30m"
  }
}

extension Outcome {
  /// The outcome of any error a command throws: bad input exits 2, everything else 1.
  static func failure(_ error: any Error) -> Outcome {
    .failure(message(for: error), exitCode: error is UsageError ? usageExitCode : failureExitCode)
  }

  /// The one line any error a command throws is said in, without the `chulbal: ` of
  /// standard error.
  static func message(for error: any Error) -> String {
    switch error {
    case let usage as UsageError: usage.message
    case let store as StoreError: store.description
    case let failure as RuntimeFailure: failure.message
    case let failure as ServerSync.Failure: failure.message
    default: "\(error)"
    }
  }
}
