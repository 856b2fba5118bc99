import AnimExport
import Foundation

exit(CLI.run(CommandLine.arguments))
