import ChulbalCLI
import Foundation

let outcome = CLI.run(Array(CommandLine.arguments.dropFirst()), environment: .live())
FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
FileHandle.standardError.write(Data(outcome.standardError.utf8))
exit(outcome.exitCode)
