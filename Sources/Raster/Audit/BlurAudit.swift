// BlurAudit.swift — the gaussian blur's SIMD bundles (32 lines at once, BoxPasses.swift) against
// the scalar reference (byte for byte), on seeded random masks and canvases of odd sizes (partial
// bundles and strips), random σ (odd and even box widths; every sixth trial up to σ 40, where the
// padding is longer than the line), both edge modes and, on canvases, all three axes.
// The blur's distance from an exact gaussian is an approximation error, measured in
// GaussianBlurTests, not a kernel error.

enum BlurAudit {
    static let names = ["blur.mask", "blur.rgba"]

    static func run(_ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding? {
        guard names.contains(name) else { return nil }
        var finding = KernelFinding(kernel: name)
        for trial in 0..<(6 * rounds) {
            let width = Int.random(in: 1...70, using: &random), height = Int.random(in: 1...40, using: &random)
            let sigma = Double.random(in: 0.3...(trial % 6 == 5 ? 40 : 9), using: &random)
            let axes = [BlurAxes.both, .horizontal, .vertical][Int.random(in: 0..<3, using: &random)]
            let edge: BlurEdge = Bool.random(using: &random) ? .extend : .transparent
            let box = PixelBox(minX: Int.random(in: 0..<width, using: &random), minY: Int.random(in: 0..<height, using: &random),
                               maxX: width, maxY: height)
            if name == "blur.mask" {
                let bytes = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
                func run(_ kernels: RasterKernels) -> [UInt8] {
                    let mask = CoverageMask(width: width, height: height)
                    mask.withUnsafeMutableBytes { b in for i in 0..<b.count { b[i] = bytes[i] } }
                    let blur = GaussianBlur()
                    blur.kernels = kernels
                    blur.blur(mask, sigma: sigma, in: box, edge: edge)
                    return mask.copyBytes()
                }
                let scalar = run(.scalar), simd = run(.simd)
                finding.record(values: scalar.count)
                if let i = firstDifferingIndex(scalar, simd) {
                    finding.fail("trial \(trial) (\(width)×\(height), σ \(sigma)), byte \(i): SIMD \(simd[i]) ≠ scalar \(scalar[i])")
                }
            } else {
                let pixels = (0..<(width * height)).map { _ in random.pixel() }
                func run(_ kernels: RasterKernels) -> [PremultipliedRGBA8] {
                    let canvas = Canvas(width: width, height: height)
                    for i in 0..<pixels.count { canvas.pixels[i] = pixels[i] }
                    let blur = GaussianBlur()
                    blur.kernels = kernels
                    blur.blur(canvas, sigma: sigma, in: box, edge: edge, axes: axes)
                    return (0..<pixels.count).map { canvas.pixels[$0] }
                }
                let scalar = run(.scalar), simd = run(.simd)
                finding.record(values: scalar.count)
                if let i = firstDifferingIndex(scalar, simd) {
                    finding.fail("trial \(trial) (\(width)×\(height), σ \(sigma), \(axes)), pixel \(i): SIMD \(simd[i]) ≠ scalar \(scalar[i])")
                }
                if let bad = scalar.first(where: { !isValidPremultiplied($0) }) {
                    finding.fail("trial \(trial): blurred pixel \(bad) is not premultiplied")
                }
            }
        }
        return finding
    }
}
