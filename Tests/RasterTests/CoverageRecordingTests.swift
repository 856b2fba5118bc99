// CoverageRecording: a fill that replays recorded coverage gives exactly the pixels of one that
// rasterizes, on whatever the canvas holds; anything that changes the coverage starts over.
@_spi(Internals) import Geometry
import Testing
import Geometry
@testable import Raster

@Suite struct CoverageRecordingTests {
    private func bytes(_ c: Canvas) -> [UInt8] { c.withUnsafeBytes { Array($0) } }

    private func glyphLikePath() -> Path {
        var p = Path.circle(center: Point(30.3, 20.7), radius: 14.2)
        p.elements += Path.circle(center: Point(30.3, 20.7), radius: 6.1).elements   // a hole (even-odd)
        p.elements += [.move(to: Point(50, 5)), .line(to: Point(71.5, 9.25)), .quad(to: Point(58, 33), control: Point(80, 30)), .close]
        return p
    }

    @Test(arguments: [RasterKernels.simd, .scalar])
    func replayEqualsRasterizing(kernels: RasterKernels) {
        let recorded = Rasterizer(), plain = Rasterizer()
        recorded.kernels = kernels
        plain.kernels = kernels
        let recording = CoverageRecording()
        let a = Canvas(width: 90, height: 45), b = Canvas(width: 90, height: 45)
        let path = glyphLikePath()
        let under = Path.circle(center: Point(40, 22), radius: 30)
        var transform = Transform.identity
        for frame in 0..<12 {
            // What lies under the fill changes every frame; the fill itself only at frames 6 and 9.
            if frame == 6 { transform = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0.25, ty: 0) }
            let rule: FillRule = frame >= 9 ? .nonZero : .evenOdd
            for c in [a, b] {
                c.clearDamage(to: RGBA(r: 0.2, g: 0.3, b: 0.4), deferred: true)
            }
            let tint = SolidPaint(color: RGBA(r: Double(frame) / 12, g: 0.5, b: 0.1, a: 0.6))
            plain.fill(under, paint: tint, on: a)
            plain.fill(under, paint: tint, on: b)
            let paint = LinearGradientPaint(gradient: Gradient(colors: [RGBA(r: 1, g: 0, b: 0, a: 0.7), RGBA(r: 0, g: 0, b: 1)]),
                                            start: Point(0, 0), end: Point(90, 45))
            recorded.fill(path, transform: transform, rule: rule, paint: paint, on: a, recording: recording)
            plain.fill(path, transform: transform, rule: rule, paint: paint, on: b)
            #expect(bytes(a) == bytes(b), "frame \(frame)")
            #expect(a.drawnArea == b.drawnArea, "frame \(frame)")
            // Frames 0, 6, 9 remember a new fill, 1, 7, 10 record it, the rest replay.
            #expect(recording.isRecorded == ![0, 6, 9].contains(frame), "frame \(frame)")
        }
        // A different canvas size is a different fill.
        let small = Canvas(width: 60, height: 45)
        recorded.fill(path, transform: transform, paint: SolidPaint(color: RGBA(r: 0, g: 0, b: 0)), on: small, recording: recording)
        #expect(!recording.isRecorded)
        // A path with the same element count but one point moved is a different fill.
        recorded.fill(path, transform: transform, paint: SolidPaint(color: RGBA(r: 0, g: 0, b: 0)), on: small, recording: recording)
        #expect(recording.isRecorded)
        var moved = path
        if case .line(let p) = moved.elements[moved.elements.count - 3] {
            moved.elements[moved.elements.count - 3] = .line(to: Point(p.x + 1e-9, p.y))
        }
        recorded.fill(moved, transform: transform, paint: SolidPaint(color: RGBA(r: 0, g: 0, b: 0)), on: small, recording: recording)
        #expect(!recording.isRecorded)
    }

    @Test func emptyFillsRecordNothingAndDrawNothing() {
        let r = Rasterizer(), recording = CoverageRecording()
        let c = Canvas(width: 20, height: 20)
        let outside = Path.circle(center: Point(-50, -50), radius: 5)
        for _ in 0..<3 { r.fill(outside, paint: SolidPaint(color: RGBA(r: 1, g: 0, b: 0)), on: c, recording: recording) }
        #expect(recording.isRecorded && recording.spans.count == 0)
        #expect(c.drawnArea?.isEmpty == true)
    }
}
