// Work caps under fuzzing. Fuzz/build.sh compiles this module with -D ANIMEXPORT_FUZZ_BUILD;
// then the caps on dashes per path, segments per fill and stroke outline elements are 40×
// smaller, so an input that runs into one costs milliseconds instead of a second under
// AddressSanitizer (the geometry fuzzer otherwise spent most of its time building 4 million
// element outlines). The code paths that enforce the caps are the same. Normal builds
// (SwiftPM, `make`) never define the flag.
package enum FuzzBuild {
    #if ANIMEXPORT_FUZZ_BUILD
    static let capDivisor = 40
    #else
    static let capDivisor = 1
    #endif

    package static func scaled(_ cap: Int) -> Int { cap / capDivisor }
}
