// First use (issue 15 item 7): the installed binary finds its presets from any folder with no
// environment; the README's examples work as written from an unrelated folder; a broken preset
// shows in `list` while the others work; progress fits the terminal and is redrawn on resize.
import Foundation
import Testing
import Video
@testable import AnimExport

/// The repository root (this file is Tests/AnimExportTests/FirstUseTests.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Installs the binary under test with `make install-files` into a fresh prefix; returns it.
func installToTemporaryPrefix() throws -> String {
    let prefix = try scratchFolder() + "/prefix"
    let r = try run(["-C", repositoryRoot, "--no-print-directory", "install-files", "PREFIX=" + prefix, "RELEASE_BIN=" + binaryPath()],
                    executable: "/usr/bin/make")
    #expect(r.status == 0, "make install-files: \(r.stderr)")
    return prefix
}

/// Runs `command` with bash in `cwd` with an empty environment but PATH (prefix/bin first) and HOME.
func runClean(_ command: String, prefix: String, cwd: String) throws -> RunResult {
    try run(["-i", "PATH=\(prefix)/bin:/usr/bin:/bin", "HOME=\(cwd)", "/bin/bash", "-c", command], cwd: cwd, executable: "/usr/bin/env")
}

@Suite(.serialized) struct FirstUse {
    @Test func theInstalledBinaryFindsItsPresetsFromAnyFolder() throws {
        let prefix = try installToTemporaryPrefix()
        defer { cleanup((prefix as NSString).deletingLastPathComponent) }
        let elsewhere = try scratchFolder()
        defer { cleanup(elsewhere) }
        // A preset only the installed copy has: found, so the installed folder is the one searched.
        try write(#"{"animation": "pulse", "description": "installed only", "seconds": 0.2}"#, prefix + "/share/animexport/presets", "pulse-installedonly.json")
        let list = try runClean("animexport list", prefix: prefix, cwd: elsewhere)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("installedonly") && list.stdout.contains("[\(prefix)/share/animexport/presets/pulse-red.json]"), "\(list.stdout)")
        #expect(!list.stdout.contains(repositoryRoot), "nothing from the checkout: \(list.stdout)")
        let r = try runClean("animexport pulse --seconds 0.5 out.mp4", prefix: prefix, cwd: elsewhere)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try MP4Reader(path: elsewhere + "/out.mp4").checkDecode().frames == 30)
        // Through a symlink on PATH and by a relative path too.
        try FileManager.default.createDirectory(atPath: elsewhere + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: elsewhere + "/bin/ae", withDestinationPath: prefix + "/bin/animexport")
        let viaLink = try runClean("PATH=$PWD/bin:$PATH ae pulse --preset installedonly -y out.mp4", prefix: prefix, cwd: elsewhere)
        #expect(viaLink.status == 0, "\(viaLink.stderr)")
        let help = try runClean("animexport --help", prefix: prefix, cwd: elsewhere)
        #expect(help.stdout.contains("ANIMEXPORT_PRESETS"))
    }

    @Test func theReadmeExamplesWorkFromAnyFolder() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        // The code block after "Examples —" in the Usage section.
        let afterHeading = try #require(readme.range(of: "\nExamples —"))
        let block = readme[afterHeading.upperBound...].split(separator: "```", omittingEmptySubsequences: false)[1]
        let examples = block.split(separator: "\n").map(String.init).filter { $0.hasPrefix("animexport ") }
        #expect(examples.count >= 10, "\(examples)")
        let prefix = try installToTemporaryPrefix()
        defer { cleanup((prefix as NSString).deletingLastPathComponent) }
        let elsewhere = try scratchFolder()
        defer { cleanup(elsewhere) }
        for (i, line) in examples.enumerated() {
            var command = line
            if let hash = command.range(of: "  #") { command = String(command[..<hash.lowerBound]) }
            command = command.trimmingCharacters(in: .whitespaces)
            // As written, each in a fresh folder of its own holding a copy of presets/ (the
            // examples that name presets/pulse-red.json), with no environment.
            let dir = elsewhere + "/\(i)"
            try FileManager.default.createDirectory(atPath: dir + "/presets", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: presetsFolder + "/pulse-red.json", toPath: dir + "/presets/pulse-red.json")
            let r = try runClean(command + " >/dev/null 2>err.txt || { echo \"exit $?\"; cat err.txt; }", prefix: prefix, cwd: dir)
            #expect(r.status == 0 && !r.stdout.contains("exit "), "\(command): \(r.stdout)")
        }
    }

    @Test func aBrokenPresetShowsInListWhileTheOthersWork() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/p", withIntermediateDirectories: true)
        for f in ["pulse-red.json", "dots.json"] { try FileManager.default.copyItem(atPath: presetsFolder + "/" + f, toPath: folder + "/p/" + f) }
        try write(#"{"animation": "pulse", "parameters": {"layers": [{"radious": 1}]}}"#, folder, "p/pulse-broken.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/p/loop.json", withDestinationPath: "loop.json")
        let r = try run(["-c", #"cp p/dots.json p/$'\xff-x.json'"#], cwd: folder, executable: "/bin/bash")
        #expect(r.status == 0)
        let env = ["ANIMEXPORT_PRESETS": folder + "/p"]
        let list = try run(["list"], cwd: folder, environment: env)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("red ") && list.stdout.contains("dots "), "\(list.stdout)")
        #expect(list.stdout.contains("BROKEN  \(folder)/p/pulse-broken.json: parameters.layers[0].radious: unknown key (did you mean 'radius'?)"), "\(list.stdout)")
        #expect(list.stdout.contains("loop.json: a loop of symbolic links"), "\(list.stdout)")
        #expect(list.stdout.contains("the file name is not valid UTF-8; rename it"), "\(list.stdout)")
        // The others render, and names still get suggestions.
        #expect(try run(["pulse", "--preset", "red", "--frames", "2", "--x264-preset", "ultrafast", "o.mp4"], cwd: folder, environment: env).status == 0)
        let typo = try run(["pulse", "--preset", "rde", "o2.mp4"], cwd: folder, environment: env)
        #expect(typo.status == 2 && typo.stderr.contains("(did you mean 'red'?)"), "\(typo.stderr)")
    }

    @Test func progressFitsTheTerminalAndFollowsResizes() throws {
        for columns in [30, 60, 120] {
            let lines = try progressLines(columns: columns, resizeTo: nil)
            #expect(lines.count >= 3, "\(columns): \(lines)")
            for l in lines { #expect(l.count <= columns - 1, "\(columns) columns: '\(l)'") }
            if columns >= 120 { #expect(lines.contains { $0.contains("elapsed") && $0.contains("ETA") }, "\(lines)") }
        }
        let resized = try progressLines(columns: 120, resizeTo: 40)
        #expect(resized.contains { $0.count > 60 } && resized.last.map { $0.count <= 39 } == true, "\(resized)")
        // The line itself, at every width.
        for w in 1...140 {
            let l = progressLine(label: "a-long-output-name-for-the-test.mp4", done: 40, total: 100, elapsed: 12.5, columns: w)
            #expect(l.count <= max(w - 1, 8), "\(w): \(l)")
        }
        #expect(progressLine(label: "x.mp4", done: 50, total: 100, elapsed: 10, columns: 200).contains("ETA 0:10"))
    }

    /// Runs a render with stderr on a pseudo-terminal of `columns` columns (resized after a
    /// while, with SIGWINCH, when asked) and returns the progress lines it drew.
    func progressLines(columns: Int, resizeTo: Int?) throws -> [String] {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        #expect(openpty(&master, &slave, nil, nil, &size) == 0)
        defer { close(master) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binaryPath())
        p.arguments = ["heart", "--seconds", "60", "--x264-preset", "ultrafast", "out.mp4"]
        p.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        env["ANIMEXPORT_PRESETS"] = presetsFolder
        p.environment = env
        p.standardError = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        var bytes: [UInt8] = []
        var redrawsAfterResize = -1
        var buffer = [UInt8](repeating: 0, count: 4096)
        let start = Date()
        // Reads redraws until 5 have come (at the new width, after a resize); then stops the render.
        while p.isRunning && Date().timeIntervalSince(start) < 120 {       // hang guard
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, 100) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
            let redraws = bytes.filter { $0 == 0x0D }.count
            if let r = resizeTo, redrawsAfterResize < 0, redraws >= 5 {
                var s = winsize(ws_row: 24, ws_col: UInt16(r), ws_xpixel: 0, ws_ypixel: 0)
                _ = ioctl(master, UInt(TIOCSWINSZ), &s)
                kill(p.processIdentifier, SIGWINCH)
                redrawsAfterResize = redraws
            }
            if redraws >= (redrawsAfterResize < 0 ? (resizeTo == nil ? 5 : .max) : redrawsAfterResize + 5) { break }
        }
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        #expect(p.terminationStatus == 143 || p.terminationStatus == 0)
        // Each redraw is "\r" + line + ESC[K.
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "\r").map { $0.replacingOccurrences(of: "\u{1B}[K", with: "").trimmingCharacters(in: .newlines) }
            .filter { $0.contains("%") }
    }
}
