// Dots presets: the shipped files load by every documented name, decoding is strict (unknown
// keys suggest the nearest key, ranges are checked, errors name file and field), and the
// canvas defaults to the row plus margins unless the preset gives one.
import Foundation
import Testing
import Scenes
@testable import AnimExport

func dotsParameters(_ p: LoadedPreset) -> DotsParameters? {
    p.file.parameters?.value(of: DotsPlugin.self)
}

@Test func shippedDotsPresetsLoad() throws {
    let library = PresetLibrary(folders: [presetsFolder])
    #expect(Set(try library.names(for: .dots)) == ["dots", "blue", "five"])
    #expect(AnimationKind.dots.defaultPreset == "dots")
    let green = try #require(dotsParameters(try library.load(animation: .dots, reference: "dots")))
    #expect(green == DotsParameters(), "dots.json spells out the component defaults")
    for name in ["blue", "dots-blue", presetsFolder + "/dots-blue.json"] {
        let p = try library.load(animation: .dots, reference: name)
        #expect(p.name == "dots-blue", "\(name)")
        #expect(dotsParameters(p) == DotsParameters(numberOfDots: 3, color: DotsParameters.blue), "\(name)")
    }
    let five = try #require(dotsParameters(try library.load(animation: .dots, reference: "five")))
    #expect(five.numberOfDots == 5 && five.dotSize == 40 && five.color.hexString == "#FF9500")
    // A dots preset is not a pulse preset and vice versa.
    #expect(throws: ExportError.self) { try library.load(animation: .pulse, reference: "dots-blue.json") }
    #expect(throws: ExportError.self) { try library.load(animation: .dots, reference: "red") }
}

@Test func dotsJobsGetTheirCanvasFromTheRow() throws {
    func dotsJob(_ args: [String]) throws -> ExportPlan {
        try resolvePlan(animation: .dots, args: try parseArguments(args, flags: renderFlags, command: "dots"), library: library)
    }
    let j = try dotsJob(["--preset", "blue", "out.mp4"])
    #expect(j.source.canvas == Size(width: 240, height: 120))
    #expect(j.width == 480 && j.height == 240 && j.frameCount == 180 && j.background == .white)
    let five = try dotsJob(["--preset", "five", "out.mp4"])
    #expect(five.source.canvas == Size(width: 5 * 40 + 4 * 8 + 74, height: 110))
    #expect(five.width == 612 && five.height == 220)
    // A preset canvas wins.
    let (wide, _) = try loadPreset(##"{"animation": "dots", "canvas": {"width": 300, "height": 100}}"##, name: "dots-wide.json")
    #expect(wide.file.parameters?.defaultCanvas == Size(width: 240, height: 120))
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    _ = FileManager.default.createFile(atPath: folder + "/dots-wide.json",
                                       contents: Data(##"{"animation": "dots", "canvas": {"width": 300, "height": 100}}"##.utf8))
    let w = try dotsJob(["--preset", folder + "/dots-wide.json", "out.mp4"])
    #expect(w.source.canvas == Size(width: 300, height: 100) && w.width == 600 && w.height == 200)
}

@Test func dotsPresetsAreDecodedStrictly() {
    func dots(_ params: String) -> String { ##"{"animation": "dots", "parameters": {\##(params)}}"## }
    expectInvalid(dots(##""numberOfDot": 3"##), field: "parameters.numberOfDot", contains: "did you mean 'numberOfDots'")
    expectInvalid(dots(##""colour": "#007AFF""##), field: "parameters.colour", contains: "did you mean 'color'")
    expectInvalid(dots(##""numberOfDots": 0"##), field: "parameters.numberOfDots", contains: "outside the allowed range 1…64")
    expectInvalid(dots(##""numberOfDots": -3"##), field: "parameters.numberOfDots", contains: "1…64")
    expectInvalid(dots(##""numberOfDots": 65"##), field: "parameters.numberOfDots", contains: "1…64")
    expectInvalid(dots(##""numberOfDots": 2.5"##), field: "parameters.numberOfDots", contains: "not a whole number")
    expectInvalid(dots(##""numberOfDots": "three""##), field: "parameters.numberOfDots", contains: "expected a number")
    expectInvalid(dots(##""cycle": 0"##), field: "parameters.cycle", contains: "(0, 60]")
    expectInvalid(dots(##""cycle": -1"##), field: "parameters.cycle", contains: "outside the allowed range")
    expectInvalid(dots(##""speed": 0"##), field: "parameters.speed", contains: "outside the allowed range")
    expectInvalid(dots(##""baseDuration": 0"##), field: "parameters.baseDuration", contains: "outside the allowed range")
    expectInvalid(dots(##""dotSize": 0"##), field: "parameters.dotSize", contains: "outside the allowed range")
    expectInvalid(dots(##""stagger": -0.2"##), field: "parameters.stagger", contains: "outside the allowed range")
    expectInvalid(dots(##""dimOpacity": 2"##), field: "parameters.dimOpacity", contains: "[0, 1]")
    expectInvalid(dots(##""color": "blue""##), field: "parameters.color", contains: "not a colour")
    expectInvalid(dots(##""curve": [1.5, 0, 0.58, 1]"##), field: "parameters.curve", contains: "x1, x2 in [0, 1]")
    expectInvalid(dots(##""curve": [0.42, 0, 0.58]"##), field: "parameters.curve", contains: "[x1, y1, x2, y2]")
}

@Test func partialDotsParametersKeepTheOtherDefaults() throws {
    let (p, _) = try loadPreset(##"{"animation": "dots", "parameters": {"numberOfDots": 4, "cycle": 1.5, "curve": [0, 0, 1, 1]}}"##)
    let d = try #require(dotsParameters(p))
    #expect(d.numberOfDots == 4 && d.cycle == 1.5 && d.curve == .linear)
    #expect(d.color == DotsParameters.green && d.hold == 0.4 && d.speed == 0.5)
    let (none, _) = try loadPreset(##"{"animation": "dots"}"##)
    #expect(dotsParameters(none) == DotsParameters())
}
