// Work caps under fuzzing. Fuzz/build.sh compiles this module with -D ANIMEXPORT_FUZZ_BUILD;
// then the caps on dashes per path, segments per fill and stroke outline elements are 40×
// smaller, so an input that runs into one costs milliseconds instead of a second under
// AddressSanitizer (the geometry fuzzer otherwise spent most of its time building 4 million
// element outlines). The code paths that enforce the caps are the same. Normal builds
// (SwiftPM, `make`) never define the flag.
//
// Inlinable SPI (ScratchBuffer.swift says why): Raster's cap on segments per fill is a constant
// again after inlining, so it is initialised statically instead of through a lazy-global check
// on every path element; the divisor is still the one this module was compiled with.
@_spi(Internals) public enum FuzzBuild {
    @inlinable
    static var capDivisor: Int {
        #if ANIMEXPORT_FUZZ_BUILD
        return 40
        #else
        return 1
        #endif
    }

    @inlinable
    public static func scaled(_ cap: Int) -> Int { cap / capDivisor }
}
