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
// Buffers (one LayerMatrices per precomposition depth) are kept between frames: a walk
// allocates nothing once they are warm.

import Geometry

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
        for i in composition.layers.indices.reversed() {
            let layer = composition.layers[i]
            guard layer.isVisible(atFrame: frame) else { continue }
            let matrix = matrices[depth].world[i]
            let opacity = layer.transform.opacity.value(at: frame)
            switch layer.content {
            case .null:
                continue
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
}
