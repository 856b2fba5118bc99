// Helpers for the hostile-environment tests (issue 15): runs under limits, processes started
// and signalled, folder checks (no temporaries, manifest entries true).
import Foundation
import Testing
@testable import AnimExport

/// Runs `script` with /bin/bash -c (limits set with ulimit, then `exec`), `$BIN` the binary
/// under test, in `cwd`, with a hang guard: a run longer than `guard_` seconds is killed and
/// recorded as status -1.
func runShell(_ script: String, cwd: String, guard guardSeconds: Double = 120,
              environment: [String: String] = [:]) throws -> RunResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/bash")
    p.arguments = ["-c", script]
    var env = ProcessInfo.processInfo.environment
    env["ANIMEXPORT_PRESETS"] = presetsFolder
    env["BIN"] = binaryPath()
    for (k, v) in environment { env[k] = v }
    p.environment = env
    p.currentDirectoryURL = URL(fileURLWithPath: cwd)
    let outFile = NSTemporaryDirectory() + "animexport-stdout-\(UUID().uuidString)"
    let errFile = NSTemporaryDirectory() + "animexport-stderr-\(UUID().uuidString)"
    FileManager.default.createFile(atPath: outFile, contents: nil)
    FileManager.default.createFile(atPath: errFile, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: outFile); try? FileManager.default.removeItem(atPath: errFile) }
    p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outFile))
    p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errFile))
    try p.run()
    let deadline = Date(timeIntervalSinceNow: guardSeconds)
    while p.isRunning && Date() < deadline { usleep(20_000) }
    var status = p.terminationStatus
    if p.isRunning {
        kill(-p.processIdentifier, SIGKILL); kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        status = -1
    } else if p.terminationReason == .uncaughtSignal {
        status = 128 + p.terminationStatus
    }
    let o = (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? ""
    let e = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
    return RunResult(status: status, stdout: o, stderr: e)
}

/// A started animexport process (not waited for), its output going to files in `cwd`.
final class Spawned {
    let process = Process()
    let outFile: String, errFile: String
    let started = Date()

    init(_ args: [String], cwd: String, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: binaryPath())
        process.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["ANIMEXPORT_PRESETS"] = presetsFolder
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: cwd)
        let tag = UUID().uuidString
        outFile = NSTemporaryDirectory() + "animexport-out-" + tag
        errFile = NSTemporaryDirectory() + "animexport-err-" + tag
        FileManager.default.createFile(atPath: outFile, contents: nil)
        FileManager.default.createFile(atPath: errFile, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outFile))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errFile))
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: outFile)
        try? FileManager.default.removeItem(atPath: errFile)
    }

    var stdout: String { (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? "" }

    /// Waits for the exit, at most `guardSeconds` (a hang guard: then the process is killed and
    /// nil returned); the status is 128 + signal for a process a signal ended.
    func wait(guard guardSeconds: Double) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: guardSeconds)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit(); return nil }
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Waits until `condition` holds or the process ends (at most `seconds`); whether it held.
    func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if condition() { return true }
            if !process.isRunning { return condition() }
            usleep(5_000)
        }
        return false
    }
}

/// Every path under `folder` (relative), hidden ones included.
func allFiles(_ folder: String) -> [String] {
    var out: [String] = []
    let e = FileManager.default.enumerator(atPath: folder)
    while let p = e?.nextObject() as? String { out.append(p) }
    return out.sorted()
}

/// Temporaries (…partial) anywhere under `folder`.
func temporaries(_ folder: String) -> [String] { allFiles(folder).filter { $0.hasSuffix(".partial") } }

/// Entries of `out/manifest.json` whose files do not have the recorded size and sha256.
func untrueManifestEntries(_ out: String) throws -> [String] {
    let m = try Manifest.read(out + "/manifest.json")
    var bad: [String] = []
    for (name, e) in m.outputs {
        if !fileMatches(out + "/" + name, sha256: e.sha256, bytes: e.bytes) { bad.append(name) }
        for p in (e.previews ?? [:]).values where !fileMatches(out + "/" + p.name, sha256: p.sha256, bytes: p.bytes) { bad.append(p.name) }
    }
    return bad.sorted()
}

/// Writes `text` to `folder/name`.
func write(_ text: String, _ folder: String, _ name: String) throws {
    let path = folder + "/" + name
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// Whether the tests run as root (setpriv to another user, mknod).
let runningAsRoot = getuid() == 0
