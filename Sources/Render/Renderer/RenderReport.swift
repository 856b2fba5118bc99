// RenderReport.swift — what a frame's render could not do, for the caller to say or refuse.
//
// The renderer never drops part of a picture silently. A node it cannot draw faithfully yet is
// drawn as if the unsupported property were absent (a mask expansion the outline offset refused, an image
// sampled bilinearly instead of nearest, an image Raster cannot hold not at all, groups nested
// past the layer depth in place) and named here; a
// stroke Raster refuses (an excessive dash pattern) draws nothing and is counted. The exporter
// turns a non-empty report into one warning per feature, or an error under --strict.

import Raster

/// Features the renderer met but cannot draw yet.
public struct UnsupportedFeatures: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Image paints whose bitmap Raster cannot hold (empty or over its size limits): not drawn.
    public static let imagePaints = UnsupportedFeatures(rawValue: 1 << 3)
    /// Nearest-neighbour image sampling (drawn bilinear).
    public static let nearestSampling = UnsupportedFeatures(rawValue: 1 << 7)
    /// Off-screen groups nested deeper than `Renderer.maximumLayerDepth`.
    public static let layerDepth = UnsupportedFeatures(rawValue: 1 << 5)
    /// Mask expansions Geometry's outline offset refused (the mask drawn with its own outline).
    public static let maskExpansion = UnsupportedFeatures(rawValue: 1 << 6)
    /// Mask feathers whose σ exceeds Raster's `GaussianBlur.maximumSigma` (blurred at the cap).
    public static let featherSigma = UnsupportedFeatures(rawValue: 1 << 8)
    /// Blur and drop shadow filters whose device σ exceeds `GaussianBlur.maximumSigma` (blurred at the cap).
    public static let filterSigma = UnsupportedFeatures(rawValue: 1 << 9)

    /// One phrase per feature, e.g. "blend modes other than normal (drawn as normal)".
    public var descriptions: [String] {
        var out: [String] = []
        if contains(.maskExpansion) { out.append("mask expansions the outline offset refused (drawn unexpanded)") }
        if contains(.imagePaints) {
            out.append("image paints of an empty image or one over \(RGBAImage.maximumSide) px a side or \(RGBAImage.maximumPixels) pixels (not drawn)")
        }
        if contains(.featherSigma) {
            out.append("mask feathers over σ \(Int(GaussianBlur.maximumSigma)) px (blurred at σ \(Int(GaussianBlur.maximumSigma)))")
        }
        if contains(.filterSigma) {
            out.append("blur and drop shadow filters over σ \(Int(GaussianBlur.maximumSigma)) device px (blurred at σ \(Int(GaussianBlur.maximumSigma)))")
        }
        if contains(.nearestSampling) { out.append("nearest-neighbour image sampling (drawn bilinear)") }
        if contains(.layerDepth) {
            out.append("more than \(Renderer.maximumLayerDepth) nested off-screen groups (the deeper ones drawn in place)")
        }
        return out
    }
}

/// What a display list's source (a Lottie file's builder) could not build faithfully in one
/// frame; the list carries it to the renderer, whose report carries it to the exporter.
public struct SourceReport: Sendable, Equatable {
    /// Boolean operations (merge paths) Geometry refused — over a vertex, coordinate or cost
    /// cap — drawn as their operands appended, and the first reason (naming the layer).
    public var refusedMerges = 0
    public var firstMergeError: String?
    /// Dashed strokes drawn undashed because the frame's dashes would exceed their cap
    /// (docs/work-bounds.md), and the first reason (naming the layer).
    public var undashedStrokes = 0
    public var firstUndashedStroke: String?

    public init() {}

    public var isEmpty: Bool { refusedMerges == 0 && undashedStrokes == 0 }

    public mutating func noteRefusedMerge(_ reason: @autoclosure () -> String) {
        refusedMerges += 1
        if firstMergeError == nil { firstMergeError = reason() }
    }

    public mutating func noteUndashedStroke(_ reason: @autoclosure () -> String) {
        undashedStrokes += 1
        if firstUndashedStroke == nil { firstUndashedStroke = reason() }
    }

    /// The first thing the source could not build faithfully, in words (nil when nothing).
    public var firstProblem: String? {
        if let merge = firstMergeError { return "\(merge) (the merge would draw its operands unmerged)" }
        return firstUndashedStroke.map { "\($0) (the stroke would be drawn undashed)" }
    }

    /// Adds another frame's report.
    public mutating func formUnion(_ other: SourceReport) {
        refusedMerges += other.refusedMerges
        if firstMergeError == nil { firstMergeError = other.firstMergeError }
        undashedStrokes += other.undashedStrokes
        if firstUndashedStroke == nil { firstUndashedStroke = other.firstUndashedStroke }
    }
}

/// What happened while rendering one frame.
public struct RenderReport: Sendable, Equatable {
    public var unsupported: UnsupportedFeatures = []
    /// Strokes Raster refused (nothing drawn), and the first reason.
    public var refusedStrokes = 0
    public var firstStrokeError: String?
    /// What the list's source reported (DisplayList.sourceReport).
    public var source = SourceReport()
    /// Set when the frame's shapes wrote more pixels than its paint cap allows, or scanned more
    /// edge rows than its scan cap: the shapes after the one that passed it were not drawn
    /// (Renderer+PaintBudget.swift). Always an error.
    public var paintOverflow: PaintOverflow?

    /// Where a frame passed its paint cap or its scan cap.
    public struct PaintOverflow: Sendable, Equatable {
        /// What was counted: pixels written (cap in frames' area) or edge rows scanned (cap in
        /// edges per pixel row).
        public enum Measure: Sendable, Equatable { case pixels, edgeRows }
        /// The count when the cap was passed (pixels or edge rows), and the cap.
        public var pixels: Int
        public var cap: Int
        /// The source's name for the shape that passed it (a Lottie layer), when marked.
        public var source: String?
        public var measure: Measure = .pixels

        /// One line: what passed the cap, and by how much.
        public var message: String {
            let whose = source.map { "\($0): " } ?? ""
            switch measure {
            case .pixels:
                return "\(whose)the frame's fills, strokes and off-screen layers wrote \(pixels) pixels, more than \(cap) times the frame's area (the cap on one frame's paint); the rest of the frame was not drawn"
            case .edgeRows:
                return "\(whose)the frame's fills, strokes and masks scanned \(pixels) edge rows, more than \(cap) edges crossing each pixel row on average (the cap on one frame's scan); the rest of the frame was not drawn"
            }
        }
    }

    public init() {}

    /// True when the frame is exactly what the list describes.
    public var isFaithful: Bool { unsupported.isEmpty && refusedStrokes == 0 && source.isEmpty && paintOverflow == nil }

    /// One line per problem.
    public var messages: [String] {
        var out = unsupported.descriptions.map { "not supported yet: \($0)" }
        if let paintOverflow { out.append("shapes not drawn: \(paintOverflow.message)") }
        if refusedStrokes > 0 {
            out.append("\(refusedStrokes) stroke\(refusedStrokes == 1 ? "" : "s") not drawn: \(firstStrokeError ?? "refused")")
        }
        if source.refusedMerges > 0 {
            let n = source.refusedMerges
            out.append("\(n) merge path\(n == 1 ? "" : "s") not merged (the operands drawn as they are, unmerged): \(source.firstMergeError ?? "refused")")
        }
        if source.undashedStrokes > 0 {
            let n = source.undashedStrokes
            out.append("\(n) dashed stroke\(n == 1 ? "" : "s") drawn undashed: \(source.firstUndashedStroke ?? "too many dashes")")
        }
        return out
    }

    /// Adds another frame's report.
    public mutating func formUnion(_ other: RenderReport) {
        unsupported.formUnion(other.unsupported)
        refusedStrokes += other.refusedStrokes
        if firstStrokeError == nil { firstStrokeError = other.firstStrokeError }
        if paintOverflow == nil { paintOverflow = other.paintOverflow }
        source.formUnion(other.source)
    }
}
