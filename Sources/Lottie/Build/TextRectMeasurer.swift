// The builder's answer to sourceRectAtTime() on a text layer (Expressions/TextRectLink.swift)
//
// rect(place, f) = the box B of the layer's document at f as a TextEmitter sets it (the same
// setting the frame draws), its outlines flattened within 0.01 pt so B bounds the curves, not
// their control points:
//
//   (top, left, width, height) = (B.minY, B.minX, B.maxX − B.minX, B.maxY − B.minY),  (0, 0, 0, 0) without ink.
//
// The text is set by a builder of its own (made on first use): the measurement runs inside the
// frame's builder while it evaluates a property, in the middle of its shape scratch, which setting
// glyphs from `chars` also uses. The last answer per layer is kept for its frame (a script reads
// the four fields one by one).
// A measurement asked for while the same layer is being measured (its sourceText expression
// reading its own rectangle) is nil: a cycle.

import Geometry

final class TextRectMeasurer: TextRectMeasuring {
    private unowned let builder: LottieBuilder
    /// Sets the measured documents (its TextEmitter caches them per document).
    private lazy var setter = LottieBuilder(builder.animation)
    /// The text layers scripts measure, by place (found on first use).
    private lazy var layers: [String: (LottieLayer, TextLayerContent)] = {
        var found: [String: (LottieLayer, TextLayerContent)] = [:]
        for composition in builder.animation.compositions {
            for layer in composition.layers where builder.animation.measuredTextPlaces.contains(layer.place) {
                if case .text(let content) = layer.content { found[layer.place] = (layer, content) }
            }
        }
        return found
    }()
    private var last: [String: (frame: Double, rect: SIMD4<Double>)] = [:]
    private var measuring: Set<String> = []

    init(builder: LottieBuilder) { self.builder = builder }

    func textRect(place: String, frame: Double) -> SIMD4<Double>? {
        if let known = last[place], known.frame == frame { return known.rect }
        guard let (layer, content) = layers[place], measuring.insert(place).inserted else { return nil }
        defer { measuring.remove(place) }
        let (_, text) = setter.text.set(layer, content, frame: frame)
        let rect = Self.rect(of: text.path)
        last[place] = (frame, rect)
        return rect
    }

    /// (top, left, width, height) of the path's flattened points; zeros for a path without any.
    static func rect(of path: Path) -> SIMD4<Double> {
        var box: Rect?
        for sub in path.flattened(tolerance: 0.01) {
            for p in sub.points { box = box?.including(p) ?? Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y) }
        }
        guard let b = box else { return .zero }
        return SIMD4(b.minY, b.minX, b.maxX - b.minX, b.maxY - b.minY)
    }
}
