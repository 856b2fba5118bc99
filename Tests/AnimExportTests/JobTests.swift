// Job resolution: flags override presets, length and size policies, caps.
import Geometry
import Testing
@testable import AnimExport

let library = PresetLibrary(folders: [presetsFolder])

func job(_ args: [String], animation: AnimationKind = .pulse) throws(ExportError) -> ExportPlan {
    try resolvePlan(animation: animation, args: try parseArguments(args, flags: renderFlags, command: "pulse"), library: library)
}

@Test func defaultsFromPreset() throws {
    let j = try job(["out.mp4"])
    #expect(j.presetName == "pulse-red")
    #expect(j.width == 800 && j.height == 800)
    #expect(j.fps.num == 60 && j.fps.den == 1)
    #expect(j.frameCount == 180)          // preset seconds 3
    #expect(j.encoder.preset == "medium" && j.encoder.crf == 18 && j.encoder.profile == "high")
    #expect(j.background == .white)
}

@Test func exactLengthAndFrameTimes() throws {
    let j = try job(["--seconds", "5", "out.mp4"])
    #expect(j.frameCount == 300)
    #expect(j.time(ofFrame: 6) == 0.1)
    let ntsc = try job(["--seconds", "5", "--fps", "30000/1001", "out.mp4"])
    #expect(ntsc.frameCount == 150)      // round(5 × 29.97) = 150
    #expect(abs(ntsc.time(ofFrame: 30) - 30 * 1001.0 / 30000) < 1e-12)
    #expect(try job(["--frames", "7", "out.mp4"]).frameCount == 7)
    #expect(try job(["--seconds", "1", "--start", "2", "out.mp4"]).time(ofFrame: 0) == 2)
}

@Test func oddSizesAreRoundedUpWithANotice() throws {
    let j = try job(["--scale", "1.0025", "out.mp4"])     // 401 × 401
    #expect(j.width == 402 && j.height == 402)
    #expect(j.notices.contains { $0.contains("401×401") && $0.contains("402×402") })
    let s = try job(["--size", "333x200", "out.mp4"])
    #expect(s.width == 334 && s.height == 200)
    // The 400 pt canvas fits 200 px high: scale 0.5, centred horizontally.
    #expect(s.transform.apply(Point(x: 200, y: 200)) == Point(x: 66 + 100, y: 100))
}

@Test func flagsOverrideEncoderSettings() throws {
    let j = try job(["--crf", "23", "--x264-preset", "veryfast", "--tune", "none", "--profile", "main",
                     "--keyint", "60", "--bframes", "0", "--param", "aq-mode=3", "out.mp4"])
    #expect(j.encoder.crf == 23 && j.encoder.preset == "veryfast" && j.encoder.tune == nil)
    #expect(j.encoder.profile == "main" && j.encoder.keyint == 60 && j.encoder.bframes == 0)
    #expect(j.encoder.params.map(\.key) == ["aq-mode"])
}

@Test func crfZeroIsLosslessWithAWarning() throws {
    let j = try job(["--crf", "0", "out.mp4"])
    #expect(j.encoder.profile == "high444")
    #expect(j.notices.contains { $0.contains("lossless") })
}

@Test func badFlagValues() {
    let cases: [([String], String)] = [
        (["--seconds", "0", "out.mp4"], "--seconds"),
        (["--seconds", "-1", "out.mp4"], "--seconds"),
        (["--seconds", "601", "out.mp4"], "--seconds"),
        (["--seconds", "nan", "out.mp4"], "--seconds"),
        (["--fps", "0", "out.mp4"], "--fps"),
        (["--fps", "241", "out.mp4"], "--fps"),
        (["--size", "0x100", "out.mp4"], "--size"),
        (["--size", "5000x100", "out.mp4"], "--size"),
        (["--scale", "20", "out.mp4"], "--scale"),
        (["--crf", "52", "out.mp4"], "--crf"),
        (["--x264-preset", "quick", "out.mp4"], "--x264-preset"),
        (["--preset", "purple", "out.mp4"], "--preset"),
        (["--frames", "0", "out.mp4"], "--frames"),
        (["--param", "novalue", "out.mp4"], "--param"),
        (["--seconds", "1", "--frames", "3", "out.mp4"], "not both"),
        ([], "missing OUTPUT"),
    ]
    for (args, text) in cases {
        do {
            _ = try job(args)
            Issue.record("\(args) should fail")
        } catch {
            #expect(error.exitCode == 2, "\(args)")
            #expect(error.description.contains(text), "\(args): \(error)")
        }
    }
}

@Test func aPresetListsAtMost64Outputs() throws {
    let names = (0...64).map { #"{"name": "o\#($0).mp4"}"# }.joined(separator: ", ")
    let json = #"{"animation": "pulse", "outputs": [\#(names)]}"#
    do {
        _ = try loadPreset(json)
        Issue.record("65 outputs should be refused")
    } catch {
        #expect(error.description.contains("outputs: needs 1 to 64 outputs, found 65"), "\(error)")
    }
    let ok = (0..<64).map { #"{"name": "o\#($0).mp4"}"# }.joined(separator: ", ")
    _ = try loadPreset(#"{"animation": "pulse", "outputs": [\#(ok)]}"#)
}
