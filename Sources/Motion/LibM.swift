// Link libm.
//
// `Double.rounded(_:)` (floor, ceil, trunc, round, rint) lowers to calls into the C
// math library. On this Linux toolchain the Swift standard library does not autolink
// libm by itself, so a module that rounds must import the platform C module, whose
// module map carries the `link "m"` directive. Nothing from it is used directly.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
