import ChulbalCore
import FoundationEssentials

/// A route provider's key command (`kakao.key-command`): run as a CalDAV account's
/// `--password-command` is, each time the key is needed, and never kept or shown.
enum RouteKeyCommand {
  /// The key getter the providers are given, running commands with `variables`.
  static func key(_ variables: [String: String])
    -> @Sendable (RouteSource, String) throws(RouteFailure) -> String
  {
    { source, command throws(RouteFailure) -> String in
      do throws(PasswordCommand.Failure) {
        return try PasswordCommand(command: command).password(variables: variables)
      } catch {
        throw .key(error.message(printing: "키"))
      }
    }
  }
}
