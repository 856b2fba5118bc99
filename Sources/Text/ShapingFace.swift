// ShapingFace.swift — a font's HarfBuzz face and font, for shaping.
//
// The face is made from the same bytes FreeType reads (hb_blob_create, read-only, no copy);
// the font uses HarfBuzz's own OpenType functions (hb_font_create's default: cmap, hmtx/vmtx,
// GSUB/GPOS/GDEF/kerx/morx all parsed by HarfBuzz) at scale = unitsPerEm in both axes, so every
// position HarfBuzz returns is in design units, the same units as FreeType's unscaled outlines
// and advances. Both objects are made immutable once set up; HarfBuzz documents immutable faces
// and fonts as safe to use from several threads at once (each shaping call has its own buffer).
//
// A font HarfBuzz cannot read — not SFNT (Type 1, PFR: FreeType says so), WOFF/WOFF2 (FreeType
// decodes them, HarfBuzz 6 does not), or damaged so that the two libraries see different glyph
// counts — is `.unshapeable` rather than a line shaped without the font's layout tables.

import CHarfBuzz

final class ShapingFace: @unchecked Sendable {
    let face: OpaquePointer
    let font: OpaquePointer
    let unitsPerEm: Int
    /// Kept alive for as long as HarfBuzz reads it.
    private let bytes: FontBytes

    private init(face: OpaquePointer, font: OpaquePointer, unitsPerEm: Int, bytes: FontBytes) {
        self.face = face
        self.font = font
        self.unitsPerEm = unitsPerEm
        self.bytes = bytes
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    static func make(bytes: FontBytes, faceIndex: Int, glyphCount: Int, path: String,
                     format: String, isSFNT: Bool) -> Result<ShapingFace, FontError> {
        guard isSFNT else {
            return .failure(.unshapeable(path: path, reason: "it is a \(format) font (not OpenType or TrueType); use an .otf, .ttf or .ttc font"))
        }
        let blob = hb_blob_create(bytes.base.assumingMemoryBound(to: CChar.self), UInt32(bytes.count),
                                  HB_MEMORY_MODE_READONLY, nil, nil)
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(faceIndex)) else {
            return .failure(.unshapeable(path: path, reason: "HarfBuzz cannot open face \(faceIndex)"))
        }
        let shapedCount = Int(hb_face_get_glyph_count(face))
        guard shapedCount == glyphCount, glyphCount > 0 else {
            hb_face_destroy(face)
            let what = isWOFF(bytes) ? "it is a WOFF/WOFF2 web font; use the .otf or .ttf it was made from"
                : "HarfBuzz reads \(shapedCount) glyphs where FreeType reads \(glyphCount) (a damaged font)"
            return .failure(.unshapeable(path: path, reason: what))
        }
        hb_face_make_immutable(face)
        let upem = Int(hb_face_get_upem(face))
        guard let font = hb_font_create(face) else {
            hb_face_destroy(face)
            return .failure(.unshapeable(path: path, reason: "HarfBuzz cannot create a font object"))
        }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        return .success(ShapingFace(face: face, font: font, unitsPerEm: upem, bytes: bytes))
    }

    /// Whether the bytes start with a WOFF ("wOFF") or WOFF2 ("wOF2") signature.
    private static func isWOFF(_ bytes: FontBytes) -> Bool {
        guard bytes.count >= 4 else { return false }
        let tag = (0..<4).map { bytes.base.load(fromByteOffset: $0, as: UInt8.self) }
        return tag == Array("wOFF".utf8) || tag == Array("wOF2".utf8)
    }

    /// The cmap glyph of `scalar`, nil when the font has none.
    func nominalGlyph(_ scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0, glyph != 0 else { return nil }
        return glyph
    }

    /// The glyph's advance from 'hmtx' (design units), before any positioning feature.
    func nominalAdvance(_ glyph: UInt32) -> Int {
        Int(hb_font_get_glyph_h_advance(font, glyph))
    }
}
