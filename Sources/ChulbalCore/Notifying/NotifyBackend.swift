/// The ways chulbal can deliver a notice, in the default order of the chain.
public enum NotifyBackend: String, CaseIterable, Sendable {
  /// The desktop's notification server, over D-Bus.
  case libnotify
  /// The program of `notify.command`, when one is set.
  case command
  /// The terminal bell and one line on standard error.
  case terminal

  /// Reads a comma-separated chain such as `command,terminal`: known names, each once.
  public static func parseChain(_ text: String) throws(InputError) -> [NotifyBackend] {
    try NameList.parse(text, what: "알림 방식") { .backends(text, reason: $0) }
  }
}
