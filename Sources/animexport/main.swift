import AnimExport
import Foundation

exit(CLI.main())
