import Foundation

/// What a program another implementation lives in (Python, `date`) writes, for tests that ask
/// it.
public enum ProgramOutput {
  /// A program ended with a status other than 0.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Runs `arguments` (found on `PATH`) to its end and returns its standard output, dropping
  /// standard error. `input` is written from its own thread while the output is read, so the pipes
  /// cannot deadlock.
  ///
  /// - Throws: when the program cannot be started, or ``Failure`` when it fails.
  @discardableResult
  public static func read(_ arguments: [String], input: Data? = nil) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardInput = standardInput
    process.standardError = FileHandle.nullDevice
    try process.run()
    let writer = Thread {
      if let input { standardInput.fileHandleForWriting.write(input) }
      try? standardInput.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "\(arguments.prefix(2)) exited \(process.terminationStatus)")
    }
    return data
  }
}
