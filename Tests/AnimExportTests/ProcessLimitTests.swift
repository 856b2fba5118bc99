// Threads that cannot start (issue 15 item 2): under a process limit every command ends —
// rendered (exit 0) or refused with one line saying why (exit 1) — never a deadlock, and
// leaves nothing behind. RLIMIT_NPROC does not bind root, so the runs switch to the user
// nobody (setpriv) with `prlimit --nproc=N`, for every N from 1 (no thread at all) up to
// where everything renders; threads count against it as processes do. nobody may not reach
// the checkout (a clone in a 0700 folder), so the binary and the presets are copied into the
// world-readable scratch folder first.
import Foundation
import Testing

@Suite(.serialized, .enabled(if: runningAsRoot, "needs root to run as another user under a process limit"))
struct ProcessLimit {
    /// Runs `args` as nobody with at most `n` processes/threads in a world-writable folder.
    func limited(_ n: Int, _ args: [String], folder: String, environment: [String: String] = [:]) throws -> RunResult {
        let copies = try readableCopies(in: folder)
        let environment = environment.merging(["BIN": copies.binary, "ANIMEXPORT_PRESETS": copies.presets]) { a, _ in a }
        let quoted = args.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        // Hang guard: these renders take well under a second; 60 s only catches a deadlock.
        return try runShell("exec setpriv --reuid=65534 --regid=65534 --clear-groups prlimit --nproc=\(n) \"$BIN\" \(quoted)",
                            cwd: folder, guard: 60, environment: environment)
    }

    /// The binary and the presets folder, copied once into `folder` where nobody can read them.
    func readableCopies(in folder: String) throws -> (binary: String, presets: String) {
        let fm = FileManager.default
        let copies = (binary: folder + "/.bin/animexport", presets: folder + "/.bin/presets")
        if !fm.fileExists(atPath: copies.binary) {
            try fm.createDirectory(atPath: folder + "/.bin", withIntermediateDirectories: true)
            try fm.copyItem(atPath: binaryPath(), toPath: copies.binary)
            try fm.copyItem(atPath: presetsFolder, toPath: copies.presets)
            _ = try runShell("chmod -R a+rX .bin", cwd: folder)
        }
        return copies
    }

    func check(_ r: RunResult, _ what: String, folder: String) {
        #expect(r.status == 0 || r.status == 1, "\(what): status \(r.status) (-1: hung), \(r.stderr)")
        if r.status == 1 {
            #expect(r.stderr.contains("cannot start a thread") || r.stderr.contains("libx264 could not start"), "\(what): \(r.stderr)")
        }
        #expect(temporaries(folder).isEmpty, "\(what): temporaries left: \(temporaries(folder))")
    }

    @Test func singleRendersAndStillsNeverHang() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        chmod(folder, 0o777)
        var outcomes: [Int: Int32] = [:]
        for n in 1...9 {
            let r = try limited(n, ["pulse", "--seconds", "0.2", "--scale", "0.5", "-y", "o.mp4"], folder: folder)
            check(r, "pulse, nproc \(n)", folder: folder)
            outcomes[n] = r.status
            let s = try limited(n, ["still", "dots", "-y", "s.png"], folder: folder)
            check(s, "still, nproc \(n)", folder: folder)
            let p = try limited(n, ["pulse", "--seconds", "0.2", "--scale", "0.5", "-y", "p.mp4"], folder: folder,
                                environment: ["ANIMEXPORT_PIPELINE": "0"])
            check(p, "pulse without the render thread, nproc \(n)", folder: folder)
        }
        // The class is covered: with no thread at all it is refused, with enough it renders.
        #expect(outcomes[1] == 1 && outcomes[9] == 0, "\(outcomes)")
    }

    @Test func batchesNeverHang() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        chmod(folder, 0o777)
        try write(#"{"animation": "pulse", "seconds": 0.2, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": [{"name": "a.mp4"}, {"name": "b.mp4", "fps": 30}, {"name": "c.png"}]}"#, folder, "p/p.json")
        var outcomes: [Int: Int32] = [:]
        for n in 1...9 {
            let out = "out\(n)"
            let r = try limited(n, ["batch", "p", "--out", out, "--jobs", "2", "--previews"], folder: folder)
            check(r, "batch, nproc \(n)", folder: folder)
            outcomes[n] = r.status
            if FileManager.default.fileExists(atPath: folder + "/" + out + "/manifest.json") {
                #expect(try untrueManifestEntries(folder + "/" + out).isEmpty, "nproc \(n)")
            }
        }
        #expect(outcomes[1] == 1 && outcomes[9] == 0, "\(outcomes)")
    }
}
