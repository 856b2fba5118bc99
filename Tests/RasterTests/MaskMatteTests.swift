// MaskMatteTests.swift — masks on A8 coverage (fill, combination in After Effects' order and
// modes, application to a layer) and track mattes, on known values. Random inputs against the
// Double references: KernelAuditTests ("mask.*", "matte.*").

import Geometry
import Testing
@testable import Raster

@Suite struct MaskMatteTests {
    /// Mask A: the left 6 columns; mask B: columns 4…9 (overlap: columns 4 and 5). 12×2 pixels.
    static func masks() -> (CoverageMask, CoverageMask) {
        let r = Rasterizer()
        let a = CoverageMask(width: 12, height: 2), b = CoverageMask(width: 12, height: 2)
        r.fill(.rectangle(x: 0, y: 0, width: 6, height: 2), into: a)
        r.fill(.rectangle(x: 4, y: 0, width: 6, height: 2), into: b)
        return (a, b)
    }

    /// Mask A (mode add, first) then mask B with `mode`; row 0 of the result.
    static func combined(_ mode: MaskMode, opacity: Double = 1, inverted: Bool = false,
                         kernels: RasterKernels = .simd) -> [UInt8] {
        let (a, b) = masks()
        let accumulated = CoverageMask(width: 12, height: 2)
        let box = PixelBox.whole(width: 12, height: 2)
        Compositing.beginMasks(accumulated, firstMode: .add, in: box)
        Compositing.combineMask(a, mode: .add, into: accumulated, in: box, kernels: kernels)
        Compositing.combineMask(b, mode: mode, opacity: opacity, inverted: inverted, into: accumulated, in: box, kernels: kernels)
        return Array(accumulated.copyBytes().prefix(12))
    }

    @Test func fillingAMaskGivesTheFillsCoverage() {
        let mask = CoverageMask(width: 40, height: 30)
        let path = Path.circle(center: Point(19.3, 14.6), radius: 11.2)
        let box = Rasterizer().fill(path, into: mask)
        #expect(mask.copyBytes() == Rasterizer().coverageMask(path, width: 40, height: 30))
        #expect(box.minY == 3 && box.maxY == 26)
        #expect(Rasterizer().fill(.rectangle(x: 50, y: 50, width: 3, height: 3), into: mask) == .empty)
    }

    @Test(arguments: RasterKernels.allCases)
    func modesOnTwoOverlappingMasks(kernels: RasterKernels) {
        func row(_ left: UInt8, _ overlap: UInt8, _ right: UInt8) -> [UInt8] {
            [UInt8](repeating: left, count: 4) + [overlap, overlap] + [right, right, right, right] + [0, 0]
        }
        #expect(Self.combined(.add, kernels: kernels) == row(255, 255, 255))
        #expect(Self.combined(.subtract, kernels: kernels) == row(255, 0, 0))
        #expect(Self.combined(.intersect, kernels: kernels) == row(0, 255, 0))
        #expect(Self.combined(.lighten, kernels: kernels) == row(255, 255, 255))
        #expect(Self.combined(.darken, kernels: kernels) == row(0, 255, 0))
        #expect(Self.combined(.difference, kernels: kernels) == row(255, 0, 255))
        // Opacity 0.5 (128): add gives 255 − ... in the overlap: 255 + 128 − 128 = 255; alone 128.
        #expect(Self.combined(.add, opacity: 0.5, kernels: kernels) == row(255, 255, 128))
        #expect(Self.combined(.subtract, opacity: 0.5, kernels: kernels) == row(255, 127, 0))
        #expect(Self.combined(.difference, opacity: 0.5, kernels: kernels) == row(255, 127, 128))
        // Inverted B: C = 1 − B, so subtract keeps only the overlap of A and B.
        #expect(Self.combined(.subtract, inverted: true, kernels: kernels) == row(0, 255, 0))
        #expect(Self.combined(.add, inverted: true, kernels: kernels)
                == [UInt8](repeating: 255, count: 6) + [0, 0, 0, 0] + [255, 255])
    }

    @Test func theFirstMaskStartsFromNothingOrFromTheWholeLayer() {
        #expect(MaskMode.subtract.initialCoverage == 255 && MaskMode.intersect.initialCoverage == 255)
        #expect(MaskMode.darken.initialCoverage == 255)
        #expect(MaskMode.add.initialCoverage == 0 && MaskMode.lighten.initialCoverage == 0)
        #expect(MaskMode.difference.initialCoverage == 0)
        // Every first mode except subtract shows the mask itself; subtract shows the rest.
        let (a, _) = Self.masks()
        for mode in MaskMode.allCases {
            let accumulated = CoverageMask(width: 12, height: 2)
            let box = PixelBox.whole(width: 12, height: 2)
            Compositing.beginMasks(accumulated, firstMode: mode, in: box)
            Compositing.combineMask(a, mode: mode, into: accumulated, in: box)
            let expected = mode == .subtract ? a.copyBytes().map { 255 - $0 } : a.copyBytes()
            #expect(accumulated.copyBytes() == expected, "\(mode)")
        }
        #expect(MaskMode.add.needsWholeLayer(inverted: true) && MaskMode.intersect.needsWholeLayer(inverted: false))
        #expect(!MaskMode.subtract.needsWholeLayer(inverted: false))
    }

    @Test func applyingAMaskScalesEveryChannel() {
        let layer = Canvas(width: 12, height: 2)
        layer.clear(to: RGBA(r: 1, g: 0.5, b: 0, a: 0.8))
        let mask = CoverageMask(width: 12, height: 2)
        mask.fill(128, in: PixelBox(x: 2, y: 0, width: 3, height: 2))
        mask.fill(255, in: PixelBox(x: 5, y: 0, width: 7, height: 2))
        Compositing.applyMask(mask, to: layer, in: .whole(width: 12, height: 2))
        #expect(layer[0, 0] == .transparent)
        #expect(layer[3, 1] == PremultipliedRGBA8(r: 102, g: 51, b: 0, a: 102))  // (204, 102, 0, 204)·128/255
        #expect(layer[8, 0] == PremultipliedRGBA8(r: 204, g: 102, b: 0, a: 204))
    }

    @Test(arguments: RasterKernels.allCases)
    func matteValues(kernels: RasterKernels) {
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        let halfGreen = PremultipliedRGBA8(r: 0, g: 128, b: 0, a: 128)
        let matte: [PremultipliedRGBA8] = [white, .transparent, halfGreen, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)]
        let layerPixel = PremultipliedRGBA8(r: 200, g: 100, b: 50, a: 200)
        func run(_ mode: MatteMode) -> [UInt8] {
            var layer = [PremultipliedRGBA8](repeating: layerPixel, count: 4)
            matte.withUnsafeBufferPointer { m in
                layer.withUnsafeMutableBufferPointer { l in
                    Compositing.applyMatte(mode, matte: m.baseAddress!, to: l.baseAddress!, count: 4, kernels: kernels)
                }
            }
            return layer.map(\.a)
        }
        #expect(run(.alpha) == [200, 0, 100, 200])
        #expect(run(.invertedAlpha) == [0, 200, 100, 0])
        // Luma of premultiplied green 128: 0.7152·128 = 91.5 → 92; 200·92/255 = 72.2 → 72.
        #expect(run(.luma) == [200, 0, 72, 0])
        #expect(run(.invertedLuma) == [0, 200, 128, 200])
    }

    @Test func matteOfCanvasesInABox() {
        let matte = Canvas(width: 10, height: 4), layer = Canvas(width: 10, height: 4)
        matte.clear(to: RGBA(r: 1, g: 1, b: 1))
        layer.clear(to: RGBA(r: 0, g: 0, b: 1))
        Compositing.applyMatte(matte, mode: .invertedLuma, to: layer, in: PixelBox(x: 0, y: 0, width: 5, height: 4))
        #expect(layer[2, 2] == .transparent)
        #expect(layer[7, 2] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
    }
}
