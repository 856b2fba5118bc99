// A conic paint made by recycling the previous one's colour table renders exactly like a fresh
// paint, and never changes a table that something else still uses.
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
}
