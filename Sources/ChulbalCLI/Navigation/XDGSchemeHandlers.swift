import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Synchronization

/// Which URL schemes have an application on this desktop, read the XDG way without running
/// anything: `.desktop` files with `MimeType=x-scheme-handler/SCHEME`, and `mimeapps.list` entries
/// naming an installed one. Read once, on the first question.
final class XDGSchemeHandlers: SchemeHandlerLookup {
  private let variables: [String: String]
  private let schemes = Mutex<Set<String>?>(nil)

  init(variables: [String: String]) {
    self.variables = variables
  }

  func hasHandler(forScheme scheme: String) -> Bool {
    schemes.withLock { schemes in
      let known = schemes ?? Self.registeredSchemes(variables)
      schemes = known
      return known.contains(scheme.lowercased())
    }
  }

  /// `$XDG_DATA_HOME/applications` first, then each of `$XDG_DATA_DIRS`.
  static func applicationFolders(_ variables: [String: String]) -> [String] {
    let base = XDGBaseDirectories(variables: variables)
    return ([base.dataHome] + base.dataDirs).map { $0 + "/applications" }
  }

  /// `$XDG_CONFIG_HOME`, then each of `$XDG_CONFIG_DIRS`, then the application folders.
  static func mimeappsFiles(_ variables: [String: String]) -> [String] {
    let base = XDGBaseDirectories(variables: variables)
    return ([base.configHome] + base.configDirs + applicationFolders(variables))
      .map { $0 + "/mimeapps.list" }
  }

  static func registeredSchemes(_ variables: [String: String]) -> Set<String> {
    let prefix = "x-scheme-handler/"
    var declared: Set<String> = []
    var desktopFiles: Set<String> = []
    for folder in applicationFolders(variables) {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for name in names where name.hasSuffix(".desktop") {
        desktopFiles.insert(name)
        guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8),
          !entries(text, section: "Desktop Entry", key: "Hidden").contains("true")
        else { continue }
        for type in entries(text, section: "Desktop Entry", key: "MimeType")
        where type.hasPrefix(prefix) {
          declared.insert(String(type.dropFirst(prefix.count)).lowercased())
        }
      }
    }
    for file in mimeappsFiles(variables) {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
      for section in ["Default Applications", "Added Associations"] {
        for (key, values) in keyedEntries(text, section: section) where key.hasPrefix(prefix) {
          if values.contains(where: desktopFiles.contains) {
            declared.insert(String(key.dropFirst(prefix.count)).lowercased())
          }
        }
      }
    }
    return declared
  }

  /// The `;`-separated values of `key` in `[section]` of a desktop-entry style file.
  static func entries(_ text: String, section: String, key: String) -> [String] {
    keyedEntries(text, section: section).first { $0.key == key }?.values ?? []
  }

  static func keyedEntries(_ text: String, section: String) -> [(key: String, values: [String])] {
    var inSection = false
    var result: [(key: String, values: [String])] = []
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingWhitespace()
      if line.hasPrefix("[") {
        inSection = line == "[\(section)]"
        continue
      }
      guard inSection, !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else {
        continue
      }
      let key = line[..<equals].trimmingWhitespace()
      let values = line[line.index(after: equals)...].split(separator: ";")
        .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
      result.append((key, values))
    }
    return result
  }
}
