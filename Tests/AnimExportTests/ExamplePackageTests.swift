// The example package (Examples/CustomScene), a Swift user of the AnimExportKit library: it
// defines a scene in code and exports it as MP4 and PNG, exports a built-in scene and a Lottie
// file, hears each export's frames through its observer, and renders its scene through the CLI
// as a registered plug-in. `make test` builds it and names the binary in ANIMEXPORT_EXAMPLE_BIN;
// this test runs it and decodes what it wrote.
import Foundation
import Testing
import Video

private let exampleBinary = ProcessInfo.processInfo.environment["ANIMEXPORT_EXAMPLE_BIN"]

@Test(.enabled(if: exampleBinary != nil, "make test builds Examples/CustomScene and sets ANIMEXPORT_EXAMPLE_BIN"))
func examplePackageDefinesAndExportsItsOwnScene() throws {
    let binary = try #require(exampleBinary)
    #expect(FileManager.default.isExecutableFile(atPath: binary), "\(binary) was not built")
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let r = try run([folder], executable: binary)
    #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
    // The library printed nothing of its own: every line came from the example's observer (and
    // the CLI's summary of its own run, on stdout).
    #expect(r.stderr.isEmpty, "the library wrote to stderr: \(r.stderr)")
    #expect(r.stdout.contains("spinner.mp4 (240×240, 60 frames, 60 seen)"), "\(r.stdout)")
    #expect(r.stdout.contains("pulse.webm (96×96, 12 frames, 12 seen)"), "\(r.stdout)")
    #expect(r.stdout.contains("badge.gif (100×100, 30 frames, 30 seen)"), "\(r.stdout)")

    // A built-in scene with a preset (0.5 s at 24 fps, fitted into 96×96) and the Lottie file
    // with its own defaults (100×100 pt at 1 px per pt, 30 fps, op − ip = 30 frames).
    let pulse = try MP4Reader(path: folder + "/pulse.webm")
    #expect(pulse.width == 96 && pulse.height == 96)
    #expect(try pulse.checkDecode().frames == 12)
    let badge = try MP4Reader(path: folder + "/badge.gif")
    #expect(badge.width == 100 && badge.height == 100)
    #expect(try badge.checkDecode().frames == 30)

    // One seamless 1 s loop at 60 fps, 120 pt at scale 2.
    let video = try MP4Reader(path: folder + "/spinner.mp4")
    #expect(video.width == 240 && video.height == 240)
    #expect(try video.checkDecode().frames == 60)
    // The CLI run of the registered plug-in: --frames 12.
    #expect(try MP4Reader(path: folder + "/cli.mp4").checkDecode().frames == 12)

    // The still at t = 0.25 on a transparent background: corners transparent, the brightest bar
    // (at 3 o'clock, 52 px right of the centre) the scene's blue, the bar opposite it faded
    // over the grey disc.
    let png = try PNGReader.read(path: folder + "/spinner.png")
    #expect(png.width == 240 && png.height == 240)
    func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(png.rgba[(y * 240 + x) * 4 + $0]) } }
    #expect(pixel(0, 0)[3] == 0 && pixel(239, 239)[3] == 0)
    #expect(close(pixel(120 + 58, 120), [0x0A, 0x84, 0xFF, 255], 2), "head bar \(pixel(178, 120))")
    let tail = pixel(120 - 58, 120)
    #expect(tail[3] == 255 && tail[0] > 0x0A + 60, "faded bar \(tail)")
}
