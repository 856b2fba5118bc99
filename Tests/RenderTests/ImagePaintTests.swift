// Image paints drawn by the renderer: the same bytes as Raster's ImagePaint drawn by hand, under
// rotation, scale (magnified and minified), opacity, a group transform and an off-screen group.
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct ImagePaintTests {
    /// An 8×6 image: a colour ramp with a transparent texel and a half-transparent row.
    func straightBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<6 {
            for x in 0..<8 {
                if x == 5 && y == 2 { bytes += [255, 0, 255, 0]; continue }
                bytes += [UInt8(x * 36), UInt8(255 - y * 40), UInt8((x + y) % 2 == 0 ? 220 : 40), y == 4 ? 128 : 255]
            }
        }
        return bytes
    }

    @Test func imagesUnderRotationAndScaleMatchRaster() throws {
        let image = try RGBAImage(width: 8, height: 6, straightRGBA: straightBytes())
        var pixels: [PremultipliedRGBA8] = []
        for y in 0..<6 { for x in 0..<8 { pixels.append(image[x, y]) } }
        let bitmap = Bitmap(width: 8, height: 6, pixels: pixels)
        let big = Transform.translation(-4, -3).concatenating(.scale(6, 6)).concatenating(.rotation(radians: .pi / 6))
            .concatenating(.translation(48, 46))
        let small = Transform.scale(0.7, 0.7).concatenating(.rotation(radians: 0.4)).concatenating(.translation(112, 70))
        let pattern = Transform.scale(3.5, 2.5).concatenating(.rotation(radians: -0.35)).concatenating(.translation(100, 14))
        let rectangle = Path.rectangle(x: -1, y: -1, width: 10, height: 8)
        let circle = Path.circle(center: Point(118, 34), radius: 24)
        var list = DisplayList()
        let id = list.addImage(bitmap)
        list.group(Group(transform: big)) { list in list.fill(rectangle, paint: .image(ImagePattern(id))) }
        list.group(Group(transform: small, opacity: 0.5)) { list in
            list.fill(rectangle, paint: .image(ImagePattern(id)))
            list.fill(rectangle, paint: .solid(RGBA(r: 0, g: 0, b: 1, a: 0.2)))   // overlapping: a layer
        }
        list.fill(circle, paint: .image(ImagePattern(id, transform: pattern, opacity: 0.8)))
        let want = direct(width: 160, height: 96) { r, c in
            r.fill(rectangle, transform: big, paint: ImagePaint(image: image), on: c)
            let layer = Layer()
            let canvas = r.beginLayer(layer, for: c)
            r.fill(rectangle, transform: small, paint: ImagePaint(image: image), on: canvas)
            r.fill(rectangle, transform: small, paint: SolidPaint(color: RGBA(r: 0, g: 0, b: 1, a: 0.2)), on: canvas)
            r.composite(layer, opacity: 0.5, onto: c)
            r.fill(circle, paint: ImagePaint(image: image, transform: pattern, opacity: 0.8), on: c)
        }
        for shortcuts in [Renderer.Shortcuts.all, []] {
            let (got, report) = rendered(list, width: 160, height: 96, shortcuts: shortcuts)
            #expect(report.isFaithful)
            #expect(bytes(got) == bytes(want), "max diff \(maximumDifference(got, want))")
        }
        // It shows something: magnified texels of different colours.
        #expect(Set(bytes(want)).count > 50)
    }
}
