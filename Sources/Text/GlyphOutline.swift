// GlyphOutline.swift — FreeType glyph outlines → Raster `Path`s.
//
// A glyph is loaded with FT_LOAD_NO_SCALE | FT_LOAD_NO_BITMAP (design units, no hinting, never
// an embedded bitmap) and its FT_Outline is walked with FT_Outline_Decompose, which resolves the
// TrueType conventions (consecutive off-curve conic points with implicit on-curve midpoints,
// contours starting off-curve) and CFF cubics into move / line / conic / cubic calls:
//
//   move_to  → .move        line_to → .line       conic_to → .quad       cubic_to → .cubic
//
// Each contour ends with FreeType's explicit segment back to its start; a final straight one is
// replaced by `.close` (which draws the same segment), curved ones are kept and followed by
// `.close`.
//
// Coordinates: FreeType's y axis points up; the path is flipped to the canvas convention
// (y down): (x, y)ᶠᵗ → (x, −y). The glyph origin (pen position on the baseline) is (0, 0), so ink
// above the baseline has negative y. Units are design units; layout scales by size/unitsPerEm.
//
// Fill rule: TrueType and CFF outlines are meant for the non-zero rule (outer contours and
// counters have opposite directions; CFF's run the other way round, which FreeType marks with
// FT_OUTLINE_REVERSE_FILL — irrelevant for non-zero). An outline flagged
// FT_OUTLINE_EVEN_ODD_FILL (some Type 1 / PFR fonts) reports `.evenOdd`.

import Geometry
import CFreeType

/// A glyph's outline and advance in design units (y down, origin on the baseline).
public struct Glyph: Sendable {
    /// Glyph index in the font (0 is .notdef).
    public let id: UInt32
    /// The outline; empty for glyphs without ink (space).
    public let path: Path
    /// Horizontal advance in design units.
    public let advance: Int
    /// Exact ink bounds of the outline (curve extrema, not control points); nil when empty.
    public let bounds: Rect?
    /// The fill rule the font intends for this outline.
    public let fillRule: FillRule
    /// Number of contours.
    public let contourCount: Int
    /// The raw FT_Outline flags (FT_OUTLINE_EVEN_ODD_FILL = 0x2, FT_OUTLINE_REVERSE_FILL = 0x4).
    public let outlineFlags: Int32
}

/// Loads glyphs from a face; the caller holds the face's lock.
enum GlyphLoader {
    static func load(_ face: FT_Face, id: UInt32, path: String) -> Result<Glyph, FontError> {
        let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_BITMAP)
        let error = FT_Load_Glyph(face, FT_UInt(id), flags)
        guard error == 0 else { return .failure(.freeType("FT_Load_Glyph(glyph \(id))", error, path: path)) }
        guard let slot = face.pointee.glyph else {
            return .failure(.freeType("FT_Load_Glyph(glyph \(id))", FT_Error(FT_Err_Invalid_Slot_Handle),
                                      path: path))
        }
        let advance = Int(slot.pointee.metrics.horiAdvance)
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return .failure(.notScalable(path: path))
        }
        var outline = slot.pointee.outline
        let builder = OutlineBuilder()
        var callbacks = FT_Outline_Funcs(
            move_to: { to, user in OutlineBuilder.from(user).move(to) },
            line_to: { to, user in OutlineBuilder.from(user).line(to) },
            conic_to: { control, to, user in OutlineBuilder.from(user).quad(control, to) },
            cubic_to: { control1, control2, to, user in OutlineBuilder.from(user).cubic(control1, control2, to) },
            shift: 0, delta: 0)
        let decomposeError = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&outline, &callbacks, Unmanaged.passUnretained(builder).toOpaque())
        }
        guard decomposeError == 0 else {
            return .failure(.freeType("FT_Outline_Decompose(glyph \(id))", decomposeError, path: path))
        }
        builder.finishContour()
        let outlineFlags = outline.flags
        let rule: FillRule = outlineFlags & Int32(FT_OUTLINE_EVEN_ODD_FILL) != 0 ? .evenOdd : .nonZero
        return .success(Glyph(id: id, path: builder.path, advance: advance, bounds: PathBounds.exact(builder.path),
                              fillRule: rule, contourCount: Int(outline.n_contours), outlineFlags: outlineFlags))
    }
}

/// Collects FT_Outline_Decompose callbacks into a `Path` (y flipped, design units).
private final class OutlineBuilder {
    var path = Path()
    private var contourStart: Point?

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    private static func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
        guard let v else { return .zero }
        return Point(Double(v.pointee.x), -Double(v.pointee.y))
    }

    func finishContour() {
        guard let start = contourStart else { return }
        if case .line(let end)? = path.elements.last, end == start { path.elements.removeLast() }
        path.close()
        contourStart = nil
    }

    func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        finishContour()
        let p = Self.point(to)
        path.move(to: p)
        contourStart = p
        return 0
    }

    func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        path.line(to: Self.point(to))
        return 0
    }

    func quad(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        path.quad(to: Self.point(to), control: Self.point(control))
        return 0
    }

    func cubic(_ c1: UnsafePointer<FT_Vector>?, _ c2: UnsafePointer<FT_Vector>?,
               _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        path.cubic(to: Self.point(to), control1: Self.point(c1), control2: Self.point(c2))
        return 0
    }
}

/// Exact bounds of a path: end points plus the extrema of every curve segment.
enum PathBounds {
    static func exact(_ path: Path) -> Rect? {
        var bounds: Rect?
        func add(_ p: Point) {
            guard p.isFinite else { return }
            bounds = bounds?.including(p) ?? Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
        }
        var current = Point.zero
        var start = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                add(p)
                current = p
                start = p
            case .line(let p):
                add(current)
                add(p)
                current = p
            case .quad(let p, let c):
                add(current)
                add(p)
                for t in quadExtrema(current.x, c.x, p.x) + quadExtrema(current.y, c.y, p.y) {
                    let u = 1 - t
                    add(current * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                current = p
            case .cubic(let p, let c1, let c2):
                add(current)
                add(p)
                for t in cubicExtrema(current.x, c1.x, c2.x, p.x) + cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    let u = 1 - t
                    add(current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
                current = p
            case .close:
                current = start
            }
        }
        return bounds
    }

    /// Parameters in (0, 1) where the quadratic's derivative vanishes.
    static func quadExtrema(_ p0: Double, _ p1: Double, _ p2: Double) -> [Double] {
        let denominator = p0 - 2 * p1 + p2
        guard denominator != 0 else { return [] }
        let t = (p0 - p1) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where the cubic's derivative vanishes:
    /// B′/3 = A·t² + B·t + C with d₀ = p1−p0, d₁ = p2−p1, d₂ = p3−p2, A = d₀−2d₁+d₂, B = 2(d₁−d₀), C = d₀.
    static func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        let d0 = p1 - p0
        let d1 = p2 - p1
        let d2 = p3 - p2
        let a = d0 - 2 * d1 + d2
        let b = 2 * (d1 - d0)
        let c = d0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots.append((-b + root) / (2 * a))
                roots.append((-b - root) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
