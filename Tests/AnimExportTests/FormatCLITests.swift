// The CLI's output side, run against the real binary: formats from the extension, transparency,
// targets, audio, encoder numbers and the allow-list, batch manifests of every format.
import Foundation
import Testing
@testable import AnimExport
import Video

/// x264's "options:" SEI of a file (key → value).
func x264OptionsIn(_ path: String) -> [String: String] {
    guard let data = FileManager.default.contents(atPath: path), let start = data.range(of: Data("options: ".utf8))?.upperBound else { return [:] }
    var end = start
    while end < data.count, data[end] >= 0x20, data[end] < 0x7f { end += 1 }
    var out: [String: String] = [:]
    for item in String(decoding: data[start..<end], as: UTF8.self).split(separator: " ") {
        let kv = item.split(separator: "=", maxSplits: 1)
        if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
    }
    return out
}

@Suite struct FormatCLITests {
    @Test func appStoreIPhoneTarget() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        // The pulse's 1 s loop, 2 loops = 2 s: repeated whole to reach 15 s.
        let r = try run(["pulse", "--target", "appstore-iphone", "--loops", "2", "--x264-preset", "veryfast", "p.mp4"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("repeated 8 times"), "\(r.stderr)")
        let m = try MP4Reader(path: dir + "/p.mp4")
        #expect(m.width == 886 && m.height == 1920)
        #expect(m.avgFrameRate == FrameRate(num: 30, den: 1))
        #expect(m.codecName == "h264" && m.profileName == "High")
        #expect(m.level <= 40 && m.level > 0, "level \(m.level)")
        let a = try #require(m.audio)
        #expect(a.codec == "aac" && a.channels == 2 && a.sampleRate == 48_000)
        let seconds = try #require(m.formatDurationSeconds)
        #expect(seconds >= 15 && seconds <= 30.05, "\(seconds) s")
        #expect(try m.checkDecode().frames == 16 * 30)
        #expect(listing(dir) == ["p.mp4"])
    }

    @Test func appStoreRefusesFortySecondsBeforeRendering() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        let r = try run(["pulse", "--target", "appstore-iphone", "--seconds", "40", "p.mp4"], cwd: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("at most 30 s") && r.stderr.contains("40"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(listing(dir).isEmpty)
        let wrong = try run(["pulse", "--target", "appstore-iphone", "--fps", "60", "p.mp4"], cwd: dir)
        #expect(wrong.status == 2 && wrong.stderr.contains("requires 30"), "\(wrong.stderr)")
    }

    @Test func transparencyNeedsAFormatThatHoldsIt() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        let r = try run(["pulse", "--background", "transparent", "--frames", "2", "p.mp4"], cwd: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot hold transparency") && r.stderr.contains(".webm (VP9)"), "\(r.stderr)")
        #expect(listing(dir).isEmpty)
        let ok = try run(["pulse", "--background", "transparent", "--start", "0.5", "--frames", "3", "--size", "64x64", "p.webm"], cwd: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        var alphas: [UInt8] = []
        try MP4Reader(path: dir + "/p.webm").decode(decoder: "libvpx-vp9") { f in
            try f.withRGBA { b, stride in alphas.append(b[stride * 1 + 4]); alphas.append(b[stride * 32 + 4 * 32]) }
        }
        #expect(alphas.count == 6)
        #expect(alphas[0] == 0, "corner transparent")
        #expect(alphas[1] > 0, "the disc is drawn")
    }

    @Test(arguments: ["o.mov", "o.gif", "o.apng", "o.webp", "seq/f%03d.png", "o.m4v"])
    func everyExtensionRenders(_ name: String) throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        try FileManager.default.createDirectory(atPath: dir + "/seq", withIntermediateDirectories: true)
        let r = try run(["dots", "--frames", "4", "--size", "96x48", "--background", "transparent", name].filter { !(name == "o.m4v" && ($0 == "--background" || $0 == "transparent")) }, cwd: dir)
        #expect(r.status == 0, "\(name): \(r.stderr)")
        if name.contains("%") {
            #expect(listing(dir + "/seq") == ["f000.png", "f001.png", "f002.png", "f003.png"])
        } else {
            #expect(listing(dir) == [name, "seq"].sorted())
        }
    }

    @Test func encoderNumbers() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        let bitrate = try run(["pulse", "--frames", "30", "--bitrate", "2M", "--x264-preset", "ultrafast", "b.mp4"], cwd: dir)
        #expect(bitrate.status == 0, "\(bitrate.stderr)")
        let fractional = try run(["pulse", "--frames", "2", "--crf", "18.5", "--x264-preset", "ultrafast", "c.mp4"], cwd: dir)
        #expect(fractional.status == 0, "x264 takes fractional crf: \(fractional.stderr)")
        #expect(x264OptionsIn(dir + "/c.mp4")["crf"] == "18.5")
        for (args, words) in [(["--level", "3.0", "--size", "1920x1080"], "needs level 4.2"),
                              (["--bitrate", "2Q"], "--bitrate"),
                              (["--crf", "0.5"], "below 1 losslessly"),
                              (["--param", "x264-params=dump-yuv=/tmp/animexport-dump.yuv"], "dump-yuv"),
                              (["--param", "stats=/tmp/animexport-stats"], "stats"),
                              (["--codec", "vp9", "--quality", "30.5"], "whole number"),
                              (["--codec", "hevc", "--quality", "60"], "0–51"),
                              (["--codec", "prores", "--quality", "10"], "has no crf")] {
            let out = args.contains("vp9") ? "x.webm" : args.contains("prores") ? "x.mov" : "x.mp4"
            let r = try run(["pulse", "--frames", "2"] + args + [out], cwd: dir)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(words), "\(args): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/animexport-dump.yuv"))
        #expect(listing(dir) == ["b.mp4", "c.mp4"])
    }

    @Test func presetParamsCannotSmuggleFileOptions() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        let preset = #"{"animation": "pulse", "encoder": {"params": {"x264-params": "qpfile=/etc/passwd"}}}"#
        try preset.write(toFile: dir + "/evil.json", atomically: true, encoding: .utf8)
        let r = try run(["pulse", "--preset", dir + "/evil.json", "--frames", "2", "o.mp4"], cwd: dir)
        #expect(r.status == 2 && r.stderr.contains("qpfile"), "\(r.stderr)")
        #expect(listing(dir) == ["evil.json"])
    }

    @Test func batchManifestRecordsEveryFormat() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        try FileManager.default.createDirectory(atPath: dir + "/p", withIntermediateDirectories: true)
        let preset = #"""
        {"animation": "pulse", "background": "#00000000", "outputs": [
          {"name": "a.webm", "frames": 3, "size": "64x64"},
          {"name": "b.mov", "frames": 3, "size": "64x64", "codec": "prores"},
          {"name": "c.gif", "frames": 3, "size": "64x64", "loopCount": 2},
          {"name": "d.mp4", "frames": 3, "size": "64x64", "background": "#FFFFFF", "audio": "silent"},
          {"name": "seq/e%02d.png", "frames": 2, "size": "64x64"},
          {"name": "f.webp", "frames": 3, "size": "64x64", "quality": 80},
          {"name": "g.webp", "frames": 3, "size": "64x64"},
          {"name": "h.mp4", "frames": 3, "size": "64x64", "background": "#FFFFFF", "encoder": {"bitrate": 1000000, "maxrate": 1500000}},
          {"name": "i.mp4", "frames": 3, "size": "64x64", "background": "#FFFFFF", "codec": "hevc", "quality": 24},
          {"name": "j.gif", "frames": 3, "size": "64x64", "background": "#FFFFFF", "gifPalette": "per-frame", "matte": "#102030"}]}
        """#
        try preset.write(toFile: dir + "/p/x.json", atomically: true, encoding: .utf8)
        let r = try run(["batch", dir + "/p", "--out", dir + "/out"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let data = try #require(FileManager.default.contents(atPath: dir + "/out/manifest.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let outputs = try #require(json["outputs"] as? [String: [String: Any]])
        func codec(_ n: String) -> [String: Any] { (outputs[n]?["codec"] as? [String: Any]) ?? [:] }
        #expect(codec("a.webm")["codec"] as? String == "vp9" && codec("a.webm")["pixelFormat"] as? String == "yuva420p")
        #expect(codec("a.webm")["alpha"] as? Bool == true)
        #expect(codec("b.mov")["codec"] as? String == "prores" && codec("b.mov")["pixelFormat"] as? String == "yuva444p10le")
        #expect(codec("c.gif")["pixelFormat"] as? String == "pal8")
        #expect(codec("d.mp4")["audio"] as? String == "aac" && codec("d.mp4")["alpha"] as? Bool == false)
        #expect(codec("d.mp4")["encoder"] as? String == "libx264")
        #expect(codec("seq/e%02d.png")["pixelFormat"] as? String == "rgba")
        #expect(listing(dir + "/out/seq") == ["e00.png", "e01.png"])
        // Each codec's own settings as configured; a setting the codec does not have is null.
        func facts(_ n: String, _ keys: [String]) -> String {
            keys.map { k in codec(n)[k].map { $0 is NSNull ? "null" : "\($0)" } ?? "absent" }.joined(separator: " ")
        }
        let knobs = ["preset", "crf", "quality", "lossless", "profile", "level", "bitrate", "maxrate", "bufsize", "palette", "colors", "dither", "matte"]
        #expect(facts("d.mp4", knobs) == "medium 18 null null high 3 null null null null null null null")
        #expect(facts("h.mp4", knobs) == "medium null null null high 3 1000000 1500000 3000000 null null null null")
        #expect(facts("a.webm", knobs) == "4 30 null null 0 null null null null null null null null")
        #expect(facts("i.mp4", knobs) == "medium 24 null null main 1 null 128000 128000 null null null null")
        #expect(facts("b.mov", knobs) == "null null null null 4444 null null null null null null null null")
        #expect(facts("c.gif", knobs) == "null null null null null null null null null global 256 sierra2_4a #FFFFFF")
        #expect(facts("j.gif", knobs) == "null null null null null null null null null per-frame 256 sierra2_4a #102030")
        #expect(facts("f.webp", knobs) == "null null 80 0 null null null null null null null null null")
        #expect(facts("g.webp", knobs) == "null null null 1 null null null null null null null null null")
        #expect(json["format"] as? Int == 2)
        // The review page's codec lines of these facts (ReviewFacts.swift).
        let m = try Manifest.read(dir + "/out/manifest.json")
        #expect(m.outputs["h.mp4"]?.codec.map(codecSummary) == "H.264 high@3 · libx264 medium, tune animation · 1 Mb/s, peak 1.5 Mb/s, VBV buffer 3 Mb · yuv420p")
        #expect(m.outputs["d.mp4"]?.codec.map(codecSummary) == "H.264 high@3 · libx264 medium, tune animation · crf 18 · yuv420p · AAC audio")
        #expect(m.outputs["i.mp4"]?.codec.map(codecSummary) == "HEVC main@1 · libx265 medium · crf 24, peak 128 kb/s, VBV buffer 128 kb · yuv420p")
        #expect(m.outputs["b.mov"]?.codec.map(codecSummary) == "ProRes 4444 · prores_ks · yuva444p10le, transparent")
        #expect(m.outputs["j.gif"]?.codec.map(codecSummary) == "GIF · per-frame palette of 256 colours, sierra2_4a dither, matte #102030 · pal8")
        #expect(m.outputs["g.webp"]?.codec.map(codecSummary) == "WebP · libwebp_anim · lossless · bgra, transparent")

        // A format-1 manifest (x264's settings written for every codec) is read; the skipped
        // outputs' codec facts are derived again, with nothing rendered.
        var old = json, oldOutputs = outputs
        var gif = codec("c.gif")
        gif["preset"] = "medium"; gif["crf"] = 18; gif["profile"] = "high"; gif["palette"] = nil; gif["dither"] = nil
        oldOutputs["c.gif"]?["codec"] = gif
        old["outputs"] = oldOutputs; old["format"] = 1
        try JSONSerialization.data(withJSONObject: old).write(to: URL(fileURLWithPath: dir + "/out/manifest.json"))
        let again = try run(["batch", dir + "/p", "--out", dir + "/out"], cwd: dir)
        #expect(again.status == 0 && again.stdout.contains("skipped        0.00  c.gif\n"), "\(again.stdout)")
        let upgraded = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/out/manifest.json"))) as? [String: Any])
        let gifNow = ((upgraded["outputs"] as? [String: [String: Any]])?["c.gif"]?["codec"] as? [String: Any]) ?? [:]
        #expect(upgraded["format"] as? Int == 2 && gifNow["preset"] is NSNull && gifNow["palette"] as? String == "global", "\(gifNow)")
    }

    @Test func listShowsTargets() throws {
        let r = try run(["list"])
        #expect(r.status == 0)
        for name in ["appstore-iphone", "appstore-iphone-landscape", "reels", "youtube-1080p", "x", "readme-gif", "overlay-prores"] {
            #expect(r.stdout.contains("  \(name) "), "\(name) listed")
        }
    }
}
