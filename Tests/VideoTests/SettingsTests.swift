import Testing
@testable import Video

@Suite struct SettingsTests {
    @Test func frameRateParsing() {
        #expect(FrameRate(parsing: "60") == FrameRate(num: 60, den: 1))
        #expect(FrameRate(parsing: "60/1") == .fps60)
        #expect(FrameRate(parsing: "30000/1001") == FrameRate(num: 30000, den: 1001))
        #expect(FrameRate(parsing: "29.97") == FrameRate(num: 30000, den: 1001))
        #expect(FrameRate(parsing: "59.94") == FrameRate(num: 60000, den: 1001))
        #expect(FrameRate(parsing: "23.976") == FrameRate(num: 24000, den: 1001))
        #expect(FrameRate(parsing: "12.5") == FrameRate(num: 25, den: 2))
        #expect(FrameRate(parsing: "25.0") == .fps25)
        #expect(FrameRate(parsing: "120/2") == .fps60)
        for bad in ["", "0", "-5", "abc", "60/0", "0/1", "1.2.3", "30/-1", "1e3", "."] {
            #expect(FrameRate(parsing: bad) == nil, "\(bad)")
        }
        #expect(FrameRate(num: 30000, den: 1001).description == "30000/1001")
    }

    @Test func automaticLevels() {
        func level(_ w: Int, _ h: Int, _ fps: FrameRate, peak: Int? = nil) -> String? {
            H264Settings.automaticLevel(width: w, height: h, fps: fps, peakBitrate: peak)
        }
        #expect(level(1920, 1080, .fps60) == "4.2")
        #expect(level(1920, 1080, .ntsc5994) == "4.2")
        #expect(level(1920, 1080, .fps30) == "4")
        #expect(level(1280, 720, .fps60) == "3.2")
        #expect(level(800, 800, .fps60) == "3.2")
        #expect(level(160, 90, .fps60) == "3")  // floor
        #expect(level(3840, 2160, .fps30) == "5.1")
        #expect(level(3840, 2160, .fps60) == "5.2")
        #expect(level(1280, 720, .fps60, peak: 30_000_000) == "4.1")  // High: 4.0 allows 25 Mbit/s
        #expect(level(8192, 4320, FrameRate(num: 240, den: 1)) == nil)
        var s = H264Settings(width: 1920, height: 1080)
        #expect(s.effectiveLevel == "4.2")
        s.level = "5.1"
        #expect(s.effectiveLevel == "5.1")
    }

    @Test func validation() {
        func invalid(_ change: (inout H264Settings) -> Void) -> Bool {
            var s = H264Settings(width: 64, height: 64)
            change(&s)
            if case .invalidSettings? = videoError({ try s.validate() }) { return true }
            return false
        }
        #expect(!invalid { _ in })
        #expect(invalid { $0.width = 63 })
        #expect(invalid { $0.height = 0 })
        #expect(invalid { $0.fps = FrameRate(num: 0, den: 1) })
        #expect(invalid { $0.crf = 52 })
        #expect(invalid { $0.crf = -1 })
        #expect(invalid { $0.crf = 0; $0.profile = .main })
        #expect(invalid { $0.bframes = 17 })
        #expect(invalid { $0.keyint = 0 })
        #expect(invalid { $0.bitrate = 0 })
        #expect(invalid { $0.encoderThreads = -1 })
        #expect(invalid { $0.x264Preset = "" })
    }

    @Test func defaultsAndOptions() {
        let s = H264Settings(width: 64, height: 64)
        #expect(s.x264Preset == "medium" && s.crf == 18 && s.tune == "animation")
        #expect(s.profile == .high && s.encoderThreads == 0 && s.deterministic)
        #expect(s.warnings.isEmpty)
        let o = Dictionary(s.encoderOptions(), uniquingKeysWith: { _, b in b })
        #expect(o["preset"] == "medium" && o["crf"] == "18" && o["tune"] == "animation")
        #expect(o["profile"] == "high" && o["level"] == "3")

        var r = s
        r.bitrate = 1_000_000
        r.maxrate = 2_000_000
        r.crf = 20.5
        let ro = Dictionary(r.encoderOptions(), uniquingKeysWith: { _, b in b })
        #expect(ro["b"] == "1000000" && ro["crf"] == nil)
        #expect(ro["maxrate"] == "2000000" && ro["bufsize"] == "4000000")
        #expect(r.warnings.contains { $0.contains("crf is ignored") })

        var e = s
        e.extraOptions = [(key: "bufsize", value: "123")]
        #expect(e.encoderOptions().last { $0.0 == "bufsize" }?.1 == "123")  // user value applied last
    }
}
