// The shipped release build (AVX2, `-target-cpu haswell`) of Video's conversion kernels against
// their scalar references: `make test` builds animexport-bench in release mode beside the binary
// under test, and its format rows compare the fast and scalar conversions of every pixel format
// (whole frames of the heart, seeded random frames and changed-pixel updates: ConversionCheck.swift).
// The unit tests (debug, portable x86-64) check the same kernels in the other build.
import Foundation
import Testing

@Test(.enabled(if: releaseBenchExists()))
func releaseConversionKernelsEqualTheirScalarReferences() throws {
    let r = try runReleaseBench(["--only", "formats", "--quick", "--no-encode"])
    #expect(r.status == 0)
    let root = try #require(r.json)
    #expect((root["flags"] as? String ?? "").contains("haswell"), "the bench is the AVX2 release build: \(root["flags"] ?? "")")
    let records = try #require(root["records"] as? [[String: Any]])
    let checks = records.filter { ($0["name"] as? String ?? "").contains("max |fast − scalar|") }
    for format in ["yuv420p", "yuva420p", "yuv422p10le", "yuv444p10le", "yuva444p10le", "rgba", "bgra"] {
        #expect(checks.contains { ($0["name"] as? String ?? "").hasPrefix("convert \(format) seeded") }, "a check row for \(format)")
    }
    for r in checks {
        #expect(r["median"] as? Double == 0, "\(r["name"] ?? ""): \(r["median"] ?? "")")
    }
}
