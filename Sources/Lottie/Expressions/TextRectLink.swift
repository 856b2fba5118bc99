// sourceRectAtTime() of a text layer: the bounds of its set glyphs at the frame
//
// For text layer L at frame f, with its document D(f) set into glyph outlines g_i at pen
// origins o_i (Build/TextSetting.swift: chars or installed fonts, lines, justification, box
// text, tracking — the document as drawn, before text animators), in the layer's points (y down):
//
//   B = ⋃_i bounds(g_i + o_i)           (the outlines' control-point boxes, a tight box for text)
//   sourceRectAtTime() = { top: B.minY, left: B.minX, width: B.maxX − B.minX, height: B.maxY − B.minY }
//
// and {0, 0, 0, 0} for a document with no ink (empty, or spaces). The time and includeExtents
// arguments are not read: the rectangle is the current frame's, as lottie-web answers
// (SVGTextLottieElement.sourceRectAtTime measures the element at the rendered frame).
// lottie-web takes the SVG element's getBBox: glyph paths when the file has `chars` (the same
// box as here), the font's line boxes (ascent to descent) for text drawn with a browser font;
// After Effects measures the glyphs, so for font text we follow After Effects (docs/lottie-expressions.md).
//
// The text is set by the builder that is building the frame: LottieBuilder.build binds itself
// as `TextRects.measurer` (a task-local, bound only for files that measure text) and the link
// asks it. Outside a build (`info`'s probes, the bench's property evaluator) there is no
// measurer and the rectangle is NaN, so the expression yields its keyframed value. A text
// document whose own sourceText expression measures that same layer would recurse: the inner
// measurement is NaN (a cycle, as After Effects reports one).

import Geometry

/// The measuring side of sourceRectAtTime on text layers (LottieBuilder's TextRectMeasurer).
protocol TextRectMeasuring: AnyObject {
    /// The rectangle (top, left, width, height) of the text layer at `place` at `frame`, nil when
    /// it cannot be measured now.
    func textRect(place: String, frame: Double) -> SIMD4<Double>?
}

/// The measurer bound while a frame is built.
enum TextRects {
    /// Unchecked: a builder is used by one thread at a time, and the value is bound only on the
    /// thread that builds with it (task-locals outside a task are per thread).
    struct Binding: @unchecked Sendable {
        unowned let measurer: any TextRectMeasuring
    }

    @TaskLocal static var current: Binding?
}

/// A link to a text layer's rectangle (LinkTarget.textRect): four numbers (top, left, width, height).
struct TextRectLink: Sendable {
    /// The layer's place (`layers[i] "name"`, with its composition's prefix): how the builder finds it.
    let place: String

    func value(at frame: Double) -> ExpressionValue {
        let r = TextRects.current?.measurer.textRect(place: place, frame: frame) ?? SIMD4(repeating: .nan)
        return ExpressionValue(r, count: 4)
    }
}
