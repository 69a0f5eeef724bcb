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
    var chain: [NotifyBackend] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = item.trimmingWhitespace().lowercased()
      guard let backend = NotifyBackend(rawValue: name) else {
        throw .backends(
          text, reason: "'\(name)'\(Korean.topicParticle(after: name)) 알 수 없는 알림 방식입니다")
      }
      guard !chain.contains(backend) else {
        throw .backends(text, reason: "'\(name)'\(Korean.subjectParticle(after: name)) 두 번 있습니다")
      }
      chain.append(backend)
    }
    return chain
  }
}
