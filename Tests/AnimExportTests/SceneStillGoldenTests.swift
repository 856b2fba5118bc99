// Every shipped preset's still, as the binary writes it, equals the PNG the renderer before the
// display list wrote (Tests/Golden/scenes, made with `animexport still` at commit cab52d1 and
// looked at): the scenes' pixels did not move when they started drawing through the display list.
import Foundation
import Testing
import Video

let sceneGoldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden/scenes").path

struct SceneStill: Sendable, CustomStringConvertible {
    let golden: String
    let args: [String]
    var description: String { golden }
}

let sceneStills: [SceneStill] = [
    SceneStill(golden: "pulse-red", args: ["pulse", "--preset", "red", "--time", "0.3", "--scale", "0.5"]),
    SceneStill(golden: "pulse-blue", args: ["pulse", "--preset", "blue", "--time", "1.9", "--scale", "0.5"]),
    SceneStill(golden: "pulse-orange", args: ["pulse", "--preset", "orange", "--time", "0.45", "--size", "160x120"]),
    SceneStill(golden: "heart", args: ["heart", "--time", "0.625"]),
    SceneStill(golden: "heart-large", args: ["heart", "--preset", "heart-large", "--time", "1.3", "--scale", "1"]),
    SceneStill(golden: "heart-icon", args: ["heart", "--preset", "heart-icon", "--time", "2.0", "--scale", "1"]),
    SceneStill(golden: "dots", args: ["dots", "--time", "2.55"]),
    SceneStill(golden: "dots-five", args: ["dots", "--preset", "dots-five", "--time", "2.3", "--scale", "1"]),
]

@Test(arguments: sceneStills) func sceneStillsEqualTheirGoldens(_ still: SceneStill) throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let out = folder + "/\(still.golden).png"
    let r = try run(["still"] + still.args + [out])
    #expect(r.status == 0, "\(r.stderr)")
    let got = try PNGReader.read(path: out)
    let want = try PNGReader.read(path: sceneGoldenFolder + "/\(still.golden).png")
    #expect(got.width == want.width && got.height == want.height)
    #expect(got.rgba == want.rgba, "\(still.golden) differs from its golden")
}
