import ChulbalCore
import ChulbalNotify
import ChulbalSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The backends of `notify.backends`, made for this run: the chain to deliver through, and
/// what a loop must wait on for their buttons.
struct NotifierSet {
  let chain: NotifierChain
  /// The desktop backend, when the chain has one; its buttons need the loop to pump its
  /// source.
  let desktop: LibnotifyNotifier?
  /// Buttons pressed since the loop last looked, by notice key.
  let pressed: PressedButtons

  /// Button presses handed from libnotify's callback to the loop, both on the loop's thread.
  final class PressedButtons: Sendable {
    private let presses = Mutex<[(key: Int, action: Notice.Action)]>([])

    func add(_ key: Int, _ action: Notice.Action) {
      presses.withLock { $0.append((key, action)) }
    }

    func take() -> [(key: Int, action: Notice.Action)] {
      presses.withLock { presses in
        defer { presses = [] }
        return presses
      }
    }
  }

  /// The chain `settings` asks for: libnotify, the command when one is set, the terminal.
  init(settings: Settings, environment: Environment) {
    let pressed = PressedButtons()
    var backends: [any Notifier] = []
    var desktop: LibnotifyNotifier?
    for backend in settings.backends {
      switch backend {
      case .libnotify:
        let notifier = LibnotifyNotifier(variables: environment.variables) { key, action in
          pressed.add(key, action)
        }
        desktop = notifier
        backends.append(notifier)
      case .command:
        if let arguments = settings.notifyCommand {
          backends.append(
            CommandNotifier(arguments: arguments, variables: environment.variables))
        }
      case .terminal:
        backends.append(
          TerminalNotifier(console: environment.console, ringsBell: isatty(STDERR_FILENO) == 1))
      }
    }
    chain = NotifierChain(backends)
    self.desktop = desktop
    self.pressed = pressed
  }

  /// What a loop waits on for the backends' buttons.
  var sources: [any PollSource] { desktop.map { [$0.pollSource] } ?? [] }

  /// The backends' names in order, as the chain tries them: `libnotify → terminal`.
  var description: String {
    chain.backends.isEmpty ? "없음" : chain.backends.map(\.name).joined(separator: " → ")
  }

  /// Ends the desktop backend's session (libnotify closes what it has open).
  func close() {
    desktop?.close()
  }
}
