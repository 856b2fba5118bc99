// Color.swift — colour values at the two ends of the pipeline.
//
// Colour pipeline (docs/ANIMATIONS.md §1.2): colours are sRGB, gamma-encoded, straight
// (non-premultiplied) alpha, components in [0, 1]; compositing is source-over in gamma space;
// 8-bit output is round(v·255).
//
// * `RGBA` is the user-facing straight-alpha colour (Double components).
// * `PremultipliedRGBA8` is a canvas pixel: bytes R, G, B, A in memory order, colour channels
//   premultiplied by alpha. A straight colour becomes
//
//       alpha8 = round(a·255),  channel8 = round(c·a·255)      (round half away from zero)
//
//   so channel8 ≤ alpha8 always holds, and an opaque colour keeps its exact 8-bit values
//   (round(c·255)).

/// A straight-alpha, gamma-encoded sRGB colour; components are clamped to [0, 1] (NaN → 0).
public struct RGBA: Equatable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = RGBA.clamp01(r)
        self.g = RGBA.clamp01(g)
        self.b = RGBA.clamp01(b)
        self.a = RGBA.clamp01(a)
    }

    /// Parses `#RRGGBB`, `#RRGGBBAA`, `RRGGBB` or `RRGGBBAA` (hex digits in either case).
    /// Reads the UTF-8 bytes into one integer: no allocation (scenes and benches parse colours
    /// per frame).
    public init?(hex: String) {
        var value: UInt32 = 0
        var digits = 0
        var first = true
        for byte in hex.utf8 {
            defer { first = false }
            if first && byte == UInt8(ascii: "#") { continue }
            guard digits < 8, let nibble = RGBA.hexValue(byte) else { return nil }
            value = value << 4 | UInt32(nibble)
            digits += 1
        }
        guard digits == 6 || digits == 8 else { return nil }
        if digits == 6 { value = value << 8 | 0xFF }
        self.init(r: Double(value >> 24) / 255, g: Double(value >> 16 & 0xFF) / 255,
                  b: Double(value >> 8 & 0xFF) / 255, a: Double(value & 0xFF) / 255)
    }

    /// `#RRGGBB` for opaque colours, `#RRGGBBAA` otherwise (upper-case, round(v·255)).
    public var hexString: String {
        let values = a == 1 ? [r, g, b] : [r, g, b, a]
        let hexDigits = Array("0123456789ABCDEF")
        var text = "#"
        for value in values {
            let byte = RGBA.byte(value)
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 15)])
        }
        return text
    }

    /// The same colour with alpha multiplied by `opacity` (clamped to [0, 1]).
    public func withOpacity(_ opacity: Double) -> RGBA {
        RGBA(r: r, g: g, b: b, a: a * RGBA.clamp01(opacity))
    }

    public static let white = RGBA(r: 1, g: 1, b: 1, a: 1)
    public static let black = RGBA(r: 0, g: 0, b: 0, a: 1)
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// round(v·255) for v in [0, 1].
    static func byte(_ value: Double) -> UInt8 {
        PremultipliedRGBA8.round255(value)
    }

    static func clamp01(_ value: Double) -> Double {
        // `!(value > 0)` also catches NaN.
        if !(value > 0) { return 0 }
        return value < 1 ? value : 1
    }

    private static func hexValue(_ ascii: UInt8) -> UInt8? {
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return ascii - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return ascii - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return ascii - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// A canvas pixel: premultiplied, gamma-encoded sRGB, bytes R, G, B, A in memory order.
public struct PremultipliedRGBA8: Equatable, Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Premultiplies a straight colour: channel = round(c·a·255), alpha = round(a·255).
    public init(_ color: RGBA) {
        let a = color.a
        self.init(r: PremultipliedRGBA8.round255(color.r * a), g: PremultipliedRGBA8.round255(color.g * a),
                  b: PremultipliedRGBA8.round255(color.b * a), a: PremultipliedRGBA8.round255(a))
    }

    public static let transparent = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)

    public var isOpaque: Bool { a == 255 }

    /// The straight-alpha bytes: channel = round(p·255/a) (0 when a = 0); opaque pixels are
    /// returned unchanged.
    public var straight: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        switch a {
        case 255: return (r, g, b, 255)
        case 0: return (0, 0, 0, 0)
        default:
            let alpha = UInt32(a)
            @inline(__always) func unpremultiply(_ c: UInt8) -> UInt8 {
                UInt8(Swift.min(255, (UInt32(c) * 255 + alpha / 2) / alpha))
            }
            return (unpremultiply(r), unpremultiply(g), unpremultiply(b), a)
        }
    }

    /// round(v·255) with v clamped to [0, 1].
    @inline(__always)
    static func round255(_ v: Double) -> UInt8 {
        UInt8((RGBA.clamp01(v) * 255).rounded())
    }
}
