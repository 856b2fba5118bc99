import AnimExport
import CCPUCheck
import Foundation

// Before any kernel runs: a binary built for AVX2 on a CPU without it says so and exits 1.
animexport_cpu_check("animexport")
exit(CLI.main())
