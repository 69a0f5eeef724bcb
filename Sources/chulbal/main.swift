import ChulbalCLI
import FoundationEssentials
import Glibc

// The live environment first: it sets up the standard streams before anything opens a file.
let environment = Environment.live()
let outcome = CLI.run(CLI.processArguments, environment: environment)
exit(outcome.write(to: environment.console))
