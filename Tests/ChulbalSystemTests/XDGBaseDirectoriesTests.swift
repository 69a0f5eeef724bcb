import ChulbalSystem
import Foundation
import Testing

@Suite struct XDGBaseDirectoriesTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let variables: [String: String]
    let dataHome: String
    let configHome: String
    var dataDirs = ["/usr/local/share", "/usr/share"]
    var configDirs = ["/etc/xdg"]

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "only HOME", variables: ["HOME": "/home/a"], dataHome: "/home/a/.local/share",
      configHome: "/home/a/.config"),
    Case(
      name: "every variable set",
      variables: [
        "HOME": "/home/a", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "/config",
        "XDG_DATA_DIRS": "/opt/share:/usr/share", "XDG_CONFIG_DIRS": "/opt/xdg:/etc/xdg",
      ],
      dataHome: "/data", configHome: "/config", dataDirs: ["/opt/share", "/usr/share"],
      configDirs: ["/opt/xdg", "/etc/xdg"]),
    Case(
      name: "relative homes are ignored",
      variables: ["HOME": "/home/a", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "./config"],
      dataHome: "/home/a/.local/share", configHome: "/home/a/.config"),
    Case(
      name: "empty homes take the default",
      variables: ["HOME": "/home/a", "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": ""],
      dataHome: "/home/a/.local/share", configHome: "/home/a/.config"),
    Case(
      name: "empty lists take the default",
      variables: ["HOME": "/home/a", "XDG_DATA_DIRS": "", "XDG_CONFIG_DIRS": ""],
      dataHome: "/home/a/.local/share", configHome: "/home/a/.config"),
    Case(
      name: "relative and empty list entries are dropped",
      variables: [
        "HOME": "/home/a", "XDG_DATA_DIRS": "share::/usr/share:",
        "XDG_CONFIG_DIRS": "xdg:/etc/xdg",
      ],
      dataHome: "/home/a/.local/share", configHome: "/home/a/.config",
      dataDirs: ["/usr/share"]),
    Case(
      name: "a list of only relative entries is empty",
      variables: ["HOME": "/home/a", "XDG_DATA_DIRS": "share", "XDG_CONFIG_DIRS": "xdg"],
      dataHome: "/home/a/.local/share", configHome: "/home/a/.config", dataDirs: [],
      configDirs: []),
    Case(
      name: "no HOME is the account's home", variables: [:],
      dataHome: NSHomeDirectory() + "/.local/share", configHome: NSHomeDirectory() + "/.config"),
    Case(
      name: "an empty HOME is the account's home", variables: ["HOME": ""],
      dataHome: NSHomeDirectory() + "/.local/share", configHome: NSHomeDirectory() + "/.config"),
  ]

  @Test(arguments: cases) func folders(_ test: Case) {
    let base = XDGBaseDirectories(variables: test.variables)
    #expect(base.dataHome == test.dataHome)
    #expect(base.configHome == test.configHome)
    #expect(base.dataDirs == test.dataDirs)
    #expect(base.configDirs == test.configDirs)
  }
}
