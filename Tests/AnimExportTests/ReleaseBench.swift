// Running the release animexport-bench that `make test` builds beside the binary under test
// (BenchTests, ReleaseKernelTests): one implementation of finding it, running it with the
// repository's presets and reading the JSON it wrote.
import Foundation
import Testing

/// The release animexport-bench beside the binary under test.
func releaseBenchPath() -> String {
    URL(fileURLWithPath: binaryPath()).deletingLastPathComponent().appendingPathComponent("animexport-bench").path
}

/// Whether the release bench is there (the tests that run it are enabled only then).
func releaseBenchExists() -> Bool { FileManager.default.isExecutableFile(atPath: releaseBenchPath()) }

/// Runs the bench with `args` plus `--json FILE` in a scratch folder; its exit status and the
/// JSON object it wrote (nil when it wrote none or not an object).
func runReleaseBench(_ args: [String]) throws -> (status: Int32, json: [String: Any]?) {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let json = folder + "/results.json"
    let p = Process()
    p.executableURL = URL(fileURLWithPath: releaseBenchPath())
    p.arguments = args + ["--json", json]
    var env = ProcessInfo.processInfo.environment
    env["ANIMEXPORT_PRESETS"] = presetsFolder
    p.environment = env
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    let object = (try? Data(contentsOf: URL(fileURLWithPath: json))).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    return (p.terminationStatus, object)
}
