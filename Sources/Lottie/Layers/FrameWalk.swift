// Walking the layer tree at one instant, in drawing order, for a display-list builder.
//
// For output time t: root frame F = ip + t·fr; in each composition the layers are visited from
// the LAST to the first (the first layer is on top), skipping those not visible at the
// composition's frame (Time/LayerTime.swift). Each visited layer comes with its frame, its world
// matrix within its composition (parenting applied, Layers/Parenting.swift) and its own opacity.
// A precomposition layer is entered — the builder opens a group with that matrix, opacity and
// the w × h clip — its composition is walked at the precomp frame C′, and then left.
//
// Null layers are never visited (they only parent). Hidden layers are skipped but still parent.
// Track mattes (Model/LayerCompositing.swift): a matte source (`td`) is not visited on its own;
// a matted layer comes as beginMatte, its source (visited like any layer, in range even when
// hidden, its own matte first if it has one), endMatteSource, the layer, endMatte.
// Buffers (one LayerMatrices per precomposition depth) are kept between frames: a walk
// allocates nothing once they are warm.

import Geometry
import Raster

/// What a builder receives from a walk. Matrices map the layer's space to its composition's.
public protocol LayerVisitor {
    /// A drawable layer (shapes, solid; image, text and other layers are visited too and are
    /// the builder's to report).
    mutating func visit(_ layer: LottieLayer, frame: Double, matrix: Transform, opacity: Double)
    /// A precomposition layer: the composition `composition` follows at `innerFrame`, drawn
    /// through `matrix`, `opacity` and clipped to (0, 0, width, height) in the layer's space.
    mutating func enterPrecomposition(_ layer: LottieLayer, composition: Int, frame: Double, innerFrame: Double,
                                      matrix: Transform, opacity: Double, width: Double, height: Double)
    mutating func exitPrecomposition()
    /// A layer with a track matte follows: first its matte source, until `endMatteSource`, then
    /// the layer, until `endMatte`.
    mutating func beginMatte(for layer: LottieLayer, mode: MatteMode)
    mutating func endMatteSource()
    mutating func endMatte()
}

extension LayerVisitor {
    public mutating func beginMatte(for layer: LottieLayer, mode: MatteMode) {}
    public mutating func endMatteSource() {}
    public mutating func endMatte() {}
}

/// Walks one animation; reuse it from frame to frame.
public final class FrameWalker {
    public let animation: LottieAnimation
    private var matrices: [LayerMatrices]

    public init(_ animation: LottieAnimation) {
        self.animation = animation
        matrices = [LayerMatrices()]
    }

    /// Visits the layers visible at `seconds` after the in-point, bottom to top.
    public func walk<V: LayerVisitor>(atSeconds seconds: Double, _ visitor: inout V) {
        walk(composition: 0, frame: animation.frame(atSeconds: seconds), depth: 0, &visitor)
    }

    /// Visits the layers of `composition` at its frame `frame`.
    public func walk<V: LayerVisitor>(composition c: Int, frame: Double, depth: Int = 0, _ visitor: inout V) {
        let composition = animation.compositions[c]
        if matrices.count <= depth { matrices.append(LayerMatrices()) }
        matrices[depth].update(composition, frame: frame)
        for i in composition.layers.indices.reversed() where !composition.layers[i].isMatteSource {
            walkLayer(i, of: composition, frame: frame, depth: depth, asMatteSource: false, &visitor)
        }
    }

    /// Visits layer `i` (with its matte, when it has one).
    private func walkLayer<V: LayerVisitor>(_ i: Int, of composition: Composition, frame: Double, depth: Int,
                                            asMatteSource: Bool, _ visitor: inout V) {
        let layer = composition.layers[i]
        guard asMatteSource ? layer.isInRange(atFrame: frame) : layer.isVisible(atFrame: frame) else { return }
        guard let matte = layer.matte else {
            visitLayer(layer, at: i, frame: frame, depth: depth, &visitor)
            return
        }
        visitor.beginMatte(for: layer, mode: matte.mode)
        walkLayer(matte.source, of: composition, frame: frame, depth: depth, asMatteSource: true, &visitor)
        visitor.endMatteSource()
        visitLayer(layer, at: i, frame: frame, depth: depth, &visitor)
        visitor.endMatte()
    }

    private func visitLayer<V: LayerVisitor>(_ layer: LottieLayer, at i: Int, frame: Double, depth: Int, _ visitor: inout V) {
        let matrix = matrices[depth].world[i]
        let opacity = layer.transform.opacity.value(at: frame)
        switch layer.content {
        case .null:
            return
        case let .precomp(inner, width, height, _):
            let innerFrame = layer.precompFrame(atFrame: frame, frameRate: animation.frameRate)!
            visitor.enterPrecomposition(layer, composition: inner, frame: frame, innerFrame: innerFrame,
                                        matrix: matrix, opacity: opacity, width: width, height: height)
            walk(composition: inner, frame: innerFrame, depth: depth + 1, &visitor)
            visitor.exitPrecomposition()
        default:
            visitor.visit(layer, frame: frame, matrix: matrix, opacity: opacity)
        }
    }
}
