@preconcurrency import CLibnotify
import ChulbalCore
import FoundationEssentials

/// What a GLib call reported through its `GError**`, copied out so that no `GError` outlives the
/// call that made it.
struct GLibError: Error {
  let domain: GQuark
  let code: Int32
  /// GLib's message on one line: a message may end in a newline or carry a peer's text.
  let message: String

  /// Takes over `error`: its contents are copied, and the `GError` is freed and set to nil.
  init(taking error: inout UnsafeMutablePointer<GError>?) {
    domain = error?.pointee.domain ?? 0
    code = error?.pointee.code ?? 0
    let text = error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
    var line = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      line.append(TextCleaning.isControl(scalar) ? " " : scalar)
    }
    message = String(line).trimmingWhitespace()
    g_clear_error(&error)
  }

  /// Whether the call gave up waiting: its own timeout passed (`G_IO_ERROR_TIMED_OUT`), or the
  /// cancellable that enforces the overall deadline fired (`G_IO_ERROR_CANCELLED`).
  var isTimeout: Bool {
    domain == g_io_error_quark()
      && (code == Int32(G_IO_ERROR_TIMED_OUT.rawValue)
        || code == Int32(G_IO_ERROR_CANCELLED.rawValue))
  }
}
