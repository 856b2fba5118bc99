// The shipped release build (AVX2, `-target-cpu haswell`) of Video's conversion kernels against
// their scalar references: `make test` builds animexport-bench in release mode beside the binary
// under test, and its format rows compare the fast and scalar conversions of every pixel format
// (whole frames of the heart, seeded random frames and changed-pixel updates: ConversionCheck.swift).
// The unit tests (debug, portable x86-64) check the same kernels in the other build.
import Foundation
import Testing

private func releaseBench() -> String {
    URL(fileURLWithPath: binaryPath()).deletingLastPathComponent().appendingPathComponent("animexport-bench").path
}

@Test(.enabled(if: FileManager.default.isExecutableFile(atPath: releaseBench())))
func releaseConversionKernelsEqualTheirScalarReferences() throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let json = folder + "/formats.json"
    let p = Process()
    p.executableURL = URL(fileURLWithPath: releaseBench())
    p.arguments = ["--only", "formats", "--quick", "--no-encode", "--json", json]
    var env = ProcessInfo.processInfo.environment
    env["ANIMEXPORT_PRESETS"] = presetsFolder
    p.environment = env
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    #expect(p.terminationStatus == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
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
