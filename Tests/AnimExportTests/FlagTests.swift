// Numbers and flags (issue 15 item 6), against the real binary: every value is checked before
// anything renders and the message gives the allowed range; -o/--output, -q/--quiet,
// -v/--verbose, --json for single renders; did-you-mean only when close; duplicate JSON keys;
// symlinked presets.
import Foundation
import Testing
import Video
@testable import AnimExport

private let quick = ["--x264-preset", "ultrafast", "--scale", "0.25"]

@Suite(.serialized) struct Flags {
    struct Refused: CustomStringConvertible {
        var args: [String]; var message: String; var environment: [String: String] = [:]
        var description: String { args.joined(separator: " ") }
    }

    static let refused: [Refused] = [
        // Sizes: exactly WIDTHxHEIGHT.
        Refused(args: ["pulse", "--size", "x64x64", "o.mp4"], message: "--size: 'x64x64' is not WIDTHxHEIGHT with each side in [1, 4096] px"),
        Refused(args: ["pulse", "--size", "64x64x", "o.mp4"], message: "--size: '64x64x' is not WIDTHxHEIGHT"),
        Refused(args: ["pulse", "--size", "64x", "o.mp4"], message: "--size: '64x' is not WIDTHxHEIGHT"),
        Refused(args: ["pulse", "--size", "+64x64", "o.mp4"], message: "--size: '+64x64' is not WIDTHxHEIGHT"),
        Refused(args: ["pulse", "--size", "64.5x64", "o.mp4"], message: "--size: '64.5x64' is not WIDTHxHEIGHT"),
        Refused(args: ["pulse", "--size", "0x64", "o.mp4"], message: "--size: '0x64' is not WIDTHxHEIGHT"),
        Refused(args: ["pulse", "--size", "99999999999999999999x64", "o.mp4"], message: "--size: '99999999999999999999x64' is not"),
        // Frame rates: rationals of any size are reduced and range-checked, never trapped.
        Refused(args: ["pulse", "--fps", "2147483647/1", "o.mp4"], message: "--fps: 2147483647/1 is outside the allowed range [1, 240] fps"),
        Refused(args: ["pulse", "--fps", "1/2147483647", "o.mp4"], message: "--fps: 1/2147483647 is outside the allowed range [1, 240] fps"),
        Refused(args: ["pulse", "--fps", "2147483648/2", "o.mp4"], message: "--fps: '2147483648/2' is not a frame rate"),
        Refused(args: ["pulse", "--fps", "0/0", "o.mp4"], message: "--fps: '0/0' is not a frame rate"),
        Refused(args: ["pulse", "--fps", "60/0", "o.mp4"], message: "--fps: '60/0' is not a frame rate"),
        Refused(args: ["pulse", "--fps", "-60", "o.mp4"], message: "--fps: '-60' is not a frame rate"),
        Refused(args: ["pulse", "--fps", "60/1/1", "o.mp4"], message: "--fps: '60/1/1' is not a frame rate"),
        Refused(args: ["pulse", "--fps", "1e308", "o.mp4"], message: "--fps: '1e308' is not a frame rate"),
        // Thread and job counts.
        Refused(args: ["batch", "--out", "d", "--jobs", "-1"], message: "--jobs: '-1' is not an integer in [1, 256]"),
        Refused(args: ["batch", "--out", "d", "-j", "0"], message: "--jobs: '0' is not an integer in [1, 256]"),
        Refused(args: ["batch", "--out", "d", "--jobs", "9223372036854775808"], message: "--jobs: '9223372036854775808' is not an integer in [1, 256]"),
        Refused(args: ["pulse", "--param", "threads=-1", "o.mp4"], message: "--param: threads=-1 is not an integer in [0, 128] (0: x264 chooses)"),
        Refused(args: ["pulse", "--param", "threads=99999999999", "o.mp4"], message: "--param: threads=99999999999 is not an integer in [0, 128]"),
        // Shard indices from the environment, up to Int64.max and beyond.
        Refused(args: ["batch", "--out", "d", "--shard-total", "3"], message: "JOB_COMPLETION_INDEX: '9223372036854775807' is not a 0-based shard index in [0, 9999]",
                environment: ["JOB_COMPLETION_INDEX": "9223372036854775807"]),
        Refused(args: ["batch", "--out", "d", "--shard-total", "3"], message: "JOB_COMPLETION_INDEX: '99999999999999999999' is not a 0-based shard index",
                environment: ["JOB_COMPLETION_INDEX": "99999999999999999999"]),
        Refused(args: ["batch", "--out", "d"], message: "CI_NODE_INDEX/CI_NODE_TOTAL: '9223372036854775807/9223372036854775807' is not K/N with 1 ≤ K ≤ N ≤ 10000",
                environment: ["CI_NODE_INDEX": "9223372036854775807", "CI_NODE_TOTAL": "9223372036854775807"]),
        Refused(args: ["batch", "--out", "d"], message: "CI_NODE_INDEX/CI_NODE_TOTAL: '-1/3' is not K/N", environment: ["CI_NODE_INDEX": "-1", "CI_NODE_TOTAL": "3"]),
        // OUTPUT given twice, and did-you-mean only when close.
        Refused(args: ["pulse", "-o", "a.mp4", "b.mp4"], message: "pulse: give OUTPUT once: -o a.mp4 and b.mp4"),
        Refused(args: ["pulse", "--secnds", "2", "o.mp4"], message: "unknown option --secnds (did you mean --seconds?)"),
        Refused(args: ["pulse", "-x", "o.mp4"], message: "pulse: unknown option -x; see 'animexport pulse --help'"),
        Refused(args: ["pulse", "--zz", "o.mp4"], message: "pulse: unknown option --zz; see"),
        Refused(args: ["pluse", "o.mp4"], message: "unknown command or animation 'pluse' (did you mean 'pulse'?)"),
        Refused(args: ["haert", "o.mp4"], message: "unknown command or animation 'haert' (did you mean 'heart'?)"),
        Refused(args: ["zzzzz", "o.mp4"], message: "unknown command or animation 'zzzzz'; known"),
        Refused(args: ["still", "pulse", "o.mp4"], message: "o.mp4: OUTPUT must end in .png (a PNG image)"),
        Refused(args: ["pulse", "o.txt"], message: "'o.txt': .txt is not a known output format; use one of .mp4"),
    ]

    @Test(arguments: refused) func refusedBeforeRendering(_ c: Refused) throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let r = try run(c.args, cwd: folder, environment: c.environment)
        #expect(r.status == 2, "\(c): \(r.status) \(r.stderr)")
        #expect(r.stderr.contains(c.message), "\(c): \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(c): one line: \(r.stderr)")
        #expect(listing(folder).isEmpty, "\(c): nothing written")
    }

    @Test func didYouMeanOnlyWhenClose() {
        #expect(nearest(to: "-o", in: ["-y", "--output"]) == nil)
        #expect(nearest(to: "-q", in: ["-y", "-h"]) == nil)
        #expect(nearest(to: "--secnds", in: ["--seconds", "--scale"]) == "--seconds")
        #expect(nearest(to: "--sceonds", in: ["--seconds"]) == "--seconds", "a swap is one edit")
        #expect(nearest(to: "--fsp", in: ["--fps"]) == "--fps")
        #expect(nearest(to: "--out", in: ["--fps"]) == nil)
        #expect(nearest(to: "radious", in: ["radius", "duration"]) == "radius")
        #expect(nearest(to: "color", in: ["colour"]) == "colour")
        #expect(nearest(to: "zzz", in: ["pulse", "heart", "dots"]) == nil)
        #expect(nearest(to: "dot", in: ["dots", "heart"]) == "dots")
    }

    @Test func extremeButValidFrameRatesRender() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        for fps in ["2147483647/2147483647", "239999759/999999", "48000/1001", "240", "1"] {
            let r = try run(["pulse"] + quick + ["--fps", fps, "--frames", "3", "-y", "o.mp4"], cwd: folder)
            #expect(r.status == 0, "--fps \(fps): \(r.stderr)")
            #expect(try MP4Reader(path: folder + "/o.mp4").checkDecode().frames == 3, "--fps \(fps)")
        }
        #expect(parseFrameRate("60000/1000") == FrameRateSpec(num: 60, den: 1))
        #expect(parseFrameRate("2147483647/2147483647") == FrameRateSpec(num: 1, den: 1))
        // Loops with a large rational: 239999759/999999 fps is not a whole number of frames per loop.
        let loops = try run(["pulse"] + quick + ["--fps", "239999759/999999", "--loops", "1", "-y", "l.mp4"], cwd: folder)
        #expect(loops.status == 2 && loops.stderr.contains("not a whole number"), "\(loops.stderr)")
    }

    @Test func outputQuietVerboseAndJSON() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let o = try run(["pulse"] + quick + ["--frames", "4", "-o", "a.mp4"], cwd: folder)
        #expect(o.status == 0 && o.stdout.hasPrefix("wrote a.mp4"), "\(o.stderr)")
        let long = try run(["still", "pulse", "--output=b.png", "-q"], cwd: folder)
        #expect(long.status == 0 && long.stdout.isEmpty && long.stderr.isEmpty, "\(long.stdout) \(long.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/b.png"))
        let q = try run(["pulse"] + quick + ["--frames", "4", "-q", "-y", "a.mp4"], cwd: folder)
        #expect(q.status == 0 && q.stdout.isEmpty && q.stderr.isEmpty, "\(q.stdout) \(q.stderr)")
        let v = try run(["pulse"] + quick + ["--frames", "4", "-v", "-y", "a.mp4"], cwd: folder)
        #expect(v.status == 0 && v.stderr.contains("[libx264]") && v.stderr.contains("memory: a.mp4 needs about"), "\(v.stderr)")
        let j = try run(["pulse"] + quick + ["--frames", "20", "--json", "-y", "a.mp4"], cwd: folder)
        #expect(j.status == 0, "\(j.stderr)")
        let events = try j.stdout.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(events.first?["event"] as? String == "start" && events.first?["frames"] as? Int == 20)
        #expect(events.filter { $0["event"] as? String == "progress" }.count >= 9)
        #expect(events.last?["event"] as? String == "done" && events.last?["frames"] as? Int == 20 && (events.last?["bytes"] as? Int ?? 0) > 0)
        #expect(j.stderr.contains("wrote a.mp4"), "the summary line moves to stderr")
    }

    @Test func duplicateKeysAreErrorsAndSymlinkedPresetsAreFollowed() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        try write("{\"animation\": \"pulse\",\n \"encoder\": {\"crf\": 18, \"crf\": 0}}", folder, "dup.json")
        let d = try run(["pulse", "--preset", "dup.json", "o.mp4"], cwd: folder)
        #expect(d.status == 2 && d.stderr.contains("dup.json: line 2, column 25 (encoder): duplicate key \"crf\": each key may appear once"), "\(d.stderr)")
        try write(##"{"animation": "dots", "parameters": {"color": "#FF0000", "numberOfDots": 2, "color": "#00FF00"}}"##, folder, "presets/dup2.json")
        let b = try run(["batch", "presets", "--out", "out"], cwd: folder)
        #expect(b.status == 1 && b.stderr.contains("dup2.json: line 1, column"), "\(b.stderr)")

        try write(#"{"animation": "dots", "seconds": 0.2, "scale": 0.5, "encoder": {"preset": "ultrafast"}}"#, folder, "common/real.json")
        try FileManager.default.createDirectory(atPath: folder + "/linked", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked/dots-link.json", withDestinationPath: "../common/real.json")
        let byPath = try run(["dots", "--preset", "linked/dots-link.json", "a.mp4"], cwd: folder)
        #expect(byPath.status == 0, "\(byPath.stderr)")
        let byName = try run(["dots", "--preset", "link", "b.mp4"], cwd: folder, environment: ["ANIMEXPORT_PRESETS": folder + "/linked"])
        #expect(byName.status == 0, "\(byName.stderr)")
        let batch = try run(["batch", "linked", "--out", "lb"], cwd: folder)
        #expect(batch.status == 0 && FileManager.default.fileExists(atPath: folder + "/lb/dots-link.mp4"), "\(batch.stderr)")
    }
}
