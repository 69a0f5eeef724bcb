import FoundationEssentials
import Glibc

/// Where this desktop keeps a user's data and settings, from the given environment variables, by
/// the XDG Base Directory Specification 0.8
/// (https://specifications.freedesktop.org/basedir-spec/latest/): an unset, empty or relative
/// variable takes its default.
public struct XDGBaseDirectories: Equatable, Sendable {
  /// `$XDG_DATA_HOME`, else `$HOME/.local/share`: the user's own data files.
  public let dataHome: String
  /// The variable `dataHome` comes from, `XDG_DATA_HOME` or `HOME`; nil for the account's home.
  public let dataHomeVariable: String?
  /// `$XDG_CONFIG_HOME`, else `$HOME/.config`: the user's own settings.
  public let configHome: String
  /// `$XDG_DATA_DIRS`, else `/usr/local/share` and `/usr/share`: shared data files, most
  /// important first, searched after `dataHome`.
  public let dataDirs: [String]
  /// `$XDG_CONFIG_DIRS`, else `/etc/xdg`: shared settings, most important first, searched
  /// after `configHome`.
  public let configDirs: [String]

  /// The base directories `variables` name; an unset or empty `HOME` is the account's home.
  public init(variables: [String: String]) {
    let givenHome = variables["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    let home = givenHome ?? Self.accountHome()
    if let data = Self.directory(variables["XDG_DATA_HOME"]) {
      (dataHome, dataHomeVariable) = (data, "XDG_DATA_HOME")
    } else {
      (dataHome, dataHomeVariable) = (home + "/.local/share", givenHome == nil ? nil : "HOME")
    }
    configHome = Self.directory(variables["XDG_CONFIG_HOME"]) ?? home + "/.config"
    dataDirs = Self.directories(variables["XDG_DATA_DIRS"], default: "/usr/local/share:/usr/share")
    configDirs = Self.directories(variables["XDG_CONFIG_DIRS"], default: "/etc/xdg")
  }

  /// A single-directory variable when it holds an absolute path.
  private static func directory(_ value: String?) -> String? {
    value.flatMap { $0.hasPrefix("/") ? $0 : nil }
  }

  /// The absolute entries of a `:`-separated list, or of `default` when it is unset or empty.
  private static func directories(_ value: String?, default: String) -> [String] {
    (value.flatMap { $0.isEmpty ? nil : $0 } ?? `default`).split(separator: ":")
      .map(String.init).filter { $0.hasPrefix("/") }
  }

  /// The home folder of the account running chulbal, from the password database; `/` when it
  /// has none.
  private static func accountHome() -> String {
    guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir else { return "/" }
    return String(cString: folder)
  }
}
