// Helpers for the end-to-end tests: run the real binary, make scratch folders.
import Foundation
import Testing
@_exported import TestSupport

/// The animexport binary under test (TestSupport: $ANIMEXPORT_BIN, else this checkout's build).
func binaryPath() -> String { animexportBinaryPath() }

/// The repository's presets folder.
let presetsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("presets").path

/// Runs animexport with `args` in `cwd`, with ANIMEXPORT_PRESETS pointing at the repo's presets
/// (TestSupport.runProcess).
@discardableResult
func run(_ args: [String], cwd: String? = nil, environment: [String: String] = [:],
         executable: String? = nil) throws -> RunResult {
    var env = ["ANIMEXPORT_PRESETS": presetsFolder]
    for (k, v) in environment { env[k] = v }
    return try runProcess(args, cwd: cwd, environment: env, executable: executable)
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
