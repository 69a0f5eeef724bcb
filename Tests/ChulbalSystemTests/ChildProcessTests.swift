import Foundation
import Testing

@testable import ChulbalSystem

@Suite struct ChildProcessTests {
  @Test func aChildGetsNoneOfOurOtherDescriptors() throws {
    // A pipe without close-on-exec, like the ones Foundation.Process makes on other threads.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    let output = NSTemporaryDirectory() + "chulbal-child-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let child = try ChildProcess(
      ["/bin/sh", "-c", "ls /proc/$$/fd"], environment: ["PATH": "/usr/bin:/bin"],
      standardOutput: output)
    #expect(child.wait() == 0)
    let descriptors = try String(contentsOfFile: output, encoding: .utf8)
      .split(separator: "\n").compactMap { Int32($0) }
    #expect(descriptors.contains(1))
    #expect(!descriptors.contains(ends[0]) && !descriptors.contains(ends[1]), "\(descriptors)")
  }

  @Test func exitStatusAndTimeout() throws {
    let failing = try ChildProcess(["/bin/sh", "-c", "exit 4"], environment: [:])
    #expect(failing.wait() == 4)
    let sleeping = try ChildProcess(["/bin/sleep", "5"], environment: [:])
    #expect(sleeping.wait(timeout: 0.2) == nil)
    kill(sleeping.pid, SIGKILL)
    #expect(sleeping.wait() == 128 + SIGKILL)
  }

  @Test func aMissingProgramIsNamedInTheError() throws {
    let error = #expect(
      throws: SpawnError(program: "no-such-program", call: .searchPath, code: ENOENT)
    ) {
      try ChildProcess(["no-such-program"], environment: [:])
    }
    #expect(error?.isNoSuchProgram == true)
    #expect(
      error?.description
        == "Cannot start 'no-such-program': PATH search failed: No such file or directory (errno 2)"
    )
  }

  @Test func aMissingProgramByPathIsReportedByPosixSpawn() throws {
    let program = "/nonexistent-\(UUID().uuidString)/program"
    let error = #expect(throws: SpawnError(program: program, call: .spawn, code: ENOENT)) {
      try ChildProcess([program], environment: [:])
    }
    #expect(error?.description.contains("'\(program)'") == true)
  }

  /// A megabyte on standard output: 4096 bytes of it kept, the rest read and dropped, and the
  /// status and standard error as they were.
  @Test func onlyTheFirstBytesOfEachOutputAreKept() throws {
    let result = try ChildOutput.run(
      ["/bin/sh", "-c", "head -c 1000000 /dev/zero | tr '\\0' o; echo bad >&2; exit 5"],
      environment: ["PATH": "/usr/bin:/bin"], timeout: 60)
    #expect(result.status == 5)
    #expect(result.output == [UInt8](repeating: UInt8(ascii: "o"), count: ChildOutput.limit))
    #expect(result.error == Array("bad\n".utf8))
  }
}
