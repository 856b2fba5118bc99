// TextEndToEndTests.swift — the heart's label through the real binary: fonts that are FIFOs or
// devices (exit 2, at once, nothing written — also while batch hashes its inputs), a character
// no font has (a warning; --strict: an error), a fallback font (a note), and a label that does
// not fit the canvas (an error whose suggested fontSize is exact; the render at that size is
// not clipped).
import Foundation
import Testing
import Video

/// `run` with a hang guard: the process is killed after `seconds` and the result says so. It
/// bounds runs that would block forever on a FIFO; each takes about 0.1–0.5 s when it works.
private func runBounded(_ args: [String], cwd: String, seconds: Double = 60) throws -> (result: RunResult, killed: Bool) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binaryPath())
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
    env["ANIMEXPORT_PRESETS"] = presetsFolder
    p.environment = env
    p.currentDirectoryURL = URL(fileURLWithPath: cwd)
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let deadline = Date().addingTimeInterval(seconds)
    while p.isRunning && Date() < deadline { usleep(20_000) }
    let killed = p.isRunning
    if killed { p.terminate() }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (RunResult(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self)), killed)
}

private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

/// Whether fontconfig (the fc-list command) knows a font with `scalar`.
private func someFontHas(_ scalar: Unicode.Scalar) -> Bool {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
    p.arguments = [":charset=\(String(scalar.value, radix: 16))", "file"]
    let out = Pipe()
    p.standardOutput = out
    guard (try? p.run()) != nil else { return false }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return !data.isEmpty
}

@Suite struct TextEndToEndTests {
    @Test func fifoAsAPresetFontIsRefusedAtOnce() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        try #require(mkfifo(folder + "/label.otf", 0o644) == 0)
        try write(#"{"animation": "heart", "parameters": {"font": {"path": "label.otf"}}}"#, to: folder + "/p.json")
        let before = listing(folder)
        for command in [["heart", "--preset", "p.json", "out.mp4"], ["still", "heart", "--preset", "p.json", "out.png"]] {
            let (r, killed) = try runBounded(command, cwd: folder)
            #expect(!killed, "blocked on the FIFO")
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.contains("label.otf") && r.stderr.contains("FIFO"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
            #expect(listing(folder) == before, "nothing written")
        }
    }

    @Test func deviceAsFontFlagIsRefusedAtOnce() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        for device in ["/dev/zero", "/dev/urandom"] {
            let (r, killed) = try runBounded(["heart", "--font", device, "out.mp4"], cwd: folder)
            #expect(!killed, "read \(device) without end")
            #expect(r.status == 2)
            #expect(r.stderr == "animexport: --font: font file \(device) is a character device; only regular files (or symlinks to them) are read as fonts\n")
            #expect(listing(folder).isEmpty)
        }
    }

    @Test func batchDoesNotHangHashingAFifoFont() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let presets = folder + "/presets"
        try FileManager.default.createDirectory(atPath: presets, withIntermediateDirectories: true)
        try #require(mkfifo(presets + "/font.otf", 0o644) == 0)
        try write(#"{"animation": "heart", "parameters": {"font": {"path": "font.otf"}}, "outputs": [{"name": "h.png", "time": 0}]}"#,
                  to: presets + "/h.json")
        let (r, killed) = try runBounded(["batch", "presets", "--out", "dist"], cwd: folder)
        #expect(!killed, "batch blocked on the FIFO (inputs hash or render)")
        #expect(r.status == 1, "a broken preset fails its outputs: \(r.stderr)")
        #expect(r.stderr.contains("font.otf is a FIFO"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/dist/h.png"))
    }

    @Test func characterNoFontHasIsAWarningAndStrictMakesItAnError() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        // U+0378 is unassigned: no font anywhere has it.
        try write(#"{"animation": "heart", "parameters": {"label": "Rate \u0378"}}"#, to: folder + "/p.json")
        let warned = try run(["still", "heart", "--preset", "p.json", "a.png"], cwd: folder)
        #expect(warned.status == 0, "\(warned.stderr)")
        let expected = #"animexport: warning: text "Rate \u{378}": U+0378 "\u{378}" is in no installed font (not in Inter Bold nor any fallback fontconfig knows); drawn as .notdef"#
        #expect(warned.stderr.split(separator: "\n").map(String.init).contains(expected), "\(warned.stderr)")
        let strict = try run(["still", "heart", "--preset", "p.json", "--strict", "b.png"], cwd: folder)
        #expect(strict.status == 2)
        #expect(strict.stderr.hasPrefix("animexport: p.json: parameters.label: text \"Rate \\u{378}\": U+0378"), "\(strict.stderr)")
        #expect(strict.stderr.hasSuffix("(--strict)\n"))
        #expect(listing(folder) == ["a.png", "p.json"])
        let video = try run(["heart", "--preset", "p.json", "--frames", "2", "--strict", "c.mp4"], cwd: folder)
        #expect(video.status == 2 && listing(folder) == ["a.png", "p.json"])
    }

    @Test(.enabled(if: someFontHas("\u{263A}"), "no installed font has U+263A"))
    func fallbackFontIsANoteAndDraws() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        try write(#"{"animation": "heart", "parameters": {"label": "\u263A"}}"#, to: folder + "/p.json")
        try write(#"{"animation": "heart", "parameters": {"label": " "}}"#, to: folder + "/blank.json")
        let r = try run(["still", "heart", "--preset", "p.json", "--strict", "a.png"], cwd: folder)
        #expect(r.status == 0, "a fallback is not a warning: \(r.stderr)")
        #expect(r.stderr.contains("animexport: note: text \"☺\": U+263A \"☺\" not in Inter Bold; drawn with "), "\(r.stderr)")
        #expect(try run(["still", "heart", "--preset", "blank.json", "b.png"], cwd: folder).status == 0)
        // The smiley has ink where the blank label has none: the label box above the heart.
        let a = try PNGReader.read(path: folder + "/a.png"), b = try PNGReader.read(path: folder + "/b.png")
        var differing = 0
        for i in stride(from: 0, to: a.rgba.count, by: 4) where a.rgba[i] != b.rgba[i] { differing += 1 }
        #expect(differing > 100, "the fallback glyph was drawn (\(differing) pixels)")
    }

    @Test func labelThatDoesNotFitIsAnErrorWithAnExactFix() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        func preset(_ size: String) -> String {
            #"{"animation": "heart", "parameters": {"label": "Measuring Heart Rate and Blood Oxygen", "fontSize": \#(size)}}"#
        }
        try write(preset("17"), to: folder + "/long.json")
        let r = try run(["heart", "--preset", "long.json", "out.mp4"], cwd: folder)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("animexport: long.json: parameters.label: \"Measuring Heart Rate and Blood Oxygen\" in Inter Bold 17 pt does not fit the canvas: its ink spans x = "), "\(r.stderr)")
        #expect(r.stderr.contains("it would be clipped"))
        #expect(listing(folder) == ["long.json"])
        let still = try run(["still", "heart", "--preset", "long.json", "out.png"], cwd: folder)
        #expect(still.status == 2 && listing(folder) == ["long.json"])

        // The suggested size fits (and renders unclipped); 0.1 pt more does not.
        let match = try #require(r.stderr.firstMatch(of: /fontSize ≤ ([0-9.]+)/))
        let size = try #require(Double(String(match.1)))
        #expect(size > 10 && size < 17)
        try write(preset(String(format: "%.1f", size + 0.1)), to: folder + "/over.json")
        #expect(try run(["still", "heart", "--preset", "over.json", "o.png"], cwd: folder).status == 2)
        try write(preset(String(format: "%.1f", size)), to: folder + "/fit.json")
        let fit = try run(["still", "heart", "--preset", "fit.json", "--background", "#000000", "fit.png"], cwd: folder)
        #expect(fit.status == 0, "\(fit.stderr)")
        let image = try PNGReader.read(path: folder + "/fit.png")
        var inkColumns = Set<Int>()
        for y in 0..<image.height / 3 {       // the label row, above the heart
            for x in 0..<image.width where image.rgba[(y * image.width + x) * 4] > 0 { inkColumns.insert(x) }
        }
        #expect(!inkColumns.isEmpty)
        #expect(inkColumns.min()! >= 0 && inkColumns.max()! < image.width)
        #expect(inkColumns.min()! <= 4 || inkColumns.max()! >= image.width - 5, "the fit is tight: ink reaches an edge")
    }

    @Test func heartHelpSaysWhatHappensToText() throws {
        let r = try run(["heart", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("--strict"))
        #expect(r.stdout.contains("fit the canvas is an error (exit 2)"), "\(r.stdout)")
    }
}
