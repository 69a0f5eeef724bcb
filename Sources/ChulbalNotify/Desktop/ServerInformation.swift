/// What the desktop's notification server says about itself, as `doctor` shows it.
public struct ServerInformation: Equatable, Sendable {
  /// The server's product name: `dunst`, `gnome-shell`, `Plasma`.
  public var name: String
  public var vendor: String
  public var version: String
  /// The version of the Desktop Notifications Specification it follows, such as `1.2`.
  public var specVersion: String
  /// What it can do beyond plain text: `actions`, `body-markup`, `persistence`, …
  public var capabilities: [String]

  public init(
    name: String, vendor: String, version: String, specVersion: String, capabilities: [String]
  ) {
    self.name = name
    self.vendor = vendor
    self.version = version
    self.specVersion = specVersion
    self.capabilities = capabilities
  }

  /// Whether the server reads the body as notification markup, so text must be escaped.
  public var readsBodyMarkup: Bool { capabilities.contains("body-markup") }

  /// Whether the server shows buttons and reports which one was pressed.
  public var showsActions: Bool { capabilities.contains("actions") }
}
