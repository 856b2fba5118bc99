// Font.swift — a font face loaded with FreeType, at a size in points.
//
// Units and conventions:
//   * Everything FreeType returns here is *unscaled*: glyphs are loaded with FT_LOAD_NO_SCALE
//     (which implies no hinting) and FT_Set_Char_Size is never called, so outlines, advances,
//     and metrics are exact design units (font units, `unitsPerEm` per em); HarfBuzz shapes at
//     a scale of unitsPerEm, so its positions are design units too (ShapingFace.swift).
//   * Conversion to points happens in Double: points = units · size / unitsPerEm (`scale`).
//     Nothing is rounded to the 26.6 grid or to pixels; device scaling is the caller's
//     transform.
//   * Vertical metrics come from the OS/2 typo values when the font sets USE_TYPO_METRICS
//     (fsSelection bit 7, as Inter does), else from 'hhea' (as Core Text and FreeType do), else
//     from FreeType's face fields for non-SFNT fonts. `FontMetrics` gives them in points as
//     positive distances: ascender above and descender below the baseline.
//   * capHeight / xHeight: OS/2 sCapHeight / sxHeight (table version ≥ 2), else measured as the
//     top of the outline of 'H' / 'x'.
//
// Loading: the file is read into memory by `FontFile.read` (regular files only, size-capped,
// never blocking — see FontFile.swift), then FreeType opens the bytes (FT_New_Memory_Face) for
// outlines and metrics and HarfBuzz opens the same bytes (hb_face_create) for shaping. The
// font must be one HarfBuzz can shape (OpenType/TrueType, with the same glyph count FreeType
// sees); anything else is `.unshapeable`, not a line laid out without its OpenType layout.
//
// Ownership and threads: a `FreeTypeFace` owns the bytes, one FT_Library and one FT_Face
// (FreeType requires a face not to be used from two threads at once) plus the glyph cache, all
// behind one Mutex, and the immutable HarfBuzz face and font (`ShapingFace`, safe to shape with
// from any thread); deinit releases HarfBuzz, then FreeType, then the bytes. `Font` is that face
// at a size, so it is Sendable and `withSize` shares the face and cache. Everything read once at
// load time (names, metrics) is immutable.

import CFreeType
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the vertical metrics were read from.
public enum VerticalMetricsSource: String, Sendable {
    case os2Typo = "OS/2 typo metrics (USE_TYPO_METRICS)"
    case hhea = "hhea"
    case os2TypoFallback = "OS/2 typo metrics (hhea is empty)"
    case freeType = "FreeType face fields"
}

/// Where the cap height (and x-height) came from.
public enum CapHeightSource: String, Sendable {
    case os2 = "OS/2 sCapHeight"
    case measured = "measured from the glyph outline"
    case unavailable = "unavailable"
}

/// Vertical metrics in design units, signs as stored in the font (descender negative).
public struct DesignMetrics: Equatable, Sendable {
    public var unitsPerEm: Int
    public var ascender: Int
    public var descender: Int
    public var lineGap: Int
    public var capHeight: Int
    public var xHeight: Int
    public var verticalSource: VerticalMetricsSource
    public var capHeightSource: CapHeightSource
}

/// Vertical metrics in points at the font's size. Ascender, descender, capHeight and xHeight
/// are positive distances from the baseline (ascender/cap/x up, descender down).
public struct FontMetrics: Equatable, Sendable {
    public var size: Double
    public var ascender: Double
    public var descender: Double
    public var lineGap: Double
    public var capHeight: Double
    public var xHeight: Double
    /// ascender + descender + lineGap.
    public var lineHeight: Double { ascender + descender + lineGap }

    public init(_ design: DesignMetrics, size: Double) {
        let scale = size / Double(design.unitsPerEm)
        self.size = size
        ascender = Double(design.ascender) * scale
        descender = Double(-design.descender) * scale
        lineGap = Double(design.lineGap) * scale
        capHeight = Double(design.capHeight) * scale
        xHeight = Double(design.xHeight) * scale
    }
}

/// A font face at a size in points. See the file header for units and thread safety.
public final class Font: Sendable {
    let face: FreeTypeFace
    /// The size in points (the em is `size` points).
    public let size: Double
    /// Vertical metrics in points at `size`.
    public let metrics: FontMetrics

    /// Loads face `faceIndex` of the font file at `path`, at `size` points.
    public convenience init(path: String, size: Double, faceIndex: Int = 0) throws(FontError) {
        guard size.isFinite, size > 0 else { throw .invalidSize(size) }
        self.init(face: try FreeTypeFace(path: path, faceIndex: faceIndex), size: size)
    }

    /// Loads face `faceIndex` of a font held in memory (an embedded font: a Lottie data URI, a
    /// dotLottie's fonts/ entry), at `size` points. `name` stands for the file in messages.
    /// The same cap as for files applies (`FontFile.maxBytes`).
    public convenience init(bytes: [UInt8], name: String, size: Double, faceIndex: Int = 0) throws(FontError) {
        guard size.isFinite, size > 0 else { throw .invalidSize(size) }
        self.init(face: try FreeTypeFace(bytes: FontFile.copy(bytes, name: name), path: name, faceIndex: faceIndex),
                  size: size)
    }

    /// Locates `family` / `style` with fontconfig (no substitutes, see `locate`) and loads it.
    public convenience init(family: String, style: String, size: Double) throws(FontError) {
        guard size.isFinite, size > 0 else { throw .invalidSize(size) }
        let found = try Font.match(family: family, style: style)
        try self.init(path: found.path, size: size, faceIndex: found.faceIndex)
    }

    init(face: FreeTypeFace, size: Double) {
        self.face = face
        self.size = size
        metrics = FontMetrics(face.info.designMetrics, size: size)
    }

    /// The same face at another size (shares the FreeType face and glyph cache).
    public func withSize(_ size: Double) throws(FontError) -> Font {
        guard size.isFinite, size > 0 else { throw .invalidSize(size) }
        return Font(face: face, size: size)
    }

    public var path: String { face.info.path }
    public var faceIndex: Int { face.info.faceIndex }
    /// Family name from the font ("Inter").
    public var familyName: String { face.info.familyName }
    /// Style name from the font ("Bold").
    public var styleName: String { face.info.styleName }
    public var postScriptName: String? { face.info.postScriptName }
    /// FreeType's name for the outline format: "CFF", "TrueType", "Type 1", …
    public var format: String { face.info.format }
    public var unitsPerEm: Int { face.info.designMetrics.unitsPerEm }
    public var glyphCount: Int { face.info.glyphCount }
    /// Vertical metrics in design units.
    public var designMetrics: DesignMetrics { face.info.designMetrics }
    /// Points per design unit: size / unitsPerEm.
    public var scale: Double { size / Double(unitsPerEm) }
    /// Four-character tags of the font's SFNT tables ("CFF ", "GPOS", …), as FreeType lists them.
    public var tableTags: [String] { face.info.tableTags }

    /// The glyph for `scalar` in the Unicode charmap, nil if the font has none.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32? {
        face.shaping.nominalGlyph(scalar)
    }

    /// Whether the font maps `scalar` to a glyph.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != nil }

    /// The outline and advance of glyph `id` in design units (cached per face).
    public func glyph(_ id: UInt32) throws(FontError) -> Glyph {
        let path = face.info.path
        let result: Result<Glyph, FontError> = face.state.withLock { state in
            if let cached = state.glyphs[id] { return .success(cached) }
            let loaded = GlyphLoader.load(state.face, id: id, path: path)
            if case .success(let glyph) = loaded { state.glyphs[id] = glyph }
            return loaded
        }
        return try result.get()
    }
}

/// Everything read from a face once, at load time.
struct FaceInfo: Sendable {
    var path: String
    var faceIndex: Int
    var familyName: String
    var styleName: String
    var postScriptName: String?
    var format: String
    var glyphCount: Int
    var designMetrics: DesignMetrics
    var tableTags: [String]
    /// Weight, slant and width of the face (OS/2, FreeType flags), for choosing fallback fonts alike.
    var appearance: FontAppearance
}

/// The font bytes, one FT_Library + FT_Face and the glyph cache behind a Mutex (FreeType faces
/// are not thread-safe), and the HarfBuzz face for shaping. Freed in deinit.
final class FreeTypeFace: Sendable {
    struct State {
        let library: FT_Library
        let face: FT_Face
        var glyphs: [UInt32: Glyph] = [:]
    }

    let state: Mutex<State>
    let info: FaceInfo
    let shaping: ShapingFace
    /// The file's bytes; FreeType and HarfBuzz read them in place, so they outlive both.
    private let bytes: FontBytes

    convenience init(path: String, faceIndex: Int) throws(FontError) {
        try self.init(bytes: FontFile.read(path), path: path, faceIndex: faceIndex)
    }

    /// Opens `bytes` (which the face keeps); `path` names them in messages and `Font.path`.
    init(bytes: FontBytes, path: String, faceIndex: Int) throws(FontError) {
        var libraryPointer: FT_Library?
        let initError = FT_Init_FreeType(&libraryPointer)
        guard initError == 0, let library = libraryPointer else {
            throw FontError.freeType("FT_Init_FreeType", initError, path: nil)
        }
        var facePointer: FT_Face?
        let openError = FT_New_Memory_Face(library, bytes.base.assumingMemoryBound(to: FT_Byte.self),
                                           FT_Long(bytes.count), FT_Long(faceIndex), &facePointer)
        guard openError == 0, let face = facePointer else {
            FT_Done_FreeType(library)
            throw Self.openError(openError, path: path, faceIndex: faceIndex)
        }
        let described = Self.describe(face, path: path, faceIndex: faceIndex)
        let shaping = described.flatMap { info in
            ShapingFace.make(bytes: bytes, faceIndex: faceIndex, glyphCount: info.glyphCount, path: path,
                             format: info.format, isSFNT: face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0)
        }
        switch (described, shaping) {
        case (.success(let info), .success(let shaping)):
            self.info = info
            self.shaping = shaping
            self.bytes = bytes
            state = Mutex(State(library: library, face: face))
        case (.failure(let error), _), (_, .failure(let error)):
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw error
        }
    }

    deinit {
        state.withLock { state in
            FT_Done_Face(state.face)
            FT_Done_FreeType(state.library)
        }
    }

    /// FT_New_Memory_Face's failure as a one-line error: anything but running out of memory
    /// means the bytes are not a font FreeType can read.
    private static func openError(_ code: FT_Error, path: String, faceIndex: Int) -> FontError {
        switch Int(code) {
        case Int(FT_Err_Out_Of_Memory):
            return .freeType("FT_New_Memory_Face", code, path: path)
        case Int(FT_Err_Invalid_Argument) where faceIndex != 0:
            return .notAFont(path: path, reason: "the file has no face \(faceIndex)")
        default:
            return .notAFont(path: path, reason: FontError.freeTypeMessage(code))
        }
    }

    /// Reads names and metrics of a freshly opened face.
    private static func describe(_ face: FT_Face, path: String, faceIndex: Int) -> Result<FaceInfo, FontError> {
        let flags = face.pointee.face_flags
        guard flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else { return .failure(.notScalable(path: path)) }
        guard FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 else {
            return .failure(.noUnicodeCharmap(path: path))
        }
        let unitsPerEm = Int(face.pointee.units_per_EM)
        guard unitsPerEm > 0 else { return .failure(.notAFont(path: path, reason: "units per em is 0")) }

        var metrics = verticalMetrics(face, unitsPerEm: unitsPerEm)
        if metrics.capHeightSource != .os2 {
            // Measure: the top of 'H' (and 'x'); outlines are y-down, so the top is -minY.
            func top(_ scalar: Unicode.Scalar) -> Int? {
                let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
                guard index != 0, case .success(let glyph) = GlyphLoader.load(face, id: UInt32(index), path: path),
                      let bounds = glyph.bounds else { return nil }
                return Int((-bounds.minY).rounded())
            }
            if let capHeight = top("H") {
                metrics.capHeight = capHeight
                metrics.capHeightSource = .measured
            }
            metrics.xHeight = top("x") ?? 0
        }

        let tags = tableTags(face)
        let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        let postScript = FT_Get_Postscript_Name(face).map { String(cString: $0) }
        let format = FT_Get_Font_Format(face).map { String(cString: $0) } ?? "unknown"
        return .success(FaceInfo(path: path, faceIndex: faceIndex, familyName: family, styleName: style,
                                 postScriptName: postScript, format: format,
                                 glyphCount: Int(face.pointee.num_glyphs), designMetrics: metrics,
                                 tableTags: tags, appearance: FontAppearance(face, path: path, index: faceIndex)))
    }

    /// Ascender/descender/line gap per the policy in the file header; cap/x height from OS/2.
    private static func verticalMetrics(_ face: FT_Face, unitsPerEm: Int) -> DesignMetrics {
        var metrics = DesignMetrics(unitsPerEm: unitsPerEm, ascender: Int(face.pointee.ascender),
                                    descender: Int(face.pointee.descender),
                                    lineGap: max(0, Int(face.pointee.height) - Int(face.pointee.ascender)
                                        + Int(face.pointee.descender)),
                                    capHeight: 0, xHeight: 0, verticalSource: .freeType,
                                    capHeightSource: .unavailable)
        var os2: TT_OS2?
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let value = table.assumingMemoryBound(to: TT_OS2.self).pointee
            if value.version != 0xFFFF { os2 = value }
        }
        var hhea: TT_HoriHeader?
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) {
            hhea = table.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        }
        func useTypo(_ os2: TT_OS2, _ source: VerticalMetricsSource) {
            metrics.ascender = Int(os2.sTypoAscender)
            metrics.descender = Int(os2.sTypoDescender)
            metrics.lineGap = Int(os2.sTypoLineGap)
            metrics.verticalSource = source
        }
        if let os2, os2.fsSelection & (1 << 7) != 0 {
            useTypo(os2, .os2Typo)
        } else if let hhea, hhea.Ascender != 0 || hhea.Descender != 0 {
            metrics.ascender = Int(hhea.Ascender)
            metrics.descender = Int(hhea.Descender)
            metrics.lineGap = Int(hhea.Line_Gap)
            metrics.verticalSource = .hhea
        } else if let os2 {
            useTypo(os2, .os2TypoFallback)
        }
        if let os2, os2.version >= 2, os2.sCapHeight > 0 {
            metrics.capHeight = Int(os2.sCapHeight)
            metrics.xHeight = Int(os2.sxHeight)
            metrics.capHeightSource = .os2
        }
        return metrics
    }

    /// The SFNT table tags of the face, in directory order.
    private static func tableTags(_ face: FT_Face) -> [String] {
        var tags: [String] = []
        var index: FT_UInt = 0
        while true {
            var tag: FT_ULong = 0
            var length: FT_ULong = 0
            guard FT_Sfnt_Table_Info(face, index, &tag, &length) == 0 else { break }
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (24 - 8 * $0)) }
            tags.append(String(decoding: bytes, as: UTF8.self))
            index += 1
        }
        return tags
    }
}
