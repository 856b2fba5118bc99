// TextLayout.swift — one line of text: glyphs placed along a baseline, as one fillable Path.
//
// Coordinates are points in the canvas convention (origin top-left, y down). `origin` is the
// pen start on the baseline: glyph ink above the baseline has y < origin.y. The first glyph's
// origin is `origin`, so its ink starts at origin.x + its left side bearing (leading alignment as
// in docs/ANIMATIONS.md §2.1 — the label box starts at the pen origin, not at the ink).
//
// Placement, in design units then scaled once (scale = size / unitsPerEm):
//   pen₀ = 0,  glyph i at pen_i + xPlacement_i (and yPlacement_i upwards),
//   pen_{i+1} = pen_i + advance_i + xAdvance_i
// where the placement / advance adjustments come from the font's kerning (Kerning.swift) when
// `kerning` is true. `advanceWidth` is the final pen position (with kerning, if applied);
// `advanceWidthWithoutKerning` is the plain sum of advances (the §2.1 "Wt" reference figure).
//
// Shaping limits: characters map one-to-one to glyphs through the Unicode charmap, per Unicode
// scalar; no GSUB (ligatures, contextual alternates), no mark positioning, no bidi. Scalars
// missing from the font become .notdef (glyph 0) with a warning in `warnings`.

import Geometry
import Raster

/// A glyph placed on a line.
public struct PlacedGlyph: Sendable {
    /// The character it stands for.
    public let scalar: Unicode.Scalar
    /// Glyph index (0 = .notdef).
    public let glyphID: UInt32
    /// The glyph origin (on the baseline, y down), in points.
    public let position: Point
    /// Advance to the next glyph in points, kerning included.
    public let advance: Double
    /// The kerning part of `advance` (points; negative moves the next glyph closer).
    public let kerning: Double
    /// Exact ink bounds in points at `position`; nil for glyphs without ink.
    public let inkBounds: Rect?
}

/// A laid-out line of text. See the file header for coordinates.
public struct TextLine: Sendable {
    public let text: String
    /// The pen start on the baseline, in points.
    public let origin: Point
    /// Font size in points.
    public let size: Double
    public let glyphs: [PlacedGlyph]
    /// Every glyph outline, placed, in points (y down). Fill it with `fillRule`.
    public let path: Path
    /// The rule the font's outlines need (non-zero for TrueType and CFF).
    public let fillRule: FillRule
    /// Whether kerning adjustments were applied to the positions.
    public let kerningApplied: Bool
    /// Sum of advances with kerning (if applied), in points.
    public let advanceWidth: Double
    /// Sum of the glyphs' advances without kerning, in points.
    public let advanceWidthWithoutKerning: Double
    /// Exact ink bounds of `path`, in points; nil when nothing has ink.
    public let inkBounds: Rect?
    /// Font ascender / descender in points (positive distances from the baseline).
    public let ascender: Double
    public let descender: Double
    /// Characters drawn as .notdef, glyphs that failed to load.
    public let warnings: [String]

    /// The line box: from the pen origin, `advanceWidth` wide, ascender above to descender
    /// below the baseline.
    public var lineBox: Rect {
        Rect(minX: origin.x, minY: origin.y - ascender, maxX: origin.x + advanceWidth, maxY: origin.y + descender)
    }

    /// Fills the line with a solid colour: `rasterizer.fill(path, transform:, rule: fillRule,
    /// paint: SolidPaint(color:opacity:))`. `transform` maps points to device pixels.
    public func draw(color: RGBA, opacity: Double = 1, transform: Transform = .identity, rasterizer: Rasterizer,
                     on canvas: Canvas) {
        guard !path.isEmpty else { return }
        rasterizer.fill(path, transform: transform, rule: fillRule, paint: SolidPaint(color: color, opacity: opacity),
                        on: canvas)
    }
}

extension Font {
    /// Lays out `text` as one line starting at the baseline point `origin` (points, y down).
    public func layout(_ text: String, origin baseline: Point = .zero, kerning: Bool = true) -> TextLine {
        let scalars = Array(text.unicodeScalars)
        var warnings: [String] = []
        var ids: [UInt32] = []
        ids.reserveCapacity(scalars.count)
        for scalar in scalars {
            if let id = glyphIndex(for: scalar) {
                ids.append(id)
            } else {
                ids.append(0)
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                warnings.append("\(code) \(scalar.debugDescription) is not in \(familyName) \(styleName); drawn as .notdef")
            }
        }
        var glyphs: [Glyph?] = []
        glyphs.reserveCapacity(ids.count)
        for id in ids {
            do {
                glyphs.append(try glyph(id))
            } catch {
                glyphs.append(nil)
                warnings.append("glyph \(id) skipped: \(error)")
            }
        }
        let adjustments = kerning ? kerningAdjustments(for: ids) : Array(repeating: .zero, count: ids.count)

        let scale = self.scale
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(ids.count)
        var path = Path()
        var rule = FillRule.nonZero
        var pen = 0
        var plainPen = 0
        for (i, scalar) in scalars.enumerated() {
            let glyph = glyphs[i]
            let adjustment = adjustments[i]
            let advance = glyph?.advance ?? 0
            let position = Point(baseline.x + Double(pen + adjustment.xPlacement) * scale,
                                 baseline.y - Double(adjustment.yPlacement) * scale)
            let place = Transform(a: scale, b: 0, c: 0, d: scale, tx: position.x, ty: position.y)
            if let glyph, !glyph.path.isEmpty {
                path.append(glyph.path.transformed(by: place))
                if glyph.fillRule == .evenOdd { rule = .evenOdd }
            }
            let bounds = glyph?.bounds.map {
                Rect(minX: position.x + $0.minX * scale, minY: position.y + $0.minY * scale,
                     maxX: position.x + $0.maxX * scale, maxY: position.y + $0.maxY * scale)
            }
            placed.append(PlacedGlyph(scalar: scalar, glyphID: ids[i], position: position,
                                      advance: Double(advance + adjustment.xAdvance) * scale,
                                      kerning: Double(adjustment.xAdvance) * scale, inkBounds: bounds))
            pen += advance + adjustment.xAdvance
            plainPen += advance
        }
        var ink: Rect?
        for bounds in placed.compactMap(\.inkBounds) {
            ink = ink.map {
                Rect(minX: min($0.minX, bounds.minX), minY: min($0.minY, bounds.minY),
                     maxX: max($0.maxX, bounds.maxX), maxY: max($0.maxY, bounds.maxY))
            } ?? bounds
        }
        return TextLine(text: text, origin: baseline, size: size, glyphs: placed, path: path, fillRule: rule,
                        kerningApplied: kerning, advanceWidth: Double(pen) * scale,
                        advanceWidthWithoutKerning: Double(plainPen) * scale, inkBounds: ink,
                        ascender: metrics.ascender, descender: metrics.descender, warnings: warnings)
    }
}
