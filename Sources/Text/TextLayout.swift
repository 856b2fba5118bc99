// TextLayout.swift — one line of text: shaped glyphs placed along a baseline, as one fillable
// Path and as positioned glyph outlines.
//
// Coordinates are points in the canvas convention (origin top-left, y down). `origin` is the
// pen start on the baseline: glyph ink above the baseline has y < origin.y. The first glyph's
// origin is `origin`, so its ink starts at origin.x + its left side bearing (leading alignment as
// in docs/ANIMATIONS.md §2.1 — the label box starts at the pen origin, not at the ink).
//
// Pipeline: itemize (TextRuns.swift: runs of one font and script, fallback fonts for missing
// characters) → shape each run with HarfBuzz (Shaping.swift) → place, in each run's font units
// scaled by its own s = size / unitsPerEm:
//
//   pen₀ = 0;  glyph i drawn at (pen_i + xOffset_i·s, −yOffset_i·s)   (OpenType y up → y down)
//   pen_{i+1} = pen_i + xAdvance_i·s + τ·[glyph i ends a character and is not the last glyph]
//
// where τ = tracking·size/1000 (tracking in thousandths of an em, as After Effects and Lottie
// give it) is added between characters, not after the last one. `advanceWidth` is the final pen
// position; `advanceWidthWithoutKerning` is the plain sum of the glyphs' nominal advances
// (hmtx, the §2.1 "Wt" reference figure), and a glyph's `kerning` is what shaping added to its
// nominal advance (GPOS pair kerning for Latin text).
//
// Runs are placed in logical order on a left-to-right line and in reverse order on a
// right-to-left one (the line's direction is its first run with a strong script); there is no
// bidi reordering inside a line of mixed directions (a warning says so).

import Geometry
import Raster

/// A glyph placed on a line.
public struct PlacedGlyph: Sendable {
    /// The first character of the glyph's cluster (a ligature stands for several).
    public let scalar: Unicode.Scalar
    /// Index of that scalar in the line's `text.unicodeScalars`.
    public let scalarIndex: Int
    /// Index of the character (extended grapheme cluster) it belongs to in the line's text.
    public let characterIndex: Int
    /// Glyph index in `font` (0 = .notdef).
    public let glyphID: UInt32
    /// The font the glyph is from: the line's font or a fallback.
    public let font: Font
    /// The glyph origin (on the baseline, y down), in points.
    public let position: Point
    /// Advance to the next glyph in points, shaping and tracking included.
    public let advance: Double
    /// What shaping changed in the glyph's advance (points; negative moves the next glyph closer).
    public let kerning: Double
    /// The glyph outline in points with its origin at (0, 0) (y down); empty without ink.
    /// Draw it translated by `position`.
    public let outline: Path
    /// The rule the glyph's outline needs.
    public let fillRule: FillRule
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
    /// Whether the 'kern' feature was on.
    public let kerningApplied: Bool
    /// The final pen position: advances as shaped, plus tracking, in points.
    public let advanceWidth: Double
    /// Sum of the glyphs' nominal advances (no positioning feature, no tracking), in points.
    public let advanceWidthWithoutKerning: Double
    /// Exact ink bounds of `path`, in points; nil when nothing has ink.
    public let inkBounds: Rect?
    /// Font ascender / descender in points (positive distances from the baseline).
    public let ascender: Double
    public let descender: Double
    /// Missing characters (drawn as .notdef), fallback fonts used, mixed directions, glyphs
    /// that failed to load — see `TextIssue.isWarning`.
    public let warnings: [TextIssue]
    /// The line's direction (that of its first run with a strong script).
    public let direction: TextDirection

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
    /// `kerning: false` turns the 'kern' feature off; `tracking` is in thousandths of an em;
    /// `fallback: false` draws characters this font lacks as .notdef (with a warning) instead of
    /// looking for a fallback font.
    public func layout(_ text: String, origin baseline: Point = .zero, kerning: Bool = true,
                       tracking: Double = 0, features: [FontFeature] = [], fallback: Bool = true,
                       language: String = "und") -> TextLine {
        let scalars = Array(text.unicodeScalars)
        var (runs, issues) = Itemizer.runs(text, scalars: scalars, primary: self, fallback: fallback)
        let lineDirection = runs.first { !isNeutral($0.script) }.map { Text.direction(of: $0.script) } ?? .leftToRight
        if lineDirection == .rightToLeft { runs.reverse() }
        let characterOf = Self.characterIndices(text, count: scalars.count)
        let allFeatures = (kerning ? [] : [FontFeature.noKerning]) + features
        let trackingStep = tracking.isFinite ? tracking * size / 1000 : 0

        var shaped: [(glyph: ShapedGlyph, font: Font)] = []
        for run in runs {
            let direction = isNeutral(run.script) ? lineDirection : Text.direction(of: run.script)
            for glyph in run.font.shape(scalars, range: run.range, script: run.script, direction: direction,
                                        features: allFeatures, language: language) {
                shaped.append((glyph, run.font))
            }
        }
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(shaped.count)
        var path = Path()
        var rule = FillRule.nonZero
        var pen = 0.0
        var plainPen = 0.0
        for (i, (glyph, font)) in shaped.enumerated() {
            let s = font.scale
            var loaded: Glyph?
            do { loaded = try font.glyph(glyph.glyphID) } catch {
                issues.append(.glyphFailed(glyph: glyph.glyphID, error: "\(error)", text: text))
            }
            let position = Point(baseline.x + pen + Double(glyph.xOffset) * s, baseline.y - Double(glyph.yOffset) * s)
            let outline = loaded.map { $0.path.transformed(by: .scale(s, s)) } ?? Path()
            let glyphRule = loaded?.fillRule ?? .nonZero
            if let loaded, !loaded.path.isEmpty {
                path.append(loaded.path.transformed(by: Transform(a: s, b: 0, c: 0, d: s, tx: position.x, ty: position.y)))
                if glyphRule == .evenOdd { rule = .evenOdd }
            }
            let bounds = loaded?.bounds.map {
                Rect(minX: position.x + $0.minX * s, minY: position.y + $0.minY * s,
                     maxX: position.x + $0.maxX * s, maxY: position.y + $0.maxY * s)
            }
            let endsCharacter = i + 1 < shaped.count
                && characterOf[min(shaped[i + 1].glyph.cluster, scalars.count - 1)] != characterOf[min(glyph.cluster, scalars.count - 1)]
            let nominal = Double(font.nominalAdvance(glyph.glyphID)) * s
            let advance = Double(glyph.xAdvance) * s + (endsCharacter ? trackingStep : 0)
            let first = min(glyph.cluster, scalars.count - 1)
            placed.append(PlacedGlyph(scalar: scalars[first], scalarIndex: first, characterIndex: characterOf[first],
                                      glyphID: glyph.glyphID, font: font, position: position, advance: advance,
                                      kerning: Double(glyph.xAdvance) * s - nominal, outline: outline,
                                      fillRule: glyphRule, inkBounds: bounds))
            pen += advance
            plainPen += nominal
        }
        var ink: Rect?
        for bounds in placed.compactMap(\.inkBounds) {
            ink = ink.map {
                Rect(minX: min($0.minX, bounds.minX), minY: min($0.minY, bounds.minY),
                     maxX: max($0.maxX, bounds.maxX), maxY: max($0.maxY, bounds.maxY))
            } ?? bounds
        }
        return TextLine(text: text, origin: baseline, size: size, glyphs: placed, path: path, fillRule: rule,
                        kerningApplied: kerning, advanceWidth: pen, advanceWidthWithoutKerning: plainPen,
                        inkBounds: ink, ascender: metrics.ascender, descender: metrics.descender,
                        warnings: issues, direction: lineDirection)
    }

    /// For each scalar index of `text`, the index of the character it belongs to.
    static func characterIndices(_ text: String, count: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        for (index, character) in text.enumerated() {
            for _ in character.unicodeScalars { result.append(index) }
        }
        return result
    }
}
