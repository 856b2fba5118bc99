// Running the real animexport binary from the end-to-end tests of several test targets
// (AnimExportTests, LottieRenderTests): one implementation of finding the binary and of running
// it with its output captured.
import Foundation

/// The animexport binary under test: $ANIMEXPORT_BIN (make test sets it to the release
/// build), else the release or debug build of this checkout.
public func animexportBinaryPath() -> String {
    if let p = ProcessInfo.processInfo.environment["ANIMEXPORT_BIN"], FileManager.default.isExecutableFile(atPath: p) { return p }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    for c in [".build/release/animexport", ".build/debug/animexport"] {
        let p = root.appendingPathComponent(c).path
        if FileManager.default.isExecutableFile(atPath: p) { return p }
    }
    return root.appendingPathComponent(".build/debug/animexport").path
}

/// What a run printed and how it ended.
public struct RunResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs `executable` (default: animexport) with `args` in `cwd`, the environment plus
/// `environment`, and waits for it; stdout and stderr are read to their ends.
@discardableResult
public func runProcess(_ args: [String], cwd: String? = nil, environment: [String: String] = [:],
                       executable: String? = nil) throws -> RunResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable ?? animexportBinaryPath())
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
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
