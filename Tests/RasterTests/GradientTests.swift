// GradientTests.swift — stops, interpolation, extend modes, table sizing; linear and radial paints.

import Geometry
import Testing
@testable import Raster

@Suite struct GradientTests {
    // MARK: Stops

    @Test func validation() throws {
        #expect(throws: GradientError.noStops) { try Gradient(stops: []) }
        #expect(throws: GradientError.locationOutOfRange(index: 1, location: 1.5)) {
            try Gradient(stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1.5, color: .white)])
        }
        #expect(throws: GradientError.locationsDecrease(index: 1)) {
            try Gradient(stops: [GradientStop(location: 0.6, color: .black), GradientStop(location: 0.2, color: .white)])
        }
        #expect(throws: GradientError.self) { try Gradient(stops: [GradientStop(location: .nan, color: .black)]) }
        let hard = try Gradient(stops: [GradientStop(location: 0, color: .black), GradientStop(location: 0.5, color: .black),
                                        GradientStop(location: 0.5, color: .white), GradientStop(location: 1, color: .white)])
        #expect(hard.color(at: 0.4999) == .black)
        #expect(hard.color(at: 0.5) == .white)  // at a hard edge the later stop wins
    }

    @Test func colorsAreEvenlySpaced() {
        #expect(heartGradient.stops.map(\.location) == [0, 0.5, 1])
        #expect(Gradient(colors: [.white]).stops.map(\.location) == [0])
        let five = Gradient(colors: Array(repeating: .black, count: 5))
        #expect(five.stops.map(\.location) == [0, 0.25, 0.5, 0.75, 1])
    }

    @Test func interpolationOnGammaEncodedComponents() {
        // §2.4: C(g) = lerp(blue, red, 1 − |2g − 1|) per channel.
        for g in stride(from: 0.0, through: 1.0, by: 0.05) {
            let w = 1 - abs(2 * g - 1)
            let c = heartGradient.color(at: g)
            #expect(abs(c.r - w) < 1e-12 && abs(c.g - 95.0 / 255 * (1 - w)) < 1e-12 && abs(c.b - (1 - w)) < 1e-12)
        }
        // Outside the stops: the end colours.
        let inner = try! Gradient(stops: [GradientStop(location: 0.2, color: .black), GradientStop(location: 0.8, color: .white)])
        #expect(inner.color(at: 0.1) == .black && inner.color(at: 0.9) == .white && abs(inner.color(at: 0.5).r - 0.5) < 1e-12)
    }

    @Test func translucentStopsInterpolateStraightColour() {
        // White → clear (transparent black): CG/CA interpolate un-premultiplied components, so the
        // midpoint is grey at α 0.5, i.e. premultiplied (64, 64, 64, 128), not white (128, 128, 128, 128).
        let gradient = Gradient(colors: [.white, .clear])
        let canvas = Canvas(width: 101, height: 1)
        let paint = LinearGradientPaint(gradient: gradient, start: Point(0.5, 0), end: Point(100.5, 0))
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 101, height: 1), paint: paint, on: canvas)
        #expect(channelDistance(canvas[50, 0], PremultipliedRGBA8(r: 64, g: 64, b: 64, a: 128)) <= 1, "\(canvas[50, 0])")
        #expect(canvas[0, 0] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(canvas[100, 0] == .transparent)
    }

    @Test func extendPositions() {
        let ts: [Double] = [-2.25, -1, -0.25, 0, 0.25, 1, 1.25, 2, 2.75]
        #expect(ts.map { GradientExtend.pad.position($0) } == [0, 0, 0, 0, 0.25, 1, 1, 1, 1])
        #expect(ts.map { GradientExtend.repeat.position($0) } == [0.75, 0, 0.75, 0, 0.25, 0, 0.25, 0, 0.75])
        #expect(ts.map { GradientExtend.reflect.position($0) } == [0.25, 1, 0.25, 0, 0.25, 1, 0.75, 0, 0.75])
        for rule in GradientExtend.allCases { #expect(rule.position(.nan) == 0) }
    }

    @Test func tableSizeFollowsTheStopLayout() {
        func size(_ gradient: Gradient, filter: ColorFilter? = nil) -> Int {
            GradientColorTable(gradient: gradient, opacity: 1, filter: filter).count
        }
        #expect(size(Gradient(colors: [.black, .white])) == 256)
        #expect(size(heartGradient) == 512)
        #expect(size(Gradient(colors: [.black, .white, .black, .white, .black, .white, .black])) == 1024)
        // A hue rotation steepens channels (row sums up to 2.7): more entries.
        #expect(size(heartGradient, filter: .hueRotation(degrees: 184)) == 1024)
        // A one-colour gradient is a solid paint.
        let table = GradientColorTable(gradient: Gradient(colors: [.white]), opacity: 0.5, filter: nil)
        #expect(table.uniformColor == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 128) && !table.isOpaque)
    }

    // MARK: Linear

    @Test(arguments: RasterKernels.allCases)
    func blackToWhiteRamp(kernels: RasterKernels) {
        // Start and end at the centres of pixels 0 and 255: pixel x has t = x/255, colour x.
        let canvas = Canvas(width: 256, height: 3)
        let rasterizer = Rasterizer()
        rasterizer.kernels = kernels
        let paint = LinearGradientPaint(gradient: Gradient(colors: [.black, .white]), start: Point(0.5, 0), end: Point(255.5, 0))
        rasterizer.fill(.rectangle(x: 0, y: 0, width: 256, height: 3), paint: paint, on: canvas)
        for x in 0..<256 {
            let p = canvas[x, 1]
            #expect(abs(Int(p.r) - x) <= 1 && p.r == p.g && p.g == p.b && p.a == 255, "x \(x): \(p)")
        }
        #expect(canvas[0, 0].r == 0 && canvas[255, 2].r == 255)
    }

    @Test(arguments: GradientExtend.allCases)
    func extendModesAlongALine(extend: GradientExtend) {
        // Gradient from x = 10 to x = 20 (pixel centres); t = (x − 10)/10 at pixel x.
        let canvas = Canvas(width: 50, height: 1)
        let paint = LinearGradientPaint(gradient: Gradient(colors: [.black, .white]), start: Point(10.5, 0),
                                        end: Point(20.5, 0), extend: extend)
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 50, height: 1), paint: paint, on: canvas)
        for x in 0..<50 {
            let t = Double(x - 10) / 10
            // Repeat jumps from white to black at whole t; which side a pixel exactly there
            // lands on is down to rounding, so skip those pixels.
            if extend == .repeat && (x - 10) % 10 == 0 { continue }
            let expected = 255 * extend.position(t)
            #expect(abs(Double(canvas[x, 0].r) - expected) <= 1, "\(extend) x \(x): \(canvas[x, 0]) want \(expected)")
        }
    }

    @Test func linearFollowsTransformAndOpacity() {
        // User space scaled ×2 and rotated a quarter turn: the gradient axis (user +x) runs down
        // the screen, over twice the length.
        let canvas = Canvas(width: 40, height: 40)
        canvas.clear(to: .white)
        let transform = Transform.scale(2, 2).concatenating(.rotation(radians: Double.pi / 2)).concatenating(.translation(40, 0))
        let paint = LinearGradientPaint(gradient: Gradient(colors: [.black, .black]), start: Point(0, 0), end: Point(20, 0),
                                        opacity: 0.25)
        // Uniform gradients take the solid path; use a real ramp for the geometry check below.
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 20, height: 20), transform: transform, paint: paint, on: canvas)
        #expect(channelDistance(canvas[5, 5], rgb: (191.25, 191.25, 191.25)) <= 1)

        let ramp = Canvas(width: 40, height: 40)
        let gradient = LinearGradientPaint(gradient: Gradient(colors: [.black, .white]), start: Point(0, 0), end: Point(20, 0),
                                           opacity: 0.5)
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 20, height: 20), transform: transform, paint: gradient, on: ramp)
        for y in [0, 10, 25, 39] {
            let t = (Double(y) + 0.5) / 40
            let p = ramp[7, y]
            #expect(abs(Double(p.a) - 127.5) <= 1 && abs(Double(p.r) - 255 * t * 0.5) <= 1, "y \(y): \(p)")
            #expect(ramp[30, y] == p)  // constant across the axis
        }
    }

    @Test func degenerateLinearGradient() {
        let canvas = Canvas(width: 4, height: 4)
        let paint = LinearGradientPaint(gradient: Gradient(colors: [.black, .white]), start: Point(2, 2), end: Point(2, 2))
        #expect(paint.makeShader(transform: .identity).uniformColor == PremultipliedRGBA8(.white))
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 4, height: 4), paint: paint, on: canvas)
        #expect(canvas[0, 0] == PremultipliedRGBA8(.white))
        let repeating = LinearGradientPaint(gradient: Gradient(colors: [.black, .white]), start: Point(2, 2), end: Point(2, 2),
                                            extend: .repeat)
        #expect(repeating.makeShader(transform: .identity).uniformColor.map { abs(Int($0.r) - 128) <= 1 } == true)
    }

    // MARK: Radial

    @Test(arguments: RasterKernels.allCases)
    func radialColourAtFractionsOfTheRadius(kernels: RasterKernels) {
        // Centre at pixel (50, 50)'s centre, radius 40: pixel 50 + 40k to the right has t = k.
        let canvas = Canvas(width: 101, height: 101)
        let rasterizer = Rasterizer()
        rasterizer.kernels = kernels
        let paint = RadialGradientPaint(gradient: Gradient(colors: [.white, .black]), center: Point(50.5, 50.5), radius: 40)
        rasterizer.fill(.rectangle(x: 0, y: 0, width: 101, height: 101), paint: paint, on: canvas)
        for k in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let d = Int(40 * k)
            let expected = 255 * (1 - k)
            for p in [canvas[50 + d, 50], canvas[50, 50 - d], canvas[50 - d, 50]] {
                #expect(abs(Double(p.r) - expected) <= 1, "k \(k): \(p)")
            }
        }
        // Diagonal: distance 30·√2 ≈ 42.4 > r → pad with the end colour.
        #expect(canvas[80, 80] == PremultipliedRGBA8(.black))
        // A (3, 4, 5) triangle: distance 25 → t = 0.625.
        #expect(abs(Double(canvas[65, 70].r) - 255 * 0.375) <= 1)
    }

    @Test func radialStartRadiusAndExtend() {
        // t = (d − 10)/(30 − 10): the ring d ∈ [10, 30] ramps, reflect runs back beyond it.
        let canvas = Canvas(width: 101, height: 1)
        let paint = RadialGradientPaint(gradient: Gradient(colors: [.black, .white]), center: Point(0.5, 0.5), startRadius: 10,
                                        endRadius: 30, extend: .reflect)
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 101, height: 1), paint: paint, on: canvas)
        for x in [0, 5, 10, 20, 30, 40, 50, 60, 70] {
            let expected = 255 * GradientExtend.reflect.position((Double(x) - 10) / 20)
            #expect(abs(Double(canvas[x, 0].r) - expected) <= 1, "x \(x): \(canvas[x, 0])")
        }
        // Equal radii: degenerate, the end colour for pad.
        let ring = RadialGradientPaint(gradient: Gradient(colors: [.black, .white]), center: .zero, startRadius: 5, endRadius: 5)
        #expect(ring.makeShader(transform: .identity).uniformColor == PremultipliedRGBA8(.white))
    }

    @Test func gradientOpacity() {
        // Opacity multiplies every stop's alpha: a conic gradient at opacity 0.4 over white.
        let canvas = Canvas(width: 64, height: 64)
        canvas.clear(to: .white)
        let paint = ConicGradientPaint(gradient: heartGradient, center: Point(32.5, 32.5), opacity: 0.4)
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 64, height: 64), paint: paint, on: canvas)
        // West is red: 0.4·(255, 0, 0) + 0.6·255.
        #expect(channelDistance(canvas[20, 32], rgb: (255, 153, 153)) <= 1, "\(canvas[20, 32])")
        // East is blue: 0.4·(0, 95, 255) + 0.6·255.
        #expect(channelDistance(canvas[50, 32], rgb: (153, 191, 255)) <= 1, "\(canvas[50, 32])")
    }
}
