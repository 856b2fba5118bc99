// GoldenChecks.swift — the golden-image check of every Lottie render test: a frame against
// Golden/<name>.png byte for byte (ANIMEXPORT_UPDATE_GOLDEN=1 writes the file instead; then look
// at it), and a fixture's hand-computed pixels before that.
import Foundation
import Testing
import Video

/// The frame against Golden/<name>.png exactly; `what` names the case in a failure.
func expectGolden(_ name: String, _ frame: Frame, what: String = "") throws {
    let path = "\(lottieGoldens)/\(name).png"
    if ProcessInfo.processInfo.environment["ANIMEXPORT_UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(atPath: lottieGoldens, withIntermediateDirectories: true)
        try frame.rgba.withUnsafeBytes { b in
            try PNGWriter.write(rgba: b, width: frame.width, height: frame.height, bytesPerRow: frame.width * 4, to: path)
        }
    }
    guard FileManager.default.fileExists(atPath: path) else {
        Issue.record("missing golden image \(path); run with ANIMEXPORT_UPDATE_GOLDEN=1 and look at it")
        return
    }
    let golden = try PNGReader.read(path: path)
    #expect(golden.width == frame.width && golden.height == frame.height, "\(what): \(golden.width)×\(golden.height) golden, \(frame.width)×\(frame.height) render")
    // Compared outside #expect, so that a failure names the pixels that differ, not two arrays.
    let differing = golden.rgba.count == frame.rgba.count
        ? stride(from: 0, to: frame.rgba.count, by: 4).filter { golden.rgba[$0..<$0 + 4] != frame.rgba[$0..<$0 + 4] }.count : -1
    #expect(differing == 0, "\(what): the render differs from \(path) in \(differing) pixels")
}

/// Renders the fixture, checks its pixels, and compares with (or writes) its golden PNG.
func checkGolden(_ c: GoldenFixture) throws {
    let frame = try renderFixture(c.name, atSeconds: c.seconds)
    for (x, y, expected) in c.pixels {
        let got = frame.pixel(x, y)
        #expect(got.matches(expected, tolerance: c.tolerance), "\(c): pixel (\(x), \(y)) is \(got), expected \(expected)")
    }
    try expectGolden(c.goldenName, frame, what: "\(c)")
}
