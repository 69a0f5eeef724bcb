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
    .target(name: "ChulbalCLI", dependencies: ["ChulbalCore"]),
    .executableTarget(name: "chulbal", dependencies: ["ChulbalCLI"]),
    .executableTarget(name: "chulbal-bench", dependencies: ["ChulbalCore"]),
    .testTarget(name: "ChulbalCoreTests", dependencies: ["ChulbalCore"]),
    .testTarget(name: "ChulbalCLITests", dependencies: ["ChulbalCLI", "ChulbalCore"]),
  ],
  swiftLanguageModes: [.v6]
)
