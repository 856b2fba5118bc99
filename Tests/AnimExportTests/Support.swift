// Helpers for the end-to-end tests: run the real binary, make scratch folders.
import Foundation
import Testing

/// The animexport binary under test: $ANIMEXPORT_BIN (make test sets it to the release
/// build), else the debug build next to the test bundle.
func binaryPath() -> String {
    if let p = ProcessInfo.processInfo.environment["ANIMEXPORT_BIN"], FileManager.default.isExecutableFile(atPath: p) { return p }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    for c in [".build/release/animexport", ".build/debug/animexport"] {
        let p = root.appendingPathComponent(c).path
        if FileManager.default.isExecutableFile(atPath: p) { return p }
    }
    return root.appendingPathComponent(".build/debug/animexport").path
}

/// The repository's presets folder.
let presetsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("presets").path

struct RunResult { let status: Int32; let stdout: String; let stderr: String }

/// Runs animexport with `args` in `cwd`, with ANIMEXPORT_PRESETS pointing at the repo's presets.
@discardableResult
func run(_ args: [String], cwd: String? = nil, environment: [String: String] = [:],
         executable: String? = nil) throws -> RunResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable ?? binaryPath())
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
    env["ANIMEXPORT_PRESETS"] = presetsFolder
    for (k, v) in environment { env[k] = v }
    p.environment = env
    if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return RunResult(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
}

/// A fresh empty folder, removed by the caller with `cleanup`.
func scratchFolder() throws -> String {
    let path = NSTemporaryDirectory() + "animexport-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func cleanup(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

/// Names in `folder`, sorted (hidden files included: temporaries must not be left behind).
func listing(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}
