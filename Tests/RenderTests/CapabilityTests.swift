// Renderer.capabilities (RendererCapabilities.swift) is what the renderer does: each capability
// drawn, its frame's report and pixels compared with the declaration.
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct CapabilityTests {
    let square = Path.rectangle(x: 0, y: 0, width: 32, height: 32)

    func radial(focal: Point) -> DisplayList {
        var list = DisplayList()
        let stops = list.addGradient { $0.color(0, .white); $0.color(1, .black) }
        list.fill(square, paint: .radial(RadialGradient(stops, center: Point(16, 16), radius: 16, focalPoint: focal)))
        return list
    }

    @Test func focalGradients() {
        let (focal, report) = rendered(radial(focal: Point(8, 16)), width: 32, height: 32)
        let (concentric, _) = rendered(radial(focal: Point(16, 16)), width: 32, height: 32)
        let declared = Renderer.capabilities.contains(.focalGradients)
        #expect(report.isFaithful == declared)
        #expect((bytes(focal) != bytes(concentric)) == declared)   // not drawn concentric
    }

    func image(_ sampling: ImageSampling) -> DisplayList {
        var list = DisplayList()
        let image = list.addImage(Bitmap(width: 2, height: 1, pixels: [PremultipliedRGBA8(.black), PremultipliedRGBA8(red)]))
        list.fill(square, paint: .image(ImagePattern(image, transform: .scale(16, 32), sampling: sampling)))
        return list
    }

    @Test func imagePaints() {
        let (canvas, report) = rendered(image(.bilinear), width: 32, height: 32)
        let declared = Renderer.capabilities.contains(.imagePaints)
        #expect(!report.unsupported.contains(.imagePaints) == declared)
        #expect((bytes(canvas) != bytes(direct(width: 32, height: 32) { _, _ in })) == declared)
    }

    @Test func nearestSampling() {
        let (_, report) = rendered(image(.nearest), width: 32, height: 32)
        #expect(!report.unsupported.contains(.nearestSampling) == Renderer.capabilities.contains(.nearestSampling))
    }
}
