// RendererCapabilities.swift — what of the display list's model this renderer draws, declared.
//
// An importer says what a file will lose before a frame is rendered (Lottie's LottieCoverage):
// it reads this declaration instead of rendering probes. The declaration is held true by
// RenderTests' CapabilityTests, which draw each capability and compare the frame's
// RenderReport with it — so drawing a new paint or sampling mode means declaring it here.
// What is not drawn is also reported per frame (RenderReport.swift): this is the same fact,
// known ahead of time.

/// Paints and sampling modes of the display list that a renderer may or may not draw.
public struct RendererCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Radial gradients whose focal point differs from their centre (two-point conical).
    public static let focalGradients = RendererCapabilities(rawValue: 1 << 0)
    /// Image paints (of any bitmap Raster can hold: `Bitmap`).
    public static let imagePaints = RendererCapabilities(rawValue: 1 << 1)
    /// Nearest-neighbour image sampling (without it, drawn bilinear and reported).
    public static let nearestSampling = RendererCapabilities(rawValue: 1 << 2)
}

extension Renderer {
    /// What this renderer draws.
    public static let capabilities: RendererCapabilities = [.focalGradients, .imagePaints]
}
