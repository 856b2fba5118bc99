// End to end: a Lottie file's defaults and time grid (issue 25 items 1 and 5, issue 22 items 5
// and 6), run as a process and decoded back.
//
// The time fixture is a 4 × 16 pt red bar moving 4 pt a frame: at file frame f its centre is
// x = 2 + 4·f (linear keyframes from frame 0 to op), so a decoded frame's bar centre says which
// file frame it shows, (x − 2)/4, exactly enough to count (±0.2 frames after H.264).
//   • 1 px per point with no flags; a canvas over the frame cap scaled down with a note;
//   • fr 29.97: frame i is file frame i, --loops 2 is 2 × (op − ip) frames at 30000/1001;
//   • op − ip = 12.5: each loop is the 13 whole frames 0…12, said in a note;
//   • --end, --marker (and with --loops), still --time / --frame outside the file: errors;
//   • an out-of-range value (a stroke cap 7) is a warning naming its JSON path; --strict refuses;
//   • a 1800 × 12000 pt solid renders (clipped to the canvas).
import Foundation
import Testing
import Video
import TestSupport

/// The bar file: `fr`, `op` (ip 0), canvas 4·⌈op⌉ + 8 × 16 pt.
func barFile(fr: String, op: Double, markers: String = "[]", extra: String = "") -> String {
    let w = 4 * Int(op.rounded(.up)) + 8
    let end = 2 + 4 * op
    return """
    {"v":"5.7.0","fr":\(fr),"ip":0,"op":\(op),"w":\(w),"h":16,"markers":\(markers),\(extra)"layers":[{"ty":4,"nm":"Bar","ip":0,"op":\(op),"st":0,
     "ks":{"p":{"a":1,"k":[{"t":0,"s":[2,8],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":\(op),"s":[\(end),8]}]}},
     "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[4,16]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
    """
}

/// The file frame each decoded frame shows: the red bar's centre on row 8, (x − 2)/4.
func barFrames(_ path: String) throws -> [Double] {
    let reader = try MP4Reader(path: path)
    var out: [Double] = []
    _ = try reader.decodeFrames { _, rgba, stride in
        var sum = 0.0, weight = 0.0
        for x in 0..<reader.width {
            let g = Double(rgba[8 * stride + x * 4 + 1])
            let w = max(0, 255 - g) / 255
            sum += (Double(x) + 0.5) * w
            weight += w
        }
        out.append(weight > 0 ? (sum / weight - 2) / 4 : .nan)
    }
    return out
}

func write(_ text: String, _ name: String, in dir: String) throws -> String {
    let path = dir + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Suite("LottieDefaults") struct LottieDefaultsTests {
    @Test func onePixelPerPointWithNoFlags() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let still = try animexport(["still", fixture("rect-fill"), "a.png"], cwd: dir)
        #expect(still.status == 0, "\(still.stderr)")
        let a = try PNGReader.read(path: dir + "/a.png")
        #expect(a.width == 100 && a.height == 100, "\(a.width)×\(a.height)")
        let file = try write(barFile(fr: "30", op: 6), "bar.json", in: dir)
        let video = try animexport([file, "v.mp4"], cwd: dir)
        #expect(video.status == 0, "\(video.stderr)")
        let r = try MP4Reader(path: dir + "/v.mp4")
        #expect(r.width == 32 && r.height == 16)
    }

    /// 6000 × 3000 pt: k = min(4096/6000, √(4096·2304/18e6)) = 0.6827 → 4096 × 2048, within the cap.
    @Test func largerThanTheFrameCapIsScaledDownWithANote() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = ##"{"v":"5.7.0","fr":10,"ip":0,"op":2,"w":6000,"h":3000,"layers":[{"ty":1,"ip":0,"op":2,"st":0,"ks":{},"sc":"#ff0000","sw":3000,"sh":3000}]}"##
        let file = try write(json, "big.json", in: dir)
        let run = try animexport([file, "--x264-preset", "ultrafast", "big.mp4"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note:") && run.stderr.contains("6000×3000 pt at 1 px per pt is 6000×3000 px, over the frame cap")
                && run.stderr.contains("4096×2048 px"), "\(run.stderr)")
        let r = try MP4Reader(path: dir + "/big.mp4")
        #expect(r.width == 4096 && r.height == 2048)
        // An explicit --scale is never changed: over the cap it stays an error.
        let explicit = try animexport([file, "--scale", "1", "-y", "big.mp4"], cwd: dir)
        #expect(explicit.status == 2 && explicit.stderr.contains("4096"), "\(explicit.stderr)")
    }

    /// fr 500 is outside what the encoders take: 240 fps, with a note; fr 29.97 is 30000/1001.
    @Test func frameRatesFromTheFile() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fast = try write(barFile(fr: "500", op: 4), "fast.json", in: dir)
        let run = try animexport([fast, "f.mp4"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("fps 500 is outside what the encoders take") && run.stderr.contains("rendering at 240 fps"), "\(run.stderr)")
        let r = try MP4Reader(path: dir + "/f.mp4")
        #expect(r.avgFrameRate.num == 240 && r.avgFrameRate.den == 1)
    }

    /// fr 29.97, op 12: --loops 2 is 24 frames at 30000/1001 and frame i shows file frame i mod 12.
    @Test(arguments: ["29.97", "23.976", "59.94"]) func loopsAtNTSCRates(_ fr: String) throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try write(barFile(fr: fr, op: 12), "ntsc.json", in: dir)
        let run = try animexport([file, "--loops", "2", "loops.mp4"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let r = try MP4Reader(path: dir + "/loops.mp4")
        let expected = ["29.97": (30000, 1001), "23.976": (24000, 1001), "59.94": (60000, 1001)][fr]!
        #expect(Int(r.avgFrameRate.num) == expected.0 && Int(r.avgFrameRate.den) == expected.1, "\(r.avgFrameRate)")
        let shown = try barFrames(dir + "/loops.mp4")
        #expect(shown.count == 24)
        for (i, f) in shown.enumerated() {
            #expect(abs(f - Double(i % 12)) < 0.2, "frame \(i) shows file frame \(f), expected \(i % 12)")
        }
    }

    /// op − ip = 12.5 at 30 fps: a loop is the 13 whole frames 0…12; --loops 2 is 26 frames.
    @Test func fractionalLengthRoundsToTheFileGrid() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try write(barFile(fr: "30", op: 12.5), "half.json", in: dir)
        let run = try animexport([file, "--loops", "2", "half.mp4"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("12.5 frames long") && run.stderr.contains("13 whole frames 0…12"), "\(run.stderr)")
        #expect(!run.stderr.contains("--fps"), "the file's length is not the frame rate's fault: \(run.stderr)")
        let shown = try barFrames(dir + "/half.mp4")
        #expect(shown.count == 26)
        for (i, f) in shown.enumerated() { #expect(abs(f - Double(i % 13)) < 0.2, "frame \(i): \(f)") }
        let plain = try animexport([file, "plain.mp4"], cwd: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try barFrames(dir + "/plain.mp4").count == 13)
    }

    @Test func endAndMarkers() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let markers = #"[{"cm":"intro","tm":0,"dr":4},{"cm":"loop","tm":4,"dr":6}]"#
        let file = try write(barFile(fr: "30", op: 12, markers: markers), "m.json", in: dir)
        // --end 0.2 s from --start 0.1 s: frames 3, 4, 5.
        let end = try animexport([file, "--start", "0.1", "--end", "0.2", "end.mp4"], cwd: dir)
        #expect(end.status == 0, "\(end.stderr)")
        let ended = try barFrames(dir + "/end.mp4")
        #expect(ended.count == 3 && ended.enumerated().allSatisfy { abs($0.element - Double(3 + $0.offset)) < 0.2 }, "\(ended)")
        // --marker loop: file frames 4 … 9; with --loops 3, 18 frames repeating them.
        let marker = try animexport([file, "--marker", "loop", "mk.mp4"], cwd: dir)
        #expect(marker.status == 0, "\(marker.stderr)")
        let segment = try barFrames(dir + "/mk.mp4")
        #expect(segment.count == 6 && segment.enumerated().allSatisfy { abs($0.element - Double(4 + $0.offset)) < 0.2 }, "\(segment)")
        let looped = try animexport([file, "--marker", "loop", "--loops", "3", "ml.mp4"], cwd: dir)
        #expect(looped.status == 0, "\(looped.stderr)")
        let loops = try barFrames(dir + "/ml.mp4")
        #expect(loops.count == 18 && loops.enumerated().allSatisfy { abs($0.element - Double(4 + $0.offset % 6)) < 0.2 }, "\(loops)")
        // An unknown marker names the file's markers; --marker with --start is a conflict.
        let unknown = try animexport([file, "--marker", "outro", "x.mp4"], cwd: dir)
        #expect(unknown.status == 2 && unknown.stderr.contains(#"no marker "outro""#) && unknown.stderr.contains(#""intro", "loop""#), "\(unknown.stderr)")
        let conflict = try animexport([file, "--marker", "loop", "--start", "0", "x.mp4"], cwd: dir)
        #expect(conflict.status == 2 && conflict.stderr.contains("give --marker or --start"), "\(conflict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.mp4"))
    }

    /// A still outside the file's length is an error naming the range, not a wrap.
    @Test func stillOutsideTheFileIsAnError() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try write(barFile(fr: "30", op: 12), "s.json", in: dir)
        let late = try animexport(["still", file, "--time", "0.5", "a.png"], cwd: dir)
        #expect(late.status == 2 && late.stderr.contains("0 ≤ t < 0.4 s"), "\(late.stderr)")
        let frame = try animexport(["still", file, "--frame", "12", "a.png"], cwd: dir)
        #expect(frame.status == 2 && frame.stderr.contains("0 ≤ F < 12"), "\(frame.stderr)")
        let last = try animexport(["still", file, "--frame", "11", "a.png"], cwd: dir)
        #expect(last.status == 0, "\(last.stderr)")
    }

    /// A stroke cap 7 (1…3) is read as players read it (the default, round) with a warning
    /// naming the JSON path; --strict refuses the file.
    @Test func outOfRangeValuesWarnOrRefuse() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = barFile(fr: "30", op: 4).replacingOccurrences(
            of: #"{"ty":"fl","#, with: #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":1},"lc":7},{"ty":"fl","#)
        let file = try write(json, "v.json", in: dir)
        let loose = try animexport([file, "v.mp4"], cwd: dir)
        #expect(loose.status == 0, "\(loose.stderr)")
        #expect(loose.stderr.contains("warning: \(file): layers[0].shapes[1].lc: expected a whole number in 1…3, got 7; used 2"), "\(loose.stderr)")
        let strict = try animexport([file, "--strict", "s.mp4"], cwd: dir)
        #expect(strict.status == 2 && strict.stderr.contains("layers[0].shapes[1].lc"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.mp4"))
    }

    /// A real file's 1800 × 12000 pt solid (once refused: "solid height must be in 0…10000") is
    /// drawn, clipped to the canvas: every pixel of the 64 × 48 canvas is its blue.
    @Test func hugeSolidRendersClipped() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = ##"{"v":"5.7.0","fr":30,"ip":0,"op":2,"w":64,"h":48,"layers":[{"ty":1,"ip":0,"op":2,"st":0,"ks":{"p":{"a":0,"k":[-100,-5000]}},"sc":"#0000ff","sw":1800,"sh":12000}]}"##
        let file = try write(json, "solid.json", in: dir)
        let run = try animexport(["still", file, "s.png"], cwd: dir)
        #expect(run.status == 0 && !run.stderr.contains("warning"), "\(run.stderr)")
        let s = try PNGReader.read(path: dir + "/s.png")
        #expect(s.width == 64 && s.height == 48)
        let blue = stride(from: 0, to: s.rgba.count, by: 4).allSatisfy { s.rgba[$0] == 0 && s.rgba[$0 + 1] == 0 && s.rgba[$0 + 2] == 255 && s.rgba[$0 + 3] == 255 }
        #expect(blue, "the solid covers the canvas")
    }
}
