// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "chulbal",
  products: [
    .executable(name: "chulbal", targets: ["chulbal"]),
    .executable(name: "chulbal-bench", targets: ["chulbal-bench"]),
  ],
  targets: [
    .target(name: "ChulbalCore"),
    .systemLibrary(name: "CSystem"),
    .target(name: "ChulbalSystem", dependencies: ["ChulbalCore", "CSystem"]),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .target(
      name: "ChulbalStore",
      dependencies: ["ChulbalCore", "ChulbalSystem", "CSQLite"]),
    .systemLibrary(
      name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
    .target(name: "ChulbalTerminal", dependencies: ["ChulbalCore", "ChulbalSystem", "CQREncode"]),
    .systemLibrary(
      name: "CLibnotify", pkgConfig: "libnotify", providers: [.apt(["libnotify-dev"])]),
    .target(name: "ChulbalNotify", dependencies: ["ChulbalCore", "ChulbalSystem", "CLibnotify"]),
    .systemLibrary(name: "CLibical", pkgConfig: "libical", providers: [.apt(["libical-dev"])]),
    .target(name: "ChulbalCalendar", dependencies: ["ChulbalCore", "ChulbalSystem", "CLibical"]),
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "CLibxml2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .target(
      name: "ChulbalCalDAV",
      dependencies: ["ChulbalCore", "ChulbalSystem", "ChulbalCalendar", "CCurl", "CLibxml2"]),
    // Route providers reach their services through ChulbalCalDAV's libcurl client.
    .target(
      name: "ChulbalRoutes", dependencies: ["ChulbalCore", "ChulbalSystem", "ChulbalCalDAV"]),
    .target(
      name: "ChulbalCLI",
      dependencies: [
        "ChulbalCore", "ChulbalSystem", "ChulbalStore", "ChulbalCalendar", "ChulbalCalDAV",
        "ChulbalTerminal", "ChulbalNotify", "ChulbalRoutes",
      ]),
    .executableTarget(name: "chulbal", dependencies: ["ChulbalCLI"]),
    .executableTarget(
      name: "chulbal-bench",
      dependencies: ["ChulbalCore", "ChulbalSystem", "ChulbalStore", "ChulbalCalendar"]),
    .target(
      name: "ChulbalTestSupport",
      dependencies: ["ChulbalCore", "ChulbalSystem", "ChulbalStore", "ChulbalCalDAV"]),
    .testTarget(
      name: "ChulbalCoreTests",
      dependencies: ["ChulbalCore", "ChulbalSystem", "ChulbalTestSupport"]),
    .testTarget(
      name: "ChulbalSystemTests",
      dependencies: ["ChulbalSystem", "ChulbalCore", "ChulbalTestSupport"]),
    .testTarget(
      name: "ChulbalStoreTests",
      dependencies: [
        "ChulbalStore", "ChulbalCore", "ChulbalSystem", "ChulbalTestSupport",
        // The real expander, handed to the stores the tests open.
        "ChulbalCalendar",
      ]),
    .testTarget(
      name: "ChulbalTerminalTests",
      dependencies: ["ChulbalTerminal", "ChulbalCore", "ChulbalTestSupport"]),
    .testTarget(
      name: "ChulbalNotifyTests",
      dependencies: ["ChulbalNotify", "ChulbalCore", "ChulbalSystem", "ChulbalTestSupport"]),
    .testTarget(
      name: "ChulbalCalendarTests",
      dependencies: ["ChulbalCalendar", "ChulbalCore", "ChulbalSystem", "ChulbalTestSupport"],
      // Read by path (`Fixtures.path`), not bundled: the oracle's Python reads them too.
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ChulbalCalDAVTests",
      dependencies: ["ChulbalCalDAV", "ChulbalCalendar", "ChulbalCore", "ChulbalTestSupport"]),
    .testTarget(
      name: "ChulbalRoutesTests",
      dependencies: ["ChulbalRoutes", "ChulbalCore", "ChulbalSystem", "ChulbalTestSupport"]),
    .testTarget(
      name: "ChulbalCLITests",
      dependencies: [
        "ChulbalCLI", "ChulbalCore", "ChulbalStore", "ChulbalSystem", "ChulbalTerminal",
        "ChulbalNotify", "ChulbalCalDAV", "ChulbalCalendar", "ChulbalRoutes", "ChulbalTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
