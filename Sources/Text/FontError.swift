// FontError.swift — everything that can go wrong when finding or loading a font.
//
// Each case renders as one line that names what was asked for (the path, or the family and
// style) and what happened, so a CLI can print `error: \(error)` and be done. FreeType failures
// carry the numeric error code and its text (FreeType's own FT_Error_String when the library was
// built with error strings, else the table generated from fterrdef.h in CFreeType/shim.h).

import CFreeType

/// Why a font could not be located or loaded.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at `path`.
    case fileNotFound(path: String)
    /// `path` exists but cannot be opened for reading (permissions, a symlink loop).
    case unreadable(path: String, reason: String)
    /// `path` (after following symlinks) is not a regular file: `kind` says what it is
    /// ("a FIFO (named pipe)", "a character device", "a directory" …). Refused before opening.
    case notRegularFile(path: String, kind: String)
    /// The file is larger than `limit` bytes (`FontFile.maxBytes`); refused before reading.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// FreeType reads the file but HarfBuzz cannot shape it: `reason` says whether the format
    /// is not OpenType/TrueType (Type 1, WOFF …) or the two libraries disagree (a damaged file).
    case unshapeable(path: String, reason: String)
    /// FreeType does not recognise the file as a font (or the face index does not exist).
    case notAFont(path: String, reason: String)
    /// The font has no scalable outlines (a bitmap-only font); glyphs could not become paths.
    case notScalable(path: String)
    /// The font has no Unicode character map, so text cannot be mapped to glyphs.
    case noUnicodeCharmap(path: String)
    /// The point size is not a positive finite number.
    case invalidSize(Double)
    /// No installed font has `family`; `substitute` is what fontconfig's best match would have
    /// been instead (family, style and file), if anything.
    case familyNotFound(family: String, style: String, substitute: String?)
    /// fontconfig knows `family` but not in `style`; `available` lists the installed styles.
    case styleNotFound(family: String, style: String, available: [String])
    /// fontconfig itself failed (no configuration, or a match without a file).
    case fontconfig(String)
    /// A FreeType call returned an error. `path` is the font file, when one is involved.
    case freeType(function: String, code: Int32, message: String, path: String?)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "font file not found: \(path)"
        case .unreadable(let path, let reason):
            return "cannot read font file \(path): \(reason)"
        case .notRegularFile(let path, let kind):
            return "font file \(path) is \(kind); only regular files (or symlinks to them) are read as fonts"
        case .tooLarge(let path, let bytes, let limit):
            return "font file \(path) is \(bytes) bytes; the limit is \(limit) bytes (\(limit >> 20) MiB)"
        case .unshapeable(let path, let reason):
            return "font file \(path) cannot be shaped with HarfBuzz: \(reason)"
        case .notAFont(let path, let reason):
            return "not a font file: \(path) (\(reason))"
        case .notScalable(let path):
            return "font has no scalable outlines (bitmap-only font): \(path)"
        case .noUnicodeCharmap(let path):
            return "font has no Unicode character map: \(path)"
        case .invalidSize(let size):
            return "invalid font size \(size) pt (must be a positive finite number)"
        case .familyNotFound(let family, let style, let substitute):
            let offer = substitute.map { "; fontconfig offered \($0) instead" } ?? ""
            return "font family \"\(family)\" (style \"\(style)\") not installed\(offer) — pass --font PATH"
        case .styleNotFound(let family, let style, let available):
            return "font \"\(family)\" has no style \"\(style)\" (installed: \(available.joined(separator: ", ")))"
                + " — pass --font PATH"
        case .fontconfig(let message):
            return "fontconfig: \(message)"
        case .freeType(let function, let code, let message, let path):
            let file = path.map { " for \($0)" } ?? ""
            return "FreeType \(function) failed\(file): error 0x\(String(code, radix: 16)) (\(message))"
        }
    }

    /// The text of FreeType error `code` ("unknown error" when neither source knows it).
    static func freeTypeMessage(_ code: FT_Error) -> String {
        if let text = FT_Error_String(code) ?? animexport_ft_error_string(code) {
            return String(cString: text)
        }
        return "unknown error"
    }

    /// A `.freeType` error for `code` returned by `function`.
    static func freeType(_ function: String, _ code: FT_Error, path: String?) -> FontError {
        .freeType(function: function, code: code, message: freeTypeMessage(code), path: path)
    }
}
