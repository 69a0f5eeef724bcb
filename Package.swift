// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "chulbal",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "chulbal", targets: ["chulbal"]),
    .executable(name: "chulbal-bench", targets: ["chulbal-bench"]),
  ],
  targets: [
    .target(name: "ChulbalCore"),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "ChulbalStore", dependencies: ["ChulbalCore", "CSQLite"]),
    .systemLibrary(
      name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
    .target(name: "ChulbalTerminal", dependencies: ["ChulbalCore", "CQREncode"]),
    .target(name: "ChulbalCLI", dependencies: ["ChulbalCore", "ChulbalStore", "ChulbalTerminal"]),
    .executableTarget(name: "chulbal", dependencies: ["ChulbalCLI"]),
    .executableTarget(name: "chulbal-bench", dependencies: ["ChulbalCore"]),
    .testTarget(name: "ChulbalCoreTests", dependencies: ["ChulbalCore"]),
    .testTarget(name: "ChulbalStoreTests", dependencies: ["ChulbalStore", "ChulbalCore"]),
    .testTarget(name: "ChulbalTerminalTests", dependencies: ["ChulbalTerminal", "ChulbalCore"]),
    .testTarget(
      name: "ChulbalCLITests",
      dependencies: ["ChulbalCLI", "ChulbalCore", "ChulbalStore", "ChulbalTerminal"]),
  ],
  swiftLanguageModes: [.v6]
)
