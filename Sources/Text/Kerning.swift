// Kerning.swift — which kerning data a font has, and applying it to a run of glyphs.
//
// Order of preference ("kerning from the font"):
//   1. GPOS 'kern' feature, pair adjustments (GPOS.swift). Modern fonts, Inter among them, keep
//      their kerning only here; FreeType 2.12 does not apply GPOS.
//   2. The legacy TrueType 'kern' table through FT_Get_Kerning(FT_KERNING_UNSCALED) — only when
//      the font has no usable GPOS kerning (fonts with both normally carry the same pairs, and
//      shapers ignore 'kern' when GPOS has a 'kern' feature).
//   3. None.
// All adjustments are design units; the layout scales them with everything else. Kerning is
// applied to the glyph sequence of one line, so glyph pairs across spaces count too (Inter
// kerns e.g. "t" + space by 0).

import CFreeType

/// Where a font's kerning comes from.
public enum KerningSource: Equatable, Sendable, CustomStringConvertible {
    /// GPOS 'kern' feature: the script used and the pair-adjustment lookup indices applied.
    case gpos(script: String, lookups: [Int])
    /// The legacy 'kern' table, read by FreeType.
    case kernTable
    /// The font has no kerning.
    case none

    public var description: String {
        switch self {
        case .gpos(let script, let lookups): return "GPOS 'kern' (script \(script), lookups \(lookups))"
        case .kernTable: return "legacy 'kern' table"
        case .none: return "none"
        }
    }
}

/// The kerning data of a face, read at load time.
struct KerningData: Sendable {
    let gpos: GPOSKerning?
    let hasKernTable: Bool

    var source: KerningSource {
        if let gpos { return .gpos(script: gpos.script, lookups: gpos.lookupIndices) }
        return hasKernTable ? .kernTable : .none
    }
}

extension Font {
    /// Per-glyph position adjustments (design units) for a run of glyph ids.
    public func kerningAdjustments(for glyphs: [UInt32]) -> [PositionAdjustment] {
        let kerning = face.info.kerning
        if let gpos = kerning.gpos { return gpos.adjustments(for: glyphs.map { Int($0) }) }
        var result = [PositionAdjustment](repeating: .zero, count: glyphs.count)
        guard kerning.hasKernTable, glyphs.count > 1 else { return result }
        face.state.withLock { state in
            for i in 0..<(glyphs.count - 1) {
                var vector = FT_Vector()
                let error = FT_Get_Kerning(state.face, FT_UInt(glyphs[i]), FT_UInt(glyphs[i + 1]),
                                           FT_UInt(FT_KERNING_UNSCALED.rawValue), &vector)
                if error == 0 { result[i].xAdvance += Int(vector.x) }
            }
        }
        return result
    }

    /// How far kerning moves `right` when it follows `left` (points; negative = closer):
    /// the first glyph's x-advance adjustment plus the second's x-placement. Zero when either
    /// character has no glyph.
    public func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Double {
        guard let first = glyphIndex(for: left), let second = glyphIndex(for: right) else { return 0 }
        let values = kerningAdjustments(for: [first, second])
        return Double(values[0].xAdvance + values[1].xPlacement) * scale
    }
}
