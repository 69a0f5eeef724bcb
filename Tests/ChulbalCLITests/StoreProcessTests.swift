import ChulbalCalendar
import ChulbalStore
import ChulbalTestSupport
import Foundation
import Testing

/// Real processes against one real SQLite file: concurrent writers and a reader, and writers
/// killed with SIGKILL mid-write.
@Suite(.tags(.process), .serialized) struct StoreProcessTests {
  static func shell(_ script: String, _ variables: [String: String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    var environment = ProcessInfo.processInfo.environment
    environment.merge(variables) { $1 }
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    return process
  }

  @Test func twoWritersOfTwoHundredEachAndAReaderWithRealProcesses() throws {
    let workspace = Workspace()
    let binary = ChulbalProcess.executable.path
    let failures = workspace.folder + "/failures"
    let variables = [
      "B": binary, "CHULBAL_DB": workspace.database, "F": failures, "TZ": "Asia/Seoul",
    ]
    // Create the database first so both writers race on rows, not on creating the file.
    workspace.run(["config", "set", "mode", "walk"])
    let writers = try ["w1", "w2"].map { name in
      try Self.shell(
        """
        for i in $(seq 200); do
          "$B" add "\(name)-$i" --at "+2h" --travel 10m >/dev/null 2>>"$F" || echo "\(name) $i" >>"$F"
        done
        """, variables)
    }
    let reader = try Self.shell(
      """
      while [ ! -e "$CHULBAL_DB.done" ]; do
        "$B" list >/dev/null 2>>"$F" || echo "reader failed" >>"$F"
      done
      """, variables)
    try reader.run()
    for writer in writers { try writer.run() }
    for writer in writers { writer.waitUntilExit() }
    _ = FileManager.default.createFile(atPath: workspace.database + ".done", contents: nil)
    reader.waitUntilExit()
    let problems = (try? String(contentsOfFile: failures, encoding: .utf8)) ?? ""
    #expect(problems.isEmpty, "\(problems.prefix(500))")
    let store = try #require(
      try Store.open(path: workspace.database, create: false, expander: .libical))
    #expect(try store.appointmentCount == 400)
    #expect(Set(try store.all().map(\.title)).count == 400)
    #expect(try store.integrityCheck() == "ok")
  }

  @Test func killNineInTheMiddleOfWritesLeavesAnIntactDatabase() throws {
    let workspace = Workspace()
    workspace.run(["config", "set", "buffer", "5m"])
    var random = SystemRandomNumberGenerator()
    var started: Set<String> = []
    var finished: Set<String> = []
    for round in 0..<60 {
      let process = Process()
      process.executableURL = ChulbalProcess.executable
      process.arguments = [
        "add", "큰 반복 \(round)", "--at", "+3h", "--travel", "15m", "--db", workspace.database,
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      started.insert("큰 반복 \(round)")
      usleep(UInt32.random(in: 0...12_000, using: &random))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      // An add that exited by itself before the kill reported its row as stored.
      if process.terminationReason == .exit && process.terminationStatus == 0 {
        finished.insert("큰 반복 \(round)")
      }
    }
    let store = try #require(
      try Store.open(path: workspace.database, create: false, expander: .libical))
    #expect(try store.integrityCheck() == "ok")
    let stored = try store.all()
    let titles = Set(stored.map(\.title))
    // Nothing a finished add reported is lost, nothing appears twice, nothing unknown appears.
    #expect(finished.isSubset(of: titles), "\(finished.subtracting(titles))")
    #expect(titles.isSubset(of: started))
    #expect(titles.count == stored.count)
    // Every row that made it is whole.
    for appointment in stored {
      #expect(appointment.travelSeconds == 900 && appointment.bufferSeconds == 300)
    }
    // And the database still takes writes.
    #expect(workspace.run(["add", "뒤에", "--at", "+1h", "--travel", "5m"]).exitCode == 0)
  }
}
