import ChulbalCore
import ChulbalSystem

/// The last resort: one line on standard error, after the bell when that is a terminal.
///
/// Under systemd standard error is the journal, where a bell is a stray byte, so it rings
/// only on a terminal.
public struct TerminalNotifier: Notifier {
  public let name = NotifyBackend.terminal.rawValue
  let console: any Console
  let ringsBell: Bool

  public init(console: any Console, ringsBell: Bool) {
    self.console = console
    self.ringsBell = ringsBell
  }

  /// `[알림] 지금 출발하세요 · 저녁 약속 — 오후 7:00 강남역 2번 출구 · 이동 35분`
  public static func line(_ notice: Notice) -> String {
    let body = notice.body.split(whereSeparator: \.isNewline).joined(separator: " · ")
    return "[알림] \(TextCleaning.visible(notice.summary))"
      + (body.isEmpty ? "" : " — \(TextCleaning.visible(body))")
  }

  public func deliver(_ notice: Notice) throws(NotifyFailure) {
    do {
      try console.write((ringsBell ? "\u{7}" : "") + Self.line(notice) + "\n", to: .error)
    } catch {
      throw NotifyFailure(
        backend: name, reason: "표준 오류에 쓸 수 없습니다: \(SystemErrorText.reason(error.code))")
    }
  }
}
