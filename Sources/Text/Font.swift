// Font.swift — a font face loaded with FreeType, at a size in points.
//
// Units and conventions:
//   * Everything FreeType returns here is *unscaled*: glyphs are loaded with FT_LOAD_NO_SCALE
//     (which implies no hinting) and FT_Set_Char_Size is never called, so outlines, advances,
//     metrics and kerning are exact design units (font units, `unitsPerEm` per em).
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
// Ownership and threads: a `FreeTypeFace` owns one FT_Library and one FT_Face (FreeType requires
// a face not to be used from two threads at once) plus the glyph cache, all behind one Mutex;
// deinit calls FT_Done_Face and FT_Done_FreeType. `Font` is that face at a size, so it is
// Sendable and `withSize` shares the face and cache. Everything read once at load time (names,
// metrics, GPOS kerning) is immutable.

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
    /// Which kerning data `layout` applies.
    public var kerningSource: KerningSource { face.info.kerning.source }
    /// Four-character tags of the font's SFNT tables ("CFF ", "GPOS", …), empty for non-SFNT fonts.
    public var tableTags: [String] { face.info.tableTags }

    /// The glyph for `scalar` in the Unicode charmap, nil if the font has none.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32? {
        let index = face.state.withLock { FT_Get_Char_Index($0.face, FT_ULong(scalar.value)) }
        return index == 0 ? nil : UInt32(index)
    }

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

    /// The raw bytes of SFNT table `tag` (e.g. "OS/2", "GPOS"), nil if the font has none.
    public func tableData(_ tag: String) -> [UInt8]? {
        face.state.withLock { FreeTypeFace.sfntTable($0.face, tag) }
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
    var kerning: KerningData
    var tableTags: [String]
}

/// One FT_Library + FT_Face and the glyph cache, behind a Mutex (FreeType faces are not
/// thread-safe). Freed in deinit.
final class FreeTypeFace: Sendable {
    struct State {
        let library: FT_Library
        let face: FT_Face
        var glyphs: [UInt32: Glyph] = [:]
    }

    let state: Mutex<State>
    let info: FaceInfo

    /// `readGPOS: false` leaves GPOS unread (tests use it to exercise the legacy 'kern' path).
    init(path: String, faceIndex: Int, readGPOS: Bool = true) throws(FontError) {
        try Self.checkReadable(path)
        var libraryPointer: FT_Library?
        let initError = FT_Init_FreeType(&libraryPointer)
        guard initError == 0, let library = libraryPointer else {
            throw FontError.freeType("FT_Init_FreeType", initError, path: nil)
        }
        var facePointer: FT_Face?
        let openError = FT_New_Face(library, path, FT_Long(faceIndex), &facePointer)
        guard openError == 0, let face = facePointer else {
            FT_Done_FreeType(library)
            throw Self.openError(openError, path: path, faceIndex: faceIndex)
        }
        switch Self.describe(face, path: path, faceIndex: faceIndex, readGPOS: readGPOS) {
        case .success(let info):
            self.info = info
            state = Mutex(State(library: library, face: face))
        case .failure(let error):
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

    /// Distinguishes "missing" and "unreadable" before FreeType turns both into one error code.
    private static func checkReadable(_ path: String) throws(FontError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        if status.st_mode & S_IFMT == S_IFDIR { throw .unreadable(path: path, reason: "is a directory") }
        guard access(path, R_OK) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    private static func openError(_ code: FT_Error, path: String, faceIndex: Int) -> FontError {
        switch Int(code) {
        case Int(FT_Err_Unknown_File_Format), Int(FT_Err_Invalid_File_Format):
            return .notAFont(path: path, reason: FontError.freeTypeMessage(code))
        case Int(FT_Err_Invalid_Argument) where faceIndex != 0:
            return .notAFont(path: path, reason: "the file has no face \(faceIndex)")
        case Int(FT_Err_Cannot_Open_Resource):
            return .unreadable(path: path, reason: FontError.freeTypeMessage(code))
        default:
            return .freeType("FT_New_Face", code, path: path)
        }
    }

    /// Reads names, metrics and kerning data of a freshly opened face.
    private static func describe(_ face: FT_Face, path: String, faceIndex: Int,
                                 readGPOS: Bool) -> Result<FaceInfo, FontError> {
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
        let gpos = readGPOS && tags.contains("GPOS") ? sfntTable(face, "GPOS") : nil
        let gdef = tags.contains("GDEF") ? sfntTable(face, "GDEF") : nil
        let kerning = KerningData(gpos: gpos.flatMap { GPOSKerning(gpos: $0, gdef: gdef) },
                                  hasKernTable: flags & FT_Long(FT_FACE_FLAG_KERNING) != 0)

        let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        let postScript = FT_Get_Postscript_Name(face).map { String(cString: $0) }
        let format = FT_Get_Font_Format(face).map { String(cString: $0) } ?? "unknown"
        return .success(FaceInfo(path: path, faceIndex: faceIndex, familyName: family, styleName: style,
                                 postScriptName: postScript, format: format,
                                 glyphCount: Int(face.pointee.num_glyphs), designMetrics: metrics,
                                 kerning: kerning, tableTags: tags))
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

    /// The raw bytes of SFNT table `tag`, nil when absent.
    static func sfntTable(_ face: FT_Face, _ tag: String) -> [UInt8]? {
        let code = tag.utf8.reduce(FT_ULong(0)) { $0 << 8 | FT_ULong($1) }
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, code, 0, nil, &length) == 0, length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let error = bytes.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, code, 0, $0.baseAddress, &length) }
        return error == 0 ? bytes : nil
    }
}
