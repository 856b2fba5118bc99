// ColorFilter.swift — colour matrices (hue rotation) on colours and on premultiplied pixels.
//
// A colour matrix acts on a **straight (un-premultiplied), gamma-encoded** colour with components
// in [0, 1] (docs/ANIMATIONS.md §2.5, SVG feColorMatrix, SwiftUI `ColorMatrix` layout):
//
//     | R' |   | r1 r2 r3 r4 r5 |   | R |
//     | G' |   | g1 g2 g3 g4 g5 |   | G |
//     | B' | = | b1 b2 b3 b4 b5 | · | B |        then each of R', G', B', A' is clamped to [0, 1]
//     | A' |   | a1 a2 a3 a4 a5 |   | A |
//                                    | 1 |
//
// Hue rotation by h degrees (§2.5, the SVG hue-rotate matrix with Rec.709 luma weights exactly as
// printed there), c = cos h, s = sin h, alpha row (0, 0, 0, 1, 0), no offsets:
//
//     R' = (0.2126 + 0.7873c − 0.2126s)·R + (0.7152 − 0.7152c − 0.7152s)·G + (0.0722 − 0.0722c + 0.9278s)·B
//     G' = (0.2126 − 0.2126c + 0.1430s)·R + (0.7152 + 0.2848c + 0.1400s)·G + (0.0722 − 0.0722c − 0.2830s)·B
//     B' = (0.2126 − 0.2126c − 0.7873s)·R + (0.7152 − 0.7152c + 0.7152s)·G + (0.0722 + 0.9278c + 0.0722s)·B
//
// Check values: h = 90° gives the first row (0, 0, 1); red at 270° → #6C12FF; #005FFF at 180° →
// #AD4E00. Each row sums to 1 (to 0.9999 for the 0.7873 entries), so greys stay grey.
//
// On premultiplied pixels. A matrix whose colour rows do not read alpha or add offsets
// (r4 = r5 = g4 = g5 = b4 = b5 = 0) and whose alpha row is (0, 0, 0, 1, 0) — hue rotation is one
// — is linear in the colour and leaves α alone, so for a premultiplied pixel P = α·C:
//
//     M·P = α·(M·C)   and   clamp(M·P, 0, α) = α·clamp(M·C, 0, 1)
//
// i.e. filtering the premultiplied pixel and clamping each channel to [0, α] is *exactly* the
// same as un-premultiplying, filtering, clamping to [0, 1] and premultiplying again — without the
// division, so it is also the more precise way on 8-bit pixels. The layer kernels below do that
// in Float: c' = round(clamp(m_c1·r + m_c2·g + m_c3·b, 0, a)), 8 pixels per step in SIMD8<Float>
// lanes (one lane per pixel, channels unpacked with shifts and masks), the scalar kernel doing
// the same Float operations, so the two are byte-identical. Other matrices go through the
// general path: un-premultiply (C = P/α in Double), apply, clamp, premultiply (round half away).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 4×5 colour matrix on straight, gamma-encoded RGBA (see the file header for the layout).
public struct ColorMatrix: Equatable, Sendable {
    public var r1: Double = 1, r2: Double = 0, r3: Double = 0, r4: Double = 0, r5: Double = 0
    public var g1: Double = 0, g2: Double = 1, g3: Double = 0, g4: Double = 0, g5: Double = 0
    public var b1: Double = 0, b2: Double = 0, b3: Double = 1, b4: Double = 0, b5: Double = 0
    public var a1: Double = 0, a2: Double = 0, a3: Double = 0, a4: Double = 1, a5: Double = 0

    /// The identity matrix.
    public init() {}

    /// A matrix from its four rows of five values (R, G, B, A coefficients, then the offset).
    public init(rows: [[Double]]) {
        precondition(rows.count == 4 && rows.allSatisfy { $0.count == 5 }, "a colour matrix has 4 rows of 5 values")
        (r1, r2, r3, r4, r5) = (rows[0][0], rows[0][1], rows[0][2], rows[0][3], rows[0][4])
        (g1, g2, g3, g4, g5) = (rows[1][0], rows[1][1], rows[1][2], rows[1][3], rows[1][4])
        (b1, b2, b3, b4, b5) = (rows[2][0], rows[2][1], rows[2][2], rows[2][3], rows[2][4])
        (a1, a2, a3, a4, a5) = (rows[3][0], rows[3][1], rows[3][2], rows[3][3], rows[3][4])
    }

    public static let identity = ColorMatrix()

    /// The hue-rotation matrix of docs/ANIMATIONS.md §2.5 (SVG hue-rotate, Rec.709 weights).
    public static func hueRotation(degrees: Double) -> ColorMatrix {
        let radians = degrees * Double.pi / 180
        let c = cos(radians), s = sin(radians)
        // Set field by field (no row arrays: this runs once per frame for animated hues).
        var m = ColorMatrix()
        (m.r1, m.r2, m.r3) = (0.2126 + 0.7873 * c - 0.2126 * s, 0.7152 - 0.7152 * c - 0.7152 * s, 0.0722 - 0.0722 * c + 0.9278 * s)
        (m.g1, m.g2, m.g3) = (0.2126 - 0.2126 * c + 0.1430 * s, 0.7152 + 0.2848 * c + 0.1400 * s, 0.0722 - 0.0722 * c - 0.2830 * s)
        (m.b1, m.b2, m.b3) = (0.2126 - 0.2126 * c - 0.7873 * s, 0.7152 - 0.7152 * c + 0.7152 * s, 0.0722 + 0.9278 * c + 0.0722 * s)
        return m
    }

    /// Row k (0 = R, 1 = G, 2 = B, 3 = A), column j (0…3 the R, G, B, A coefficients, 4 the offset).
    @inline(__always)
    func coefficient(row k: Int, column j: Int) -> Double {
        switch (k, j) {
        case (0, 0): r1
        case (0, 1): r2
        case (0, 2): r3
        case (0, 3): r4
        case (0, _): r5
        case (1, 0): g1
        case (1, 1): g2
        case (1, 2): g3
        case (1, 3): g4
        case (1, _): g5
        case (2, 0): b1
        case (2, 1): b2
        case (2, 2): b3
        case (2, 3): b4
        case (2, _): b5
        case (_, 0): a1
        case (_, 1): a2
        case (_, 2): a3
        case (_, 3): a4
        default: a5
        }
    }

    public var rows: [[Double]] {
        [[r1, r2, r3, r4, r5], [g1, g2, g3, g4, g5], [b1, b2, b3, b4, b5], [a1, a2, a3, a4, a5]]
    }

    /// True when the matrix commutes with premultiplication (colour rows read only R, G, B and
    /// add no offset; alpha passes through), so it can run on premultiplied pixels.
    public var isPremultipliedLinear: Bool {
        r4 == 0 && r5 == 0 && g4 == 0 && g5 == 0 && b4 == 0 && b5 == 0
            && a1 == 0 && a2 == 0 && a3 == 0 && a4 == 1 && a5 == 0
    }

    /// M·(R, G, B, A, 1) with every result clamped to [0, 1].
    public func apply(to color: RGBA) -> RGBA {
        let (r, g, b, a) = (color.r, color.g, color.b, color.a)
        return RGBA(r: r1 * r + r2 * g + r3 * b + r4 * a + r5,
                    g: g1 * r + g2 * g + g3 * b + g4 * a + g5,
                    b: b1 * r + b2 * g + b3 * b + b4 * a + b5,
                    a: a1 * r + a2 * g + a3 * b + a4 * a + a5)
    }
}

/// A colour filter: a colour matrix applied to straight colours, results clamped to [0, 1].
/// Folded into a gradient's colour table (free per pixel) or applied to a layer (Layer.swift).
public struct ColorFilter: Equatable, Sendable {
    public var matrix: ColorMatrix

    public init(matrix: ColorMatrix) {
        self.matrix = matrix
    }

    /// SwiftUI `hueRotation(_:)` / CSS `hue-rotate()`: the §2.5 matrix, alpha unchanged.
    public static func hueRotation(degrees: Double) -> ColorFilter {
        ColorFilter(matrix: .hueRotation(degrees: degrees))
    }

    /// A general colour matrix.
    public static func colorMatrix(_ matrix: ColorMatrix) -> ColorFilter {
        ColorFilter(matrix: matrix)
    }

    /// The filtered straight colour.
    public func apply(to color: RGBA) -> RGBA {
        matrix.apply(to: color)
    }
}

// MARK: - Pixel kernels (layers)

/// A colour filter prepared for premultiplied RGBA8 pixels.
struct PixelColorFilter {
    let filter: ColorFilter
    /// Row-major 3×3 colour part as Float, used when `filter.matrix.isPremultipliedLinear`.
    let m: (Float, Float, Float, Float, Float, Float, Float, Float, Float)
    let premultipliedLinear: Bool

    init(_ filter: ColorFilter) {
        self.filter = filter
        let x = filter.matrix
        m = (Float(x.r1), Float(x.r2), Float(x.r3), Float(x.g1), Float(x.g2), Float(x.g3),
             Float(x.b1), Float(x.b2), Float(x.b3))
        premultipliedLinear = x.isPremultipliedLinear
    }

    /// Writes the filtered `source[0..<count]` to `destination[0..<count]`.
    func apply(_ source: UnsafePointer<PremultipliedRGBA8>, into destination: UnsafeMutablePointer<PremultipliedRGBA8>,
               count: Int, kernels: RasterKernels) {
        guard premultipliedLinear else {
            for i in 0..<count { destination[i] = general(source[i]) }
            return
        }
        switch kernels {
        case .scalar:
            for i in 0..<count { destination[i] = premultiplied(source[i]) }
        case .simd:
            var i = 0
            while i &+ 8 <= count {
                let words = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD8<UInt32>.self)
                // Transparent stays transparent: skip the math for empty blocks (most of a layer).
                let filtered = words == .zero ? words : premultiplied(words)
                UnsafeMutableRawPointer(destination + i).storeBytes(of: filtered, as: SIMD8<UInt32>.self)
                i &+= 8
            }
            while i < count {
                destination[i] = premultiplied(source[i])
                i &+= 1
            }
        }
    }

    /// The premultiplied-domain filter on one pixel (scalar reference of the 8-lane version).
    @inline(__always)
    func premultiplied(_ p: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        let r = Float(p.r), g = Float(p.g), b = Float(p.b), a = Float(p.a)
        @inline(__always) func channel(_ x: Float) -> UInt8 {
            var c = x > 0 ? x : 0  // also maps NaN to 0
            c = c > a ? a : c
            return UInt8(truncatingIfNeeded: LaneMath.roundedIndex(c))
        }
        return PremultipliedRGBA8(r: channel(m.0 * r + m.1 * g + m.2 * b),
                                  g: channel(m.3 * r + m.4 * g + m.5 * b),
                                  b: channel(m.6 * r + m.7 * g + m.8 * b),
                                  a: p.a)
    }

    /// The premultiplied-domain filter on 8 pixels, one per lane (bytes R, G, B, A little-endian).
    @inline(__always)
    func premultiplied(_ words: SIMD8<UInt32>) -> SIMD8<UInt32> {
        @inline(__always) func float(_ v: SIMD8<UInt32>) -> SIMD8<Float> {
            SIMD8<Float>(unsafeBitCast(v, to: SIMD8<Int32>.self))
        }
        let r = float(words & 0xFF), g = float((words &>> 8) & 0xFF)
        let b = float((words &>> 16) & 0xFF), a = float(words &>> 24)
        @inline(__always) func channel(_ x: SIMD8<Float>) -> SIMD8<UInt32> {
            var c = x.replacing(with: 0, where: .!(x .> 0))
            c = c.replacing(with: a, where: c .> a)
            return LaneMath.roundedIndex(c)
        }
        let red = channel(m.0 * r + m.1 * g + m.2 * b)
        let green = channel(m.3 * r + m.4 * g + m.5 * b)
        let blue = channel(m.6 * r + m.7 * g + m.8 * b)
        return red | (green &<< 8) | (blue &<< 16) | (words & 0xFF00_0000)
    }

    /// Any matrix: un-premultiply, apply, clamp to [0, 1], premultiply (round half away from zero).
    func general(_ p: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        let color: RGBA
        if p.a == 0 {
            color = .clear
        } else {
            let a = Double(p.a)
            color = RGBA(r: Double(p.r) / a, g: Double(p.g) / a, b: Double(p.b) / a, a: a / 255)
        }
        return PremultipliedRGBA8(filter.apply(to: color))
    }
}
