// BoxPasses.swift — the three box passes of GaussianBlur.swift along one direction, as a scalar
// reference (one line of bytes at a time) and as a SIMD kernel running 32 lines side by side.
//
// One box pass of extents (l, r) over a line of n values v[0…n−1] (the blur's header):
//
//     S_i    = Σ_{k=i−l}^{i+r} v[k]          v[k] = 0 beyond the line (`.transparent`), or the
//                                            nearest end value v[0] / v[n−1] (`.extend`)
//     out[i] = (S_i·m + 2¹⁵) >> 16,          m = round(2¹⁶/D), D = l + r + 1
//
// as a running sum S_i = S_{i−1} + v[i+r] − v[i−l−1], each pass's output (8 bits) the next
// pass's input. Both kernels do exactly these integer operations in the same order, so their
// results are byte-identical (kernel audit "blur.mask", "blur.rgba").
//
// SIMD layout ("bundle"): 32 lines interleaved, position i of line j at byte 32·i + j, so the
// value of all 32 lines at one position is one 32-byte load; the running sums are two
// SIMD16<UInt16> (even and odd lines: 255·D ≤ 30 855 < 2¹⁶, `boxPass`). The line is padded on both sides by P = max(l + 1, r)
// positions holding zeros or the end values (rewritten before each pass), so the loop has no
// edge tests. The three passes ping-pong between two padded lines A → B → A → B.

@_spi(Internals) import Geometry

extension GaussianBlur {
    /// The (l, r) extents of box pass `pass` ∈ 0…2 for width d (the blur's header): d odd, three
    /// centred boxes; d even, one reaching a pixel further left, one further right, one of d + 1.
    @inline(__always) static func box(_ d: Int, pass: Int) -> (l: Int, r: Int) {
        let h = d / 2
        if d % 2 == 1 { return (h, h) }
        switch pass {
        case 0: return (h, h - 1)
        case 1: return (h - 1, h)
        default: return (h, h)
        }
    }

    /// The padding a bundle line needs for width d: max(l + 1, r) over the three passes.
    static func bundlePad(_ d: Int) -> Int { d / 2 + 1 }

    /// m = round(2¹⁶/D).
    @inline(__always) static func reciprocal(_ l: Int, _ r: Int) -> UInt32 {
        let D = UInt32(l + r + 1)
        return (65536 + D / 2) / D
    }

    /// Reference: one box pass over `count` bytes at `stride`, in place (`scratch` holds a copy).
    static func boxLine(_ base: UnsafeMutablePointer<UInt8>, count n: Int, stride: Int, l: Int, r: Int, extend: Bool,
                        scratch: UnsafeMutablePointer<UInt8>) {
        for i in 0..<n { scratch[i] = base[i * stride] }
        @inline(__always) func value(_ k: Int) -> UInt32 {
            if k >= 0 && k < n { return UInt32(scratch[k]) }
            return extend ? UInt32(scratch[k < 0 ? 0 : n - 1]) : 0
        }
        let m = reciprocal(l, r)
        var sum: UInt32 = 0
        for k in (-1 - l)..<r { sum &+= value(k) }
        for i in 0..<n {
            sum &+= value(i + r)
            sum &-= value(i - l - 1)
            base[i * stride] = UInt8(truncatingIfNeeded: (sum &* m &+ 32768) &>> 16)
        }
    }
}

/// Two padded bundle lines (the header's SIMD layout) kept between calls: grown, never shrunk.
final class BoxBundle {
    typealias Lanes = SIMD32<UInt8>
    static let lanes = 32

    private let storage = ZeroedBuffer<UInt8>()
    private(set) var count = 0
    private(set) var pad = 0

    /// Makes room for `count` positions padded by `pad` on each side.
    func prepare(count: Int, pad: Int) {
        self.count = count
        self.pad = pad
        storage.ensureCapacity(2 * (count + 2 * pad) * BoxBundle.lanes)
    }

    /// Position 0 of line A (filled by the caller before `run`).
    var a: UnsafeMutablePointer<UInt8> { storage.base + pad * BoxBundle.lanes }
    private var b: UnsafeMutablePointer<UInt8> { storage.base + (count + 3 * pad) * BoxBundle.lanes }

    /// The three passes of width d over line A; returns the line holding the result.
    func run(d: Int, extend: Bool) -> UnsafeMutablePointer<UInt8> {
        var source = a, target = b
        for pass in 0..<3 {
            let (l, r) = GaussianBlur.box(d, pass: pass)
            fillPads(source, extend: extend)
            BoxBundle.boxPass(source, into: target, count: count, l: l, r: r)
            swap(&source, &target)
        }
        return source
    }

    /// Writes the pads of `line`: zeros, or copies of positions 0 and count − 1.
    private func fillPads(_ line: UnsafeMutablePointer<UInt8>, extend: Bool) {
        let first = extend ? load(line, 0) : Lanes(repeating: 0)
        let last = extend ? load(line, count - 1) : Lanes(repeating: 0)
        for k in 1...pad {
            store(first, line, -k)
            store(last, line, count - 1 + k)
        }
    }

    @inline(__always) private func load(_ line: UnsafeMutablePointer<UInt8>, _ i: Int) -> Lanes {
        UnsafeRawPointer(line + BoxBundle.lanes * i).loadUnaligned(as: Lanes.self)
    }

    @inline(__always) private func store(_ v: Lanes, _ line: UnsafeMutablePointer<UInt8>, _ i: Int) {
        UnsafeMutableRawPointer(line + BoxBundle.lanes * i).storeBytes(of: v, as: Lanes.self)
    }

    /// One box pass (the header) over 32 interleaved lines, `source` (padded) → `target`. The 32
    /// bytes are read as 16 UInt16 lanes, even bytes (& 0xFF) and odd bytes (>> 8) summed apart —
    /// 16-bit sums hold 255·D ≤ 30 855 (D ≤ 121 at σ 60) — and the products S·m are taken in
    /// UInt32 lanes of the same registers (low and high halves): only bit casts, no widening
    /// conversions (Swift's generic ones are outlined calls, one lane at a time).
    static func boxPass(_ source: UnsafeMutablePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, count n: Int,
                        l: Int, r: Int) {
        typealias Half = SIMD16<UInt16>
        typealias Words = SIMD8<UInt32>
        @inline(__always) func load(_ i: Int) -> Half {
            UnsafeRawPointer(source + lanes * i).loadUnaligned(as: Half.self)
        }
        let m = Words(repeating: GaussianBlur.reciprocal(l, r)), half = Words(repeating: 32768)
        @inline(__always) func divide(_ s: Half) -> Half {
            let w = unsafeBitCast(s, to: Words.self)
            let low = ((w & 0xFFFF) &* m &+ half) &>> 16, high = ((w &>> 16) &* m &+ half) &>> 16
            return unsafeBitCast(low | (high &<< 16), to: Half.self)
        }
        var even = Half(repeating: 0), odd = Half(repeating: 0)
        for k in (-1 - l)..<r {
            let v = load(k)
            even &+= v & 0xFF
            odd &+= v &>> 8
        }
        for i in 0..<n {
            let a = load(i + r), s = load(i - l - 1)
            even = even &+ (a & 0xFF) &- (s & 0xFF)
            odd = odd &+ (a &>> 8) &- (s &>> 8)
            let out = divide(even) | (divide(odd) &<< 8)
            UnsafeMutableRawPointer(target + lanes * i).storeBytes(of: out, as: Half.self)
        }
    }
}
