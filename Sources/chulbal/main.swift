import ChulbalCLI
import Foundation

let outcome = CLI.run(CLI.processArguments, environment: .live())
FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
FileHandle.standardError.write(Data(outcome.standardError.utf8))
exit(outcome.exitCode)
