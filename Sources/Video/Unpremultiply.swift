// Unpremultiply.swift — premultiplied RGBA8 (the canvas: colour ≤ alpha) → straight RGBA8.
//
// Every format that stores alpha (PNG, APNG, WebP, GIF's matte step, yuva420p, yuva444p10le)
// stores *straight* colour: the colour a pixel has before it is weighed by its coverage. For a
// premultiplied sample c' = c·a/255 (rounded) with alpha a:
//
//     c = round(c' · 255 / a) = ⌊(c' · 255 + ⌊a/2⌋) / a⌋,  clamped to 255;   c = 0 where a = 0
//
// (a fully transparent pixel has no colour; 0 is what libswscale and every encoder expect). With
// a = 255 the division is the identity, so opaque pixels are copied.
//
// The fast kernel takes the exact quotient from a 64 KiB table Q[a][c'] (built once from the
// formula above: a multiply by a per-alpha reciprocal is off by one for some pairs), and
// handles runs of 8 pixels that are all
// opaque or all transparent as one vector copy / clear (most of a frame). `unpremultiplyScalar`
// is the reference, one sample at a time; the tests compare the two over every (c', a) pair and
// over random frames.

/// Quotient table: `table[a << 8 | c]` = straight value of premultiplied c at alpha a.
let unpremultiplyTable: [UInt8] = {
    var t = [UInt8](repeating: 0, count: 256 * 256)
    for a in 1..<256 {
        for c in 0..<256 {
            t[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a))
        }
    }
    return t
}()

/// Reference: one sample at a time with the exact division. `swapRB` writes B, G, R, A (bgra).
func unpremultiplyScalar(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, count: Int, swapRB: Bool = false) {
    for i in 0..<count {
        let p = src + 4 * i, q = dst + 4 * i
        let a = Int(p[3])
        func straight(_ c: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + a / 2) / a)) }
        let r = straight(p[0]), g = straight(p[1]), b = straight(p[2])
        q[0] = swapRB ? b : r
        q[1] = g
        q[2] = swapRB ? r : b
        q[3] = p[3]
    }
}

/// The fast kernel (same bytes as `unpremultiplyScalar`): runs of 8 opaque or 8 transparent
/// pixels are one copy / clear (their alphas tested with four 64-bit ANDs / ORs), other pixels
/// take the quotient table.
func unpremultiplyFast(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, count: Int, swapRB: Bool = false) {
    unpremultiplyTable.withUnsafeBufferPointer { table in
        let t = table.baseAddress!
        let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        var i = 0
        while i + 8 <= count {
            let a = s.loadUnaligned(fromByteOffset: 4 * i, as: UInt64.self), b = s.loadUnaligned(fromByteOffset: 4 * i + 8, as: UInt64.self)
            let c = s.loadUnaligned(fromByteOffset: 4 * i + 16, as: UInt64.self), e = s.loadUnaligned(fromByteOffset: 4 * i + 24, as: UInt64.self)
            if (a & b & c & e & alphas) == alphas {
                if swapRB {
                    d.storeBytes(of: swapRedBlue(a), toByteOffset: 4 * i, as: UInt64.self)
                    d.storeBytes(of: swapRedBlue(b), toByteOffset: 4 * i + 8, as: UInt64.self)
                    d.storeBytes(of: swapRedBlue(c), toByteOffset: 4 * i + 16, as: UInt64.self)
                    d.storeBytes(of: swapRedBlue(e), toByteOffset: 4 * i + 24, as: UInt64.self)
                } else {
                    d.storeBytes(of: a, toByteOffset: 4 * i, as: UInt64.self); d.storeBytes(of: b, toByteOffset: 4 * i + 8, as: UInt64.self)
                    d.storeBytes(of: c, toByteOffset: 4 * i + 16, as: UInt64.self); d.storeBytes(of: e, toByteOffset: 4 * i + 24, as: UInt64.self)
                }
            } else if ((a | b | c | e) & alphas) == 0 {
                for k in 0..<4 { d.storeBytes(of: UInt64(0), toByteOffset: 4 * i + 8 * k, as: UInt64.self) }
            } else {
                for k in i..<i + 8 { unpremultiplyPixel(src + 4 * k, dst + 4 * k, t, swapRB) }
            }
            i += 8
        }
        while i < count {
            unpremultiplyPixel(src + 4 * i, dst + 4 * i, t, swapRB)
            i += 1
        }
    }
}

@inline(__always)
private func unpremultiplyPixel(_ p: UnsafePointer<UInt8>, _ q: UnsafeMutablePointer<UInt8>,
                                _ t: UnsafePointer<UInt8>, _ swapRB: Bool) {
    let a = Int(p[3]) << 8
    let r = t[a | Int(p[0])], g = t[a | Int(p[1])], b = t[a | Int(p[2])]
    q[0] = swapRB ? b : r
    q[1] = g
    q[2] = swapRB ? r : b
    q[3] = p[3]
}

@inline(__always)
private func swapRedBlue(_ v: UInt64) -> UInt64 {
    (v & 0xFF00_FF00_FF00_FF00) | ((v >> 16) & 0x0000_00FF_0000_00FF) | ((v & 0x0000_00FF_0000_00FF) << 16)
}
