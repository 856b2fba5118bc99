// A gradient paint made by recycling the previous one's colour table renders exactly like a
// fresh paint, never changes a table that something else still uses, and keeps the table as it
// is when only the geometry changed.
import Geometry
import Testing
@testable import Raster

@Suite struct GradientRecyclingTests {
    let gradient = Gradient(colors: [RGBA(hex: "#005FFF")!, RGBA(hex: "#FF0000")!, RGBA(hex: "#005FFF")!])

    func render(_ paint: ConicGradientPaint) -> [UInt8] {
        let canvas = Canvas(width: 64, height: 64)
        canvas.clear(to: .black)
        Rasterizer().fill(.circle(center: Point(32, 32), radius: 28), paint: paint, on: canvas)
        return canvas.withUnsafeBytes { Array($0) }
    }

    @Test func recycledEqualsFresh() {
        var previous: ConicGradientPaint? = nil
        for hue in stride(from: 360.0, through: 0, by: -37.5) {
            let fresh = ConicGradientPaint(gradient: gradient, center: Point(32, 32), startAngle: 360 - hue,
                                           filter: .hueRotation(degrees: hue))
            let recycled = ConicGradientPaint(gradient: gradient, center: Point(32, 32), startAngle: 360 - hue,
                                              filter: .hueRotation(degrees: hue), recycling: &previous)
            #expect(previous == nil, "the previous paint is consumed")
            #expect(render(recycled) == render(fresh), "hue \(hue)")
            previous = recycled
        }
    }

    @Test func aSharedTableIsNotRebuilt() {
        let first = ConicGradientPaint(gradient: gradient, center: Point(32, 32), filter: .hueRotation(degrees: 90))
        let before = render(first)
        var previous: ConicGradientPaint? = first          // `first` still holds the table
        let second = ConicGradientPaint(gradient: gradient, center: Point(32, 32), filter: .hueRotation(degrees: 200),
                                        recycling: &previous)
        #expect(first.table !== second.table)
        #expect(render(first) == before)
        #expect(render(second) != before)
    }

    @Test func anUnsharedTableIsReused() {
        var previous: ConicGradientPaint? = ConicGradientPaint(gradient: gradient, center: Point(32, 32))
        let storage = previous!.table
        let id = ObjectIdentifier(storage)
        _ = consume storage
        let next = ConicGradientPaint(gradient: gradient, center: Point(32, 32), filter: .hueRotation(degrees: 45),
                                      recycling: &previous)
        #expect(ObjectIdentifier(next.table) == id)
    }

    func render<P: Paint>(_ paint: P) -> [UInt8] {
        let canvas = Canvas(width: 64, height: 64)
        canvas.clear(to: .black)
        Rasterizer().fill(.circle(center: Point(32, 32), radius: 28), paint: paint, on: canvas)
        return canvas.withUnsafeBytes { Array($0) }
    }

    @Test func linearAndRadialRecycledEqualFresh() {
        var linear: LinearGradientPaint? = nil, radial: RadialGradientPaint? = nil
        for step in 0..<8 {
            let k = Double(step)
            let opacity = step < 4 ? 1 : 0.5 + k / 20          // colours change from step 4 on
            let filter: ColorFilter? = step % 3 == 0 ? .hueRotation(degrees: 30 * k) : nil
            let freshLinear = LinearGradientPaint(gradient: gradient, start: Point(k, 4), end: Point(60, 50 - k),
                                                  extend: .reflect, opacity: opacity, filter: filter)
            let recycledLinear = LinearGradientPaint(gradient: gradient, start: Point(k, 4), end: Point(60, 50 - k),
                                                     extend: .reflect, opacity: opacity, filter: filter, recycling: &linear)
            #expect(linear == nil && render(recycledLinear) == render(freshLinear), "linear step \(step)")
            linear = recycledLinear
            let freshRadial = RadialGradientPaint(gradient: gradient, center: Point(30 + k, 32), startRadius: k,
                                                  endRadius: 30, extend: .repeat, opacity: opacity, filter: filter)
            let recycledRadial = RadialGradientPaint(gradient: gradient, center: Point(30 + k, 32), startRadius: k,
                                                     endRadius: 30, extend: .repeat, opacity: opacity, filter: filter,
                                                     recycling: &radial)
            #expect(radial == nil && render(recycledRadial) == render(freshRadial), "radial step \(step)")
            radial = recycledRadial
        }
    }

    @Test func movingGeometryKeepsTheTableEvenWhenShared() {
        // Same colours, opacity and filter: the very same table, whoever else holds it.
        let first = LinearGradientPaint(gradient: gradient, start: .zero, end: Point(64, 0), opacity: 0.7)
        var previous: LinearGradientPaint? = first
        let moved = LinearGradientPaint(gradient: gradient, start: Point(10, 0), end: Point(50, 20), opacity: 0.7,
                                        recycling: &previous)
        #expect(moved.table === first.table)
        #expect(render(moved) == render(LinearGradientPaint(gradient: gradient, start: Point(10, 0), end: Point(50, 20), opacity: 0.7)))
    }
}
