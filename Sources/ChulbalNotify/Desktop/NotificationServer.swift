@preconcurrency import CLibnotify
import ChulbalCore

/// The desktop's notification server (`org.freedesktop.Notifications` on the session bus), and
/// the check that it can be reached before libnotify is asked to.
///
/// libnotify waits for every reply with GDBus's default timeout of 25 seconds, and a frozen
/// server, or a name whose activation never completes, costs that per call; without a session
/// address GIO may autolaunch a hidden bus of its own. The preflight asks on a connection of its
/// own, with a deadline, questions that can neither activate nor autolaunch anything.
public enum NotificationServer {
  /// The backend name failures carry.
  public static let backend = "libnotify"
  /// The well-known name a notification server owns.
  public static let busName = "org.freedesktop.Notifications"
  /// How long the preflight may take: under the second in which a watch must decide that
  /// the desktop cannot show an alert and hand it on, and ages for a server, which answers in
  /// a few milliseconds.
  public static let defaultTimeoutMilliseconds: Int32 = 750
  static let objectPath = "/org/freedesktop/Notifications"

  /// Finds out, within `timeoutMilliseconds`, whether a notification server answers on the
  /// session bus named in `variables`, and what it says about itself.
  ///
  /// Steps: the address must be given (GIO would otherwise autolaunch a bus); a private
  /// connection to it; `NameHasOwner` on the bus itself, which cannot start a server; then
  /// `GetServerInformation` and `GetCapabilities` on the server, which catch one that is frozen.
  /// Every step shares the one deadline.
  ///
  /// - Parameter variables: the environment, of which only `DBUS_SESSION_BUS_ADDRESS` is read.
  /// - Returns: the server's information, or a failure of backend `libnotify` whose reason is
  ///   one Korean line.
  public static func preflight(
    variables: [String: String], timeoutMilliseconds: Int32 = defaultTimeoutMilliseconds
  ) -> Result<ServerInformation, NotifyFailure> {
    func failure(_ reason: String) -> Result<ServerInformation, NotifyFailure> {
      .failure(NotifyFailure(backend: backend, reason: reason))
    }
    guard let address = variables["DBUS_SESSION_BUS_ADDRESS"] else {
      return failure("D-Bus 세션이 없습니다 (DBUS_SESSION_BUS_ADDRESS가 없음)")
    }
    guard !address.isEmpty else {
      return failure("D-Bus 세션이 없습니다 (DBUS_SESSION_BUS_ADDRESS가 비어 있음)")
    }
    if let error = chulbal_notify_load_error() {
      return failure("libnotify를 불러올 수 없습니다 (\(String(cString: error)))")
    }
    let deadline = CallDeadline(milliseconds: timeoutMilliseconds)
    let busTimeout = "D-Bus 세션이 \(timeoutMilliseconds)ms 안에 답하지 않습니다"
    let serverTimeout = "알림 서버가 \(timeoutMilliseconds)ms 안에 답하지 않습니다"

    let connection: DBusConnection
    do throws(GLibError) {
      connection = try DBusConnection(address: address, cancellable: deadline.cancellable)
    } catch {
      return failure(
        error.isTimeout ? busTimeout : "D-Bus 세션에 연결할 수 없습니다 (\(error.message))")
    }

    do throws(GLibError) {
      let owned = try connection.call(
        "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
        method: "NameHasOwner", arguments: [busName], replyType: "(b)",
        timeoutMilliseconds: deadline.remainingMilliseconds, cancellable: deadline.cancellable)
      guard owned.child(0).bool else {
        return failure("알림 서버가 없습니다 (\(busName)를 가진 프로세스가 없음)")
      }
    } catch {
      return failure(
        error.isTimeout ? busTimeout : "D-Bus 세션에 물을 수 없습니다 (\(error.message))")
    }

    do throws(GLibError) {
      let information = try connection.call(
        busName, path: objectPath, interface: busName, method: "GetServerInformation",
        replyType: "(ssss)", timeoutMilliseconds: deadline.remainingMilliseconds,
        cancellable: deadline.cancellable)
      let capabilities = try connection.call(
        busName, path: objectPath, interface: busName, method: "GetCapabilities",
        replyType: "(as)", timeoutMilliseconds: deadline.remainingMilliseconds,
        cancellable: deadline.cancellable)
      return .success(
        ServerInformation(
          name: information.child(0).string, vendor: information.child(1).string,
          version: information.child(2).string, specVersion: information.child(3).string,
          capabilities: capabilities.child(0).strings))
    } catch {
      return failure(
        error.isTimeout ? serverTimeout : "알림 서버가 답하지 못했습니다 (\(error.message))")
    }
  }
}
