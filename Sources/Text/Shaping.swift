// Shaping.swift — one run of text (one font, one script, one direction) shaped by HarfBuzz.
//
// The whole line's scalars go into the buffer as context (hb_buffer_add_codepoints with an
// item offset and length), so contextual features see the neighbours of a run; clusters are
// indices into the line's scalar array. HarfBuzz applies the font's OpenType layout with its
// default features for the script (ccmp, locl, rlig, calt, liga, clig, kern, mark, mkmk, …),
// plus or minus `features` ("kern=0", "liga=0", "tnum", "ss01" …, hb_feature_from_string's
// syntax). Output, per glyph, in the font's design units (ShapingFace: scale = unitsPerEm):
//
//   glyph id, cluster (the first scalar it stands for), x/y advance, x/y offset;
//   the pen moves by the advances, the glyph is drawn at pen + offset (y up, as in OpenType).
//
// Glyphs come in visual order: for a right-to-left run HarfBuzz returns them reversed.
//
// The language is fixed (BCP 47 "und" unless given), never the process locale, so the same
// text shapes the same on every machine (locale-dependent forms such as Turkish or Serbian
// need `language`).

import CHarfBuzz

/// An OpenType feature setting for shaping, in HarfBuzz's syntax: "kern=0", "liga=0", "tnum",
/// "ss01", "+smcp", "aalt=2".
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    let value: hb_feature_t

    /// nil when HarfBuzz cannot parse `setting`.
    public init?(_ setting: String) {
        var feature = hb_feature_t()
        let bytes = Array(setting.utf8)
        guard !bytes.isEmpty, bytes.withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { hb_feature_from_string($0.baseAddress, Int32($0.count), &feature) }
        }) != 0 else { return nil }
        description = setting
        value = feature
    }

    /// Pair kerning (and any other 'kern' feature lookups) off.
    public static let noKerning = FontFeature("kern=0")!

    public static func == (a: FontFeature, b: FontFeature) -> Bool { a.description == b.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

/// The direction a run is set in.
public enum TextDirection: Sendable, Equatable {
    case leftToRight
    case rightToLeft
}

/// One glyph as HarfBuzz placed it, in design units of its font (y up).
public struct ShapedGlyph: Sendable, Equatable {
    public var glyphID: UInt32
    /// Index in the line's Unicode scalars of the first scalar this glyph's cluster stands for.
    public var cluster: Int
    public var xAdvance: Int
    public var yAdvance: Int
    public var xOffset: Int
    public var yOffset: Int
}

/// The script of a scalar (Unicode Script property, HarfBuzz's tables).
func script(of scalar: Unicode.Scalar) -> hb_script_t {
    hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
}

/// Scripts that take the script of their neighbours (spaces, digits, punctuation, marks).
func isNeutral(_ script: hb_script_t) -> Bool {
    script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
}

/// The horizontal direction of a (non-neutral) script.
func direction(of script: hb_script_t) -> TextDirection {
    hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL ? .rightToLeft : .leftToRight
}

extension Font {
    /// Shapes `scalars[range]` (the rest of `scalars` is context) in `script` and `direction`.
    func shape(_ scalars: [Unicode.Scalar], range: Range<Int>, script: hb_script_t, direction: TextDirection,
               features: [FontFeature], language: String) -> [ShapedGlyph] {
        guard !range.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        let codepoints = scalars.map(\.value)
        codepoints.withUnsafeBufferPointer {
            hb_buffer_add_codepoints(buffer, $0.baseAddress, Int32($0.count), UInt32(range.lowerBound),
                                     Int32(range.count))
        }
        hb_buffer_set_direction(buffer, direction == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if !isNeutral(script) { hb_buffer_set_script(buffer, script) }
        hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        hb_buffer_guess_segment_properties(buffer)
        let settings = features.map(\.value)
        settings.withUnsafeBufferPointer { hb_shape(face.shaping.font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(glyphID: infos[i].codepoint, cluster: Int(infos[i].cluster),
                        xAdvance: Int(positions[i].x_advance), yAdvance: Int(positions[i].y_advance),
                        xOffset: Int(positions[i].x_offset), yOffset: Int(positions[i].y_offset))
        }
    }

    /// Shapes `text` with this font alone (no fallback), left to right unless its script is
    /// right-to-left. For the whole pipeline — fallback fonts, warnings, outlines — use `layout`.
    public func shape(_ text: String, features: [FontFeature] = [], language: String = "und") -> [ShapedGlyph] {
        let scalars = Array(text.unicodeScalars)
        let first = scalars.map(Text.script(of:)).first { !isNeutral($0) } ?? HB_SCRIPT_COMMON
        return shape(scalars, range: 0..<scalars.count, script: first,
                     direction: isNeutral(first) ? .leftToRight : direction(of: first),
                     features: features, language: language)
    }

    /// The glyph's advance from the font's metrics, before any positioning feature (design units).
    public func nominalAdvance(_ glyph: UInt32) -> Int { face.shaping.nominalAdvance(glyph) }
}
