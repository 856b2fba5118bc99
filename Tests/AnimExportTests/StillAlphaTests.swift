// `animexport still … --background transparent out.png` keeps alpha: an RGBA PNG whose pixels
// away from the drawing decode with alpha 0, with some opaque ink; a translucent #RRGGBBAA
// background keeps its alpha too (no note about compositing over black).
import Foundation
import Testing
import Video

@Test(arguments: [("transparent", 0), ("#3366FF80", 128)])
func stillKeepsTheBackgroundsAlpha(_ c: (String, Int)) throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let out = folder + "/still.png"
    let r = try run(["still", "heart", "--time", "0.5", "--background", c.0, out])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(!r.stderr.contains("composited over black"), "\(r.stderr)")
    var frames: [[UInt8]] = []
    var width = 0
    _ = try MP4Reader(path: out).decodeFrames { _, bytes, stride in
        width = stride / 4
        frames.append(Array(bytes))
    }
    let px = try #require(frames.first)
    #expect(Int(px[3]) == c.1, "corner alpha \(px[3]), expected \(c.1)")
    let alphas = Set(stride(from: 3, to: px.count, by: 4).map { px[$0] })
    #expect(alphas.contains(255), "the outline is opaque somewhere")
    #expect(width > 0)
}
