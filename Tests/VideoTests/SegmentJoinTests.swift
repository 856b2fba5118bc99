// Segments (SegmentEncoding.swift) joined without re-encoding (SegmentJoiner.swift): the joined
// file holds every frame once, in order, with exact timing, each frame decoding to the same
// picture as in its segment; encoding the segments again (in another order) joins to the same
// bytes; and every bad set of segments is refused before anything is written.
import Testing
@testable import Video

/// 64×64 frames that differ every frame (the gradient moves), so a frame out of place shows.
private func segmentFrame(_ i: Int) -> [UInt8] { gradientFrame(width: 64, height: 64, index: i) }

private func segmentSettings(_ file: String, codec: String? = nil, fps: FrameRate = .fps30) throws -> VideoSettings {
    var s = VideoSettings(width: 64, height: 64, fps: fps, format: try OutputFormat.resolve(path: file, codec: codec))
    s.h264.x264Preset = "veryfast"   // B-frames: the dts of each segment starts below its pts
    if s.format.codec == .hevc { s.speed = "ultrafast" }
    if s.format.codec == .vp9 { s.speed = "8" }
    if s.format.codec == .av1 { s.speed = "12" }
    return s
}

/// Encodes frames [first, first + count) as one segment.
private func writeSegment(_ path: String, _ s: VideoSettings, first: Int, count: Int) throws {
    let w = try MediaWriter.segment(destination: path, settings: s)
    for i in first..<(first + count) { try w.append(rgba: segmentFrame(i)) }
    try w.finish()
}

/// Segments of `total` frames, `length` each, written in `order`; returns them in clip order.
private func writeSegments(_ dir: borrowing TempDir, _ prefix: String, ext: String, _ s: VideoSettings,
                           total: Int, length: Int, order: [Int]? = nil) throws -> [SegmentInput] {
    let count = (total + length - 1) / length
    let inputs = (0..<count).map { k in
        SegmentInput(path: dir.file("\(prefix)\(k).\(ext)"), name: "\(prefix)\(k).\(ext)", firstFrame: k * length,
                     frames: min(length, total - k * length))
    }
    for k in order ?? Array(0..<count) {
        try writeSegment(inputs[k].path, s, first: inputs[k].firstFrame, count: inputs[k].frames)
    }
    return inputs
}

/// Decoded frames of a file as RGBA arrays.
private func decodedFrames(_ path: String) throws -> [[UInt8]] {
    var frames: [[UInt8]] = []
    _ = try MP4Reader(path: path).decodeFrames { _, bytes, _ in frames.append(Array(bytes)) }
    return frames
}

@Suite struct SegmentJoinTests {
    static let cases: [(file: String, codec: String?)] = [
        ("a.mp4", nil), ("b.mp4", "hevc"), ("c.webm", nil), ("d.mov", nil), ("e.mov", "h264"),
        ("f.mp4", "av1"), ("g.webm", "av1"),
    ]

    @Test(arguments: 0..<cases.count)
    func joinsEveryFrameOnceWithExactTiming(_ n: Int) throws {
        let (file, codec) = Self.cases[n]
        let dir = TempDir()
        let ext = String(file.split(separator: ".").last!)
        let s = try segmentSettings(file, codec: codec)
        let total = 40, length = 16
        let parts = try writeSegments(dir, "p", ext: ext, s, total: total, length: length)
        let out = dir.file(file)
        let (frames, _) = try SegmentJoiner.join(parts, to: out, settings: try s.joinSettings())
        #expect(frames == total)

        let r = try MP4Reader(path: out)
        #expect(r.frameCountInContainer == total || r.frameCountInContainer == 0)  // WebM has no count
        #expect(abs((r.durationSeconds ?? r.formatDurationSeconds ?? 0) - Double(total) / 30) < 1e-3)
        #expect(r.rFrameRate == .fps30)
        if codec == "hevc" { #expect(r.codecTag == "hvc1") }
        #expect(r.codecTag == (try MP4Reader(path: parts[0].path).codecTag))
        if s.format.codec != .prores { #expect(r.colorPrimaries == "bt709" && r.colorRange == "tv") }
        var pts: [Int64] = []
        var keys: [Int] = []
        let report = try r.decode { f in
            pts.append(f.pts ?? -1)
            if f.isKeyFrame { keys.append(f.index) }
        }
        #expect(report.frames == total && report.errors == 0)
        #expect(pts == pts.sorted() && Set(pts).count == total)
        #expect(Set([0, 16, 32]).isSubset(of: Set(keys)))
        if ext != "webm" { #expect(try MP4Reader.topLevelBoxes(path: out).firstIndex(of: "moov")! < MP4Reader.topLevelBoxes(path: out).firstIndex(of: "mdat")!) }

        // Each joined frame decodes to the picture its segment decodes to (no re-encoding).
        let joined = try decodedFrames(out)
        var fromSegments: [[UInt8]] = []
        for p in parts { fromSegments += try decodedFrames(p.path) }
        #expect(joined.count == total && joined == fromSegments)

    }

    @Test func segmentsEncodedAgainInAnotherOrderJoinToTheSameBytes() throws {
        let dir = TempDir()
        let s = try segmentSettings("a.mp4")
        let a = try writeSegments(dir, "a", ext: "mp4", s, total: 50, length: 12)
        let b = try writeSegments(dir, "b", ext: "mp4", s, total: 50, length: 12, order: [4, 2, 0, 3, 1])
        try SegmentJoiner.join(a, to: dir.file("a.mp4"), settings: try s.joinSettings())
        try SegmentJoiner.join(b, to: dir.file("b.mp4"), settings: try s.joinSettings())
        let x = fileBytes(dir.file("a.mp4")), y = fileBytes(dir.file("b.mp4"))
        #expect(x != nil && x == y)
    }

    @Test func theJoinEncodesAudioOnceOverTheWholeClip() throws {
        let dir = TempDir()
        var s = try segmentSettings("a.mp4")
        s.audio = AudioSource(.silent)
        let parts = try writeSegments(dir, "p", ext: "mp4", s, total: 45, length: 16)
        for p in parts { #expect(try MP4Reader(path: p.path).audio == nil) }   // never per segment
        try SegmentJoiner.join(parts, to: dir.file("a.mp4"), settings: try s.joinSettings())
        let audio = try #require(try MP4Reader(path: dir.file("a.mp4")).audio)
        #expect(audio.codec == "aac" && audio.sampleRate == 48_000)
        #expect(abs((audio.seconds ?? 0) - 1.5) < 0.03)   // 45 frames at 30 fps, within one AAC packet
    }

    @Test(arguments: ["a.mp4", "b.webm"])
    func aSuppliedTrackIsTheOnePassEncodeOfTheSource(_ file: String) throws {
        // The join encodes the source once over the whole clip: its audio packets are, byte for
        // byte, those of the same clip written in one piece, with the source's samples across every seam.
        let dir = TempDir()
        writeWAV(dir.file("tone.wav"), seconds: 2)
        var s = try segmentSettings(file)
        s.audio = AudioSource(.file(dir.file("tone.wav")))
        let ext = String(file.split(separator: ".").last!)
        let parts = try writeSegments(dir, "p", ext: ext, s, total: 45, length: 16)
        try SegmentJoiner.join(parts, to: dir.file(file), settings: try s.joinSettings())
        let whole = try MediaWriter(destination: dir.file("whole." + ext), settings: s)
        for i in 0..<45 { try whole.append(rgba: segmentFrame(i)) }
        try whole.finish()
        let joined = audioPackets(dir.file(file)), reference = audioPackets(dir.file("whole." + ext))
        #expect(!joined.isEmpty && joined == reference)
        let audio = try #require(try MP4Reader(path: dir.file(file)).audio)
        if ext == "mp4" { #expect(abs((audio.seconds ?? 0) - 1.5) < 0.03) }   // WebM streams carry no duration
    }

    @Test(arguments: ["a.gif", "b.apng", "c.webp"])
    func animatedImagesAreEncodedOnceFromLosslessSegments(_ file: String) throws {
        // Workers write PNG-in-MOV intermediates; the join decodes them and encodes once: the
        // same bytes as the clip written in one piece (one palette over the whole clip for GIF),
        // translucent edges included (premultiplied → straight → premultiplied is exact).
        let dir = TempDir()
        var s = try segmentSettings(file)
        s.alpha = true
        #expect(s.segmentsAreIntermediate && s.intermediateSegmentExtension == "mov")
        let total = 14, length = 5
        let parts = (0..<3).map { k in
            SegmentInput(path: dir.file("p\(k).mov"), name: "p\(k).mov", firstFrame: k * length, frames: min(length, total - k * length))
        }
        for p in parts {
            let w = try MediaWriter.segment(destination: p.path, settings: s)
            for i in p.firstFrame..<(p.firstFrame + p.frames) { try w.append(rgba: transparentFrame(i)) }
            try w.finish()
        }
        let (frames, _) = try SegmentJoiner.encode(parts, to: dir.file(file), settings: s)
        #expect(frames == total)
        let whole = try MediaWriter(destination: dir.file("whole-" + file), settings: s)
        for i in 0..<total { try whole.append(rgba: transparentFrame(i)) }
        try whole.finish()
        let joined = fileBytes(dir.file(file))
        #expect(joined != nil && joined == fileBytes(dir.file("whole-" + file)))
    }

    // MARK: - refusals, each before anything is written

    private func expectRefused(_ parts: [SegmentInput], _ s: VideoSettings, _ dir: borrowing TempDir,
                               naming name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = dir.entries()
        do {
            try SegmentJoiner.join(parts, to: dir.file("out.mp4"), settings: try s.joinSettings())
            Issue.record("joined; expected a refusal naming \(name)", sourceLocation: sourceLocation)
        } catch {
            #expect("\(error)".contains(name), "\(error)", sourceLocation: sourceLocation)
        }
        #expect(dir.entries() == before, sourceLocation: sourceLocation)
    }

    @Test func refusesAMissingSegment() throws {
        let dir = TempDir()
        let s = try segmentSettings("a.mp4")
        let parts = try writeSegments(dir, "p", ext: "mp4", s, total: 36, length: 12)
        try expectRefused([parts[0], parts[2]], s, dir, naming: "p2.mp4")
    }

    @Test func refusesADuplicateSegment() throws {
        let dir = TempDir()
        let s = try segmentSettings("a.mp4")
        let parts = try writeSegments(dir, "p", ext: "mp4", s, total: 36, length: 12)
        var again = parts[1]
        again.name = "p1-again.mp4"
        try expectRefused([parts[0], parts[1], again, parts[2]], s, dir, naming: "p1-again.mp4")
    }

    @Test func refusesASegmentOfOtherSettings() throws {
        let dir = TempDir()
        let s = try segmentSettings("a.mp4")
        let parts = try writeSegments(dir, "p", ext: "mp4", s, total: 36, length: 12)
        var other = s
        other.h264.profile = .main
        try writeSegment(dir.file("q1.mp4"), other, first: 12, count: 12)
        let odd = SegmentInput(path: dir.file("q1.mp4"), name: "q1.mp4", firstFrame: 12, frames: 12)
        try expectRefused([parts[0], odd, parts[2]], s, dir, naming: "q1.mp4")
    }

    @Test func refusesATruncatedSegment() throws {
        let dir = TempDir()
        let s = try segmentSettings("a.mp4")
        let parts = try writeSegments(dir, "p", ext: "mp4", s, total: 36, length: 12)
        let bytes = try #require(fileBytes(parts[1].path))
        writeFile(parts[1].path, Array(bytes.prefix(bytes.count * 2 / 3)))
        try expectRefused(parts, s, dir, naming: "p1.mp4")
    }

    @Test func refusesASegmentWithFewerFramesThanClaimed() throws {
        let dir = TempDir()
        let s = try segmentSettings("a.mp4")
        var parts = try writeSegments(dir, "p", ext: "mp4", s, total: 36, length: 12)
        parts[2].frames = 13
        try expectRefused(parts, s, dir, naming: "p2.mp4")
    }

    @Test func formatsThatCannotBeJoinedAreRefusedUpFront() throws {
        let s = try segmentSettings("x%04d.png")
        #expect(s.segmentRefusal != nil)
        #expect(throws: VideoError.self) { try MediaWriter.segment(destination: "/tmp/never-written-%04d.png", settings: s) }
        #expect(try segmentSettings("x.mp4", codec: "av1").segmentRefusal == nil)
        #expect(try segmentSettings("x.mp4", codec: "av1").segmentFingerprint().contains("lp=1"))   // SVT-AV1's pool pinned
    }

    @Test func theFingerprintNamesTheSettingsThatDecideTheBytes() throws {
        let s = try segmentSettings("a.mp4")
        var t = s
        t.h264.crf = 20
        #expect(try s.segmentFingerprint() != t.segmentFingerprint())
        #expect(try s.segmentFingerprint() == s.segmentFingerprint())
        #expect(try s.segmentFingerprint().contains("stitchable=1"))
        #expect(try !s.segmentFingerprint().contains("asm="))
    }
}
