// The benchmark executable (`make bench`) runs in --quick mode and writes valid JSON.
// Runs when the release animexport-bench sits beside the binary under test (`make test` builds it).
import Foundation
import Testing

private func benchPath() -> String {
    URL(fileURLWithPath: binaryPath()).deletingLastPathComponent().appendingPathComponent("animexport-bench").path
}

@Test(.enabled(if: FileManager.default.isExecutableFile(atPath: benchPath())))
func benchQuickWritesJSON() throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let json = folder + "/results.json"
    let p = Process()
    p.executableURL = URL(fileURLWithPath: benchPath())
    p.arguments = ["--quick", "--no-encode", "--json", json]
    var env = ProcessInfo.processInfo.environment
    env["ANIMEXPORT_PRESETS"] = presetsFolder
    p.environment = env
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    #expect(p.terminationStatus == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    let records = try #require(root["records"] as? [[String: Any]])
    #expect(records.count >= 8)
    for r in records {
        #expect(r["name"] is String && r["unit"] is String)
        #expect((r["samples"] as? Int ?? 0) >= 1)
        for key in ["median", "min", "max"] { #expect(r[key] is Double) }
    }
    #expect(records.contains { ($0["name"] as? String) == "render heart@1920x1080" })
}
