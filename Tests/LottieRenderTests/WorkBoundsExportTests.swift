// Per-frame work bounds end to end (issue 28), `animexport` run as a process on small hostile
// files made by scripts/hostile-lottie.py:
//   • bounds-merge-crossing: a self-crossing star polygon {2000/999} (every edge crosses nearly
//     every other: ~10⁶ crossings) merged with a square — the boolean cost cap refuses the merge
//     before the sweep: a warning in words naming the layer (the operands drawn unmerged), an
//     error under --strict with nothing written. One estimate decides, so the time does not
//     depend on the build (a thousand-operand merge, each step costed until the frame's budget
//     runs out, took 6.7 s through a debug binary on a loaded machine; it is replayed by the fuzz
//     seed bounds-merge-spokes and BooleanCostTests);
//   • bounds-dashes-undashed: a 1 000-pt circle stroked with 0.0001-pt dashes (15.7 million, over
//     the frame's 1 000 000) — drawn undashed before any dash is cut, a warning in words naming
//     the layer, an error under --strict with nothing written;
//   • bounds-overdraw: 65 × 65 nested repeater copies of a full-canvas rectangle at 1 % opacity
//     (4 225 passes over the frame, inside the work cap) — the frame stops at the paint cap of
//     4 096 frames: an error naming the layer, nothing written;
//   • bounds-frame-memory: eight layers of 316 × 316 nested repeater copies (inside every other
//     cap, the work cap included; ≈ 2.2 GB of display list together) — refused before any frame is built: an
//     error naming the layer that needs the most and the memory cap, nothing written;
//   • bounds-fps-1000: a legal 1 000 fps file renders without --fps at 240 fps, with a note.
import Foundation
import Testing
import TestSupport

@Suite("WorkBoundsExport") struct WorkBoundsExportTests {
    func timed(_ args: [String], cwd: String) throws -> (Run, Duration) {
        let clock = ContinuousClock(), start = clock.now
        let run = try animexport(args, cwd: cwd)
        return (run, clock.now - start)
    }

    /// Renders `name` as a still at `scale`: exit 0, one warning containing every `warned`, the
    /// file written; then under --strict: exit 2, stderr containing `strictError` and "--strict",
    /// nothing more written.
    func expectWarnedThenRefusedUnderStrict(_ name: String, scale: String, warned: [String], strictError: String) throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (loose, seconds) = try timed(["still", fixture(name), "--scale", scale, "out.png"], cwd: dir)
        #expect(loose.status == 0, "\(loose.stderr)")
        #expect(seconds < .seconds(5), "\(seconds)")
        let warning = loose.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warning.count == 1, "\(loose.stderr)")
        for part in warned { #expect(warning.first?.contains(part) == true, "\(part) in \(loose.stderr)") }
        #expect(files(in: dir) == ["out.png"])
        let (strict, _) = try timed(["still", fixture(name), "--scale", scale, "--strict", "strict.png"], cwd: dir)
        #expect(strict.status == 2, "\(strict.stderr)")
        #expect(strict.stderr.contains(strictError) && strict.stderr.contains("--strict"), "\(strict.stderr)")
        #expect(files(in: dir) == ["out.png"], "nothing written under --strict")
    }

    @Test func anExpensiveMergeIsReportedAndAnErrorUnderStrict() throws {
        try expectWarnedThenRefusedUnderStrict(
            "bounds-merge-crossing", scale: "0.25",
            warned: ["1 merge path not merged (the operands drawn as they are, unmerged): layers[0] \"shapes\": the boolean operation would cost more than "],
            strictError: "layers[0] \"shapes\": the boolean operation would cost more than")
    }

    @Test func aStrokeOverTheFramesDashesIsDrawnUndashedAndAnErrorUnderStrict() throws {
        try expectWarnedThenRefusedUnderStrict(
            "bounds-dashes-undashed", scale: "0.1",
            warned: ["1 dashed stroke drawn undashed: layers[0] \"ring 0\": its dash pattern would cut the stroke into about 15708",
                     "exceeds the cap of 1000000 dashes per frame"],
            strictError: "(the stroke would be drawn undashed); --strict")
    }

    @Test func aFrameOverThePaintCapIsAnError() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (run, seconds) = try timed(["still", fixture("bounds-overdraw"), "--scale", "0.05", "out.png"], cwd: dir)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(seconds < .seconds(5), "\(seconds)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("out.png: layers[0] \"overdraw\": the frame's fills, strokes and off-screen layers wrote ")
                    && run.stderr.contains(" pixels, more than 4096 times the frame's area (the cap on one frame's paint)"),
                "\(run.stderr)")
        #expect(files(in: dir).isEmpty, "nothing written")
        // The same file with 64 × 64 copies (4 096 passes, the cap) is drawn.
        let json = try String(contentsOfFile: fixture("bounds-overdraw"), encoding: .utf8)
        #expect(json.components(separatedBy: #""c":{"a":0,"k":65}"#).count == 3)
        try json.replacingOccurrences(of: #""c":{"a":0,"k":65}"#, with: #""c":{"a":0,"k":64}"#)
            .write(toFile: "\(dir)/inside.json", atomically: true, encoding: .utf8)
        let inside = try animexport(["still", "inside.json", "--scale", "0.05", "in.png"], cwd: dir)
        #expect(inside.status == 0 && inside.stderr.isEmpty, "\(inside.stderr)")
        #expect(files(in: dir) == ["in.png", "inside.json"])
    }

    @Test func aFrameOverTheMemoryCapIsRefusedBeforeRendering() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (run, seconds) = try timed(["still", fixture("bounds-frame-memory"), "out.png"], cwd: dir)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(seconds < .seconds(5), "\(seconds)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("bounds-frame-memory.json: one frame of the root composition would need about 2.2 GB for its shapes")
                    && run.stderr.contains("the most, 273 MB, for layers[0] \"copies 0\"), over the cap of 1.0 GB per frame"),
                "\(run.stderr)")
        #expect(files(in: dir).isEmpty, "nothing written")
        // Three of the eight (≈ 820 MB) pass: WorkBoundsTests.frameMemoryIsEstimatedBeforeBuilding.
    }

    @Test func aThousandFramesPerSecondFileRendersAtTheNearestRate() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try animexport([fixture("bounds-fps-1000"), "--null"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("bounds-fps-1000.json: fps 1000 is outside what the encoders take, [1, 240] fps; rendering at 240 fps (--fps to choose)"),
                "\(run.stderr)")
        // 250 frames at 1 000 fps = 0.25 s: 60 frames at 240 fps.
        #expect(run.stdout.contains("60 frames"), "\(run.stdout)")
        let chosen = try animexport([fixture("bounds-fps-1000"), "--fps", "50", "--null"], cwd: dir)
        #expect(chosen.status == 0 && !chosen.stderr.contains("outside what the encoders take"), "\(chosen.stderr)")
    }
}
