// FocalGradientTests.swift — radial gradients with a focal point: the parameter against its
// definition, rendered pixels against the exact colours, the focal point on and outside the
// circle, and the Lottie highlight mapping.

import Foundation
import Geometry
import Testing
@testable import Raster

@Suite struct FocalGradientTests {
    static let gradient = Gradient(colors: [RGBA(hex: "#FFFFFF")!, RGBA(hex: "#FF2D55")!, RGBA(r: 0.1, g: 0.1, b: 0.3, a: 0.6)])

    @Test func parameterIsZeroAtTheFocusAndOneOnTheCircle() throws {
        let center = Point(50, 40), radius = 30.0, focus = Point(62, 31)
        let p = try #require(FocalGradientParameterization(inverse: .identity, center: center, radius: radius,
                                                           focalPoint: focus))
        // Pixel (x, y) is sampled at its centre: pick pixel centres on the circle numerically.
        func t(at u: Point) -> Double? {
            // exactParameter samples at pixel centres; shift so that the centre is u.
            let shifted = try! #require(FocalGradientParameterization(
                inverse: .translation(u.x - 0.5, u.y - 0.5), center: center, radius: radius, focalPoint: focus))
            return shifted.exactParameter(x: 0, y: 0)
        }
        #expect(abs(try #require(t(at: focus))) < 1e-12)
        for k in 0..<36 {
            let angle = Double(k) * Double.pi / 18
            let onCircle = center + Point(cos(angle), sin(angle)) * radius
            #expect(abs(try #require(t(at: onCircle)) - 1) < 1e-9, "angle \(k * 10)°")
            // Halfway between the focus and the circle along a ray from the focus: t = ½.
            let direction = onCircle - focus
            #expect(abs(try #require(t(at: focus + direction * 0.5)) - 0.5) < 1e-9)
        }
        _ = p
    }

    @Test(arguments: [Point(64, 64), Point(75, 50), Point(20, 70), Point(64 + 49.9, 64)])
    func renderedPixelsMatchTheExactColours(focus: Point) {
        var worst = 0
        for kernels in RasterKernels.allCases {
            let canvas = Canvas(width: 128, height: 128)
            let rasterizer = Rasterizer()
            rasterizer.kernels = kernels
            let paint = RadialGradientPaint(gradient: Self.gradient, center: Point(64, 64), radius: 50, focalPoint: focus)
            rasterizer.fill(.rectangle(x: 0, y: 0, width: 128, height: 128), paint: paint, on: canvas)
            let shader = paint.makeShader(transform: .identity)
            for y in 0..<128 {
                for x in 0..<128 { worst = max(worst, channelDistance(canvas[x, y], shader.exactColor(x: x, y: y))) }
            }
        }
        #expect(worst <= 1, "focus \(focus)")
    }

    @Test func focusOnTheCircleLeavesTheHalfPlaneBehindItTransparent() {
        let paint = RadialGradientPaint(gradient: Self.gradient, center: Point(40, 40), radius: 30, focalPoint: Point(70, 40))
        let shader = paint.makeShader(transform: .identity)
        #expect(shader.uniformColor == nil && !shader.isOpaque)
        let canvas = Canvas(width: 100, height: 80)
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 100, height: 80), paint: paint, on: canvas)
        #expect(canvas[90, 40] == .transparent)       // behind the focal point (x > 70)
        #expect(canvas[75, 10] == .transparent)
        #expect(canvas[40, 40].a > 0)                  // inside, in front of it
        #expect(canvas[5, 40] == shader.exactColor(x: 5, y: 40))
        // A focal point outside the circle is moved onto it: the same pixels.
        let outside = RadialGradientPaint(gradient: Self.gradient, center: Point(40, 40), radius: 30, focalPoint: Point(95, 40))
        let other = Canvas(width: 100, height: 80)
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 100, height: 80), paint: outside, on: other)
        #expect(pixels(canvas) == pixels(other))
    }

    @Test func focusAtTheCentreIsTheConcentricGradient() {
        let focal = RadialGradientPaint(gradient: Self.gradient, center: Point(30, 30), radius: 25, focalPoint: Point(30, 30))
        #expect(focal.focalPoint == nil)
        let a = Canvas(width: 60, height: 60), b = Canvas(width: 60, height: 60)
        Rasterizer().fill(.circle(center: Point(30, 30), radius: 28), paint: focal, on: a)
        Rasterizer().fill(.circle(center: Point(30, 30), radius: 28),
                          paint: RadialGradientPaint(gradient: Self.gradient, center: Point(30, 30), radius: 25), on: b)
        #expect(pixels(a) == pixels(b))
    }

    @Test func lottieHighlightMapping() {
        // docs/compositing.md: s = (10, 20), e = (40, 60) → r = 50, θ = atan2(40, 30);
        // h = 50 %, α = 90° → f = s + 25·(cos(θ + 90°), sin(θ + 90°)) = s + 25·(−0.8, 0.6) = (−10, 35).
        let s = Point(10, 20), e = Point(40, 60), h = 50.0, alpha = 90.0
        let r = (e - s).length
        let theta = atan2(e.y - s.y, e.x - s.x)
        let k = min(max(h / 100, -0.99), 0.99)
        let f = s + Point(cos(theta + alpha * Double.pi / 180), sin(theta + alpha * Double.pi / 180)) * (r * k)
        #expect(abs(r - 50) < 1e-12)
        #expect(abs(f.x - -10) < 1e-9 && abs(f.y - 35) < 1e-9)
    }
}
