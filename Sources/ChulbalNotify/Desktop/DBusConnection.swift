@preconcurrency import CLibnotify

/// A private connection to a D-Bus message bus, for the calls of one preflight.
///
/// Made with `g_dbus_connection_new_for_address_sync` rather than `g_bus_get`: the shared session
/// connection is made once per process from the process's environment and kept, and it may
/// autolaunch a bus, while this one goes to the address given, every time, and is closed when
/// the value goes away.
final class DBusConnection {
  private let connection: OpaquePointer

  /// Connects to the bus at `address`, authenticates, and says Hello.
  ///
  /// - Parameter cancellable: stops the connection when it fires; nothing else bounds how long a
  ///   bus that accepts the connection but never answers can keep it waiting.
  init(address: String, cancellable: UnsafeMutablePointer<GCancellable>) throws(GLibError) {
    let flags = GDBusConnectionFlags(
      G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
    var error: UnsafeMutablePointer<GError>?
    guard
      let made = g_dbus_connection_new_for_address_sync(
        address, flags, nil, cancellable, &error)
    else { throw GLibError(taking: &error) }
    connection = made
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(connection)) }

  /// Calls `method` with string arguments and waits for a reply of type `replyType`, at most
  /// `timeoutMilliseconds`.
  func call(
    _ destination: String, path: String, interface: String, method: String,
    arguments: [String] = [], replyType: String, timeoutMilliseconds: Int32,
    cancellable: UnsafeMutablePointer<GCancellable>
  ) throws(GLibError) -> GVariantValue {
    // A floating reference: the call takes it over.
    var children: [OpaquePointer?] = arguments.map { g_variant_new_string($0) }
    let parameters = arguments.isEmpty ? nil : g_variant_new_tuple(&children, gsize(children.count))
    let type = g_variant_type_new(replyType)
    defer { g_variant_type_free(type) }
    var error: UnsafeMutablePointer<GError>?
    guard
      let reply = g_dbus_connection_call_sync(
        connection, destination, path, interface, method, parameters, type,
        G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, cancellable,
        &error)
    else { throw GLibError(taking: &error) }
    return GVariantValue(owning: reply)
  }
}
