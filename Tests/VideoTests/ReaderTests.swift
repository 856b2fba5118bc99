import Testing
import Glibc
@testable import Video

@Suite struct ReaderTests {
    @Test func corruptedStreamReportsDecodeErrors() throws {
        let dir = TempDir()
        let path = dir.file("clip.mp4")
        try encode(path, settings(160, 90, preset: "medium"), count: 30) {
            gradientFrame(width: 160, height: 90, index: $0)
        }
        #expect(try MP4Reader(path: path).checkDecode().errors == 0)

        // Overwrite part of the middle of mdat with garbage.
        var bytes = try #require(fileBytes(path))
        let mdat = try #require(try MP4Inspector.boxes(path: path).first { $0.type == "mdat" })
        var x: UInt32 = 12345
        for i in (mdat.offset + mdat.size / 3)..<(mdat.offset + mdat.size / 3 + 400) {
            x = x &* 1103515245 &+ 12345
            bytes[i] = UInt8(truncatingIfNeeded: x >> 16)
        }
        let bad = dir.file("corrupt.mp4")
        writeFile(bad, bytes)
        let report = try MP4Reader(path: bad).checkDecode()
        #expect(report.errors > 0)
        #expect(!report.errorLines.isEmpty)
        print("corrupted clip: \(report.errors) decode errors, first: \(report.errorLines.first ?? "")")
    }

    @Test func boxWalker() throws {
        let dir = TempDir()
        // Hand-made boxes: a 32-bit size, a 64-bit largesize and a size-0 (to end) box.
        var bytes: [UInt8] = [0, 0, 0, 12] + Array("ftyp".utf8) + [1, 2, 3, 4]
        bytes += [0, 0, 0, 1] + Array("free".utf8) + [0, 0, 0, 0, 0, 0, 0, 18] + [9, 9]
        bytes += [0, 0, 0, 0] + Array("mdat".utf8) + [7, 7, 7]
        writeFile(dir.file("boxes.mp4"), bytes)
        let boxes = try MP4Inspector.boxes(path: dir.file("boxes.mp4"))
        #expect(boxes.map(\.type) == ["ftyp", "free", "mdat"])
        #expect(boxes.map(\.offset) == [0, 12, 30])
        #expect(boxes.map(\.size) == [12, 18, 11])

        writeFile(dir.file("trunc.mp4"), [0, 0, 0, 100] + Array("moov".utf8) + [1, 2])
        guard case .invalidFile? = videoError({ _ = try MP4Inspector.topLevelBoxes(path: dir.file("trunc.mp4")) }) else {
            Issue.record("truncated box accepted"); return
        }
    }

    @Test func missingAndInvalidInputs() throws {
        let dir = TempDir()
        #expect(videoError { _ = try MP4Reader(path: dir.file("none.mp4")) }
                == .io(operation: "open", path: dir.file("none.mp4"), errno: ENOENT))
        writeFile(dir.file("junk.mp4"), Array(repeating: 0x42, count: 1000))
        guard case .ffmpeg? = videoError({ _ = try MP4Reader(path: dir.file("junk.mp4")) }) else {
            Issue.record("junk accepted"); return
        }
    }

    @Test func decodedFramesComeInOrderWithTimestamps() throws {
        let dir = TempDir()
        let path = dir.file("ts.mp4")
        try encode(path, settings(64, 64, preset: "medium"), count: 12) {
            gradientFrame(width: 64, height: 64, index: $0)
        }
        let r = try MP4Reader(path: path)
        var pts: [Int64] = []
        try r.decode { f in
            #expect(f.pixelFormat == "yuv420p" && f.width == 64 && f.height == 64)
            #expect(f.plane(0).bytes.count >= 64 * 64 && f.plane(1).bytes.count >= 32 * 32)
            pts.append(f.pts ?? -1)
        }
        // 60 fps in the mp4 time base 1/15360: 256 ticks per frame, starting at 0.
        #expect(r.timeBase == "1/15360")
        #expect(pts == (0..<12).map { Int64($0) * 256 })
    }
}

@Suite struct LogTests {
    @Test func captureIsPerObjectAndSilentByDefault() {
        #expect(!FFmpegLog.isVerbose)
        #expect(!FFmpegLog.libraryVersion.isEmpty)
        // An error from one writer quotes only its own log lines.
        let dir = TempDir()
        var s = settings(64, 64)
        s.x264Preset = "bogus-one"
        let e = videoError { _ = try MP4Writer(destination: dir.file("a.mp4"), settings: s) }
        #expect(e?.description.contains("bogus-one") == true)
        #expect(e?.description.contains("bogus-two") == false)
    }

    @Test func errorDescriptionsAreOneLine() {
        let errors: [VideoError] = [
            .invalidSettings("x"), .invalidInput("y"), .encoderUnavailable("libx264"),
            .ffmpeg(operation: "op", code: -22, message: "Invalid argument", log: ["a", "b"]),
            .unknownOptions(keys: ["k1", "k2"]), .io(operation: "open", path: "/p", errno: ENOENT),
            .invalidFile(path: "/p", reason: "r"), .closed,
        ]
        for e in errors {
            #expect(!e.description.isEmpty && !e.description.contains("\n"))
        }
        #expect(VideoError.io(operation: "open", path: "/p", errno: ENOENT).description
                == "open '/p' failed: No such file or directory (errno 2)")
    }
}
